from django.db.models import QuerySet

from .models import Registro


def historico_do_certame(*, certame_id: int) -> QuerySet[Registro]:
    return (
        Registro.objects.filter(certame_id=certame_id)
        .select_related("usuario")
        .order_by("quando", "id")
    )


def quem_fez(registro: Registro) -> str:
    """Quem fez o ato, pelo nome: o que o registro guarda (nome e login, desde que o registro
    guarda o nome); nos registros mais antigos, só com o login, o nome atual da conta ao lado."""
    guardado = registro.usuario_nome
    usuario = registro.usuario
    if usuario is not None and guardado == usuario.get_username():
        nome = usuario.get_full_name().strip()
        if nome and nome != guardado:
            return f"{nome} ({guardado})"
    return guardado


def registros_do_sistema(*, limite: int = 200) -> list[Registro]:
    """Os registros sem certame (usuários, papéis, identidade do órgão), os mais recentes
    primeiro."""
    return list(
        Registro.objects.filter(certame__isnull=True)
        .select_related("usuario")
        .order_by("-id")[:limite]
    )
