from django.db.models import Q, QuerySet

from .models import Candidato


def candidatos_buscar(*, certame_id: int, termo: str = "") -> QuerySet[Candidato]:
    """Busca por nome, inscrição ou CPF (com ou sem pontuação)."""
    qs = Candidato.objects.filter(certame_id=certame_id).select_related("cargo")
    termo = termo.strip()
    if termo:
        digitos = "".join(c for c in termo if c.isdigit())
        filtro = Q(nome__icontains=termo) | Q(inscricao__iexact=termo)
        if len(digitos) >= 3:
            filtro |= Q(cpf__contains=digitos)
        qs = qs.filter(filtro)
    return qs
