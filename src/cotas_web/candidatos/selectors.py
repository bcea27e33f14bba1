from typing import Any

from django.db.models import Q, QuerySet

from cotas.documentos.fonte import CorrecaoPublica

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


# Os valores corrigidos que a página pública mostra (os demais são dados pessoais: só se diz
# que foram corrigidos).
_CORRECAO_PUBLICA = ("nota", "situacao", "classificacao")


def correcoes_publicadas(*, certame: Any) -> tuple[CorrecaoPublica, ...]:
    """As correções depois da homologação, como se publicam ao lado dos atos (nas páginas e nos
    documentos): data, cargo, inscrição, o que mudou e o fundamento
    (docs/INTERPRETACAO.md#atos-publicados)."""
    from .correcoes import campos_corrigiveis
    from .models import Correcao

    rotulos = campos_corrigiveis(certame)
    saida = []
    for c in Correcao.objects.filter(candidato__certame=certame).select_related(
        "candidato", "candidato__cargo"
    ):
        rotulo = rotulos.get(c.campo, c.campo)
        if c.campo in _CORRECAO_PUBLICA:
            mudanca = f"{rotulo.lower()}: {c.anterior or '(vazio)'} → {c.novo or '(vazio)'}"
        else:
            mudanca = f"{rotulo.lower()} corrigido(a)"
        saida.append(
            CorrecaoPublica(
                c.data, c.candidato.cargo.codigo, c.candidato.inscricao, mudanca, c.fundamento
            )
        )
    return tuple(saida)


def correcoes_publicas(*, certame: Any) -> list[dict[str, str]]:
    """As correções publicadas (`correcoes_publicadas`) como textos, para a API."""
    return [
        {
            "data": f"{c.data:%d/%m/%Y}",
            "inscricao": c.inscricao,
            "mudanca": c.mudanca,
            "fundamento": c.fundamento,
        }
        for c in correcoes_publicadas(certame=certame)
    ]
