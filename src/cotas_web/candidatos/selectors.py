from django.db.models import Q, QuerySet

from .models import Candidato

DIGITOS_DO_CPF = 11


def candidatos_buscar(*, certame_id: int, termo: str = "") -> QuerySet[Candidato]:
    """Busca por nome, inscrição ou CPF inteiro (os 11 dígitos, com ou sem pontuação).

    Nunca por um pedaço do CPF: a lista o mostra mascarado, e buscas por trechos de dígitos
    o recomporiam inteiro em poucas tentativas."""
    qs = Candidato.objects.filter(certame_id=certame_id).select_related("cargo")
    termo = termo.strip()
    if termo:
        digitos = "".join(c for c in termo if c.isdigit())
        filtro = Q(nome__icontains=termo) | Q(inscricao__iexact=termo)
        if len(digitos) == DIGITOS_DO_CPF and _so_cpf(termo):
            filtro |= Q(cpf=digitos)
        qs = qs.filter(filtro)
    return qs


def _so_cpf(termo: str) -> bool:
    """O termo é um CPF escrito (dígitos, pontos, hífen, espaços), não um nome com números."""
    return all(c.isdigit() or c in ".- " for c in termo)
