import json
from dataclasses import dataclass
from datetime import datetime

from django.db.models import Max, QuerySet
from django.utils import timezone

from .models import Registro


def versao_do_certame(certame_id: int) -> int:
    """A versão do certame, a mesma em todo lugar (documentos, textos, API, arquivos, consulta):
    o último registro dos atos e fatos dele. A publicação de um arquivo não muda a versão
    (`Registro.objects.que_mudam_o_certame`): se mudasse, dois arquivos da mesma versão diriam
    números diferentes."""
    return (
        Registro.objects.que_mudam_o_certame()
        .filter(certame_id=certame_id)
        .aggregate(v=Max("id"))["v"]
        or 0
    )


def versao_geral() -> int:
    """A versão da lista de certames: o último registro dos atos e fatos de todos."""
    return Registro.objects.que_mudam_o_certame().aggregate(v=Max("id"))["v"] or 0


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


@dataclass(frozen=True)
class Cabeca:
    """A cabeça da cadeia de um certame, publicada com a data em que foi lida: quem a copia
    detecta depois uma reescrita (`verificar_auditoria --cabecas`, com a linha de `jsonl`)."""

    certame_id: int
    ultimo_id: int
    ultimo_hash: str
    registros: int
    ultimo_em: datetime
    lida_em: datetime

    def jsonl(self) -> str:
        """A linha no formato de `exportar_cabecas_auditoria` (o que `--cabecas` confere)."""
        return json.dumps(
            {
                "certame": self.certame_id,
                "ultimo_id": self.ultimo_id,
                "ultimo_hash": self.ultimo_hash,
                "registros": self.registros,
                "data": self.lida_em.isoformat(timespec="seconds"),
            },
            ensure_ascii=False,
        )


def cabeca_publica(*, certame_id: int) -> Cabeca | None:
    """A cabeça atual da cadeia do certame (None se ainda não há registro)."""
    ultimo = (
        Registro.objects.da_cadeia(certame_id)
        .order_by("-id")
        .values_list("id", "hash", "quando")
        .first()
    )
    if ultimo is None:
        return None
    total = Registro.objects.da_cadeia(certame_id).count()
    return Cabeca(certame_id, ultimo[0], ultimo[1], total, ultimo[2], timezone.now())
