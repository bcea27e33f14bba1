"""Como a lei verifica a condição de cada grupo (`<grupo>.verificacao`): os grupos que a comissão
de heteroidentificação verifica e os verificados por análise documental; e as regras da comissão
(`cotas.motor.comissao`: a decisão pela regra da lei, a composição, o recurso), que a web
aplica aos fatos que registra."""

from __future__ import annotations

from cotas.motor.comissao import (
    Integrante,
    conferir_composicao,
    conferir_recurso,
    decidir_verificacao,
    problemas_da_composicao,
    regra_em_palavras,
)
from cotas.motor.erros import ErroCotas
from cotas.motor.regras import RegraGrupo, Regras

__all__ = [
    "VERIFICACAO_COMISSAO",
    "VERIFICACAO_DOCUMENTAL",
    "Integrante",
    "conferir_composicao",
    "conferir_recurso",
    "decidir_verificacao",
    "grupo_da_comissao",
    "grupos_da_comissao",
    "grupos_documentais",
    "problemas_da_composicao",
    "regra_em_palavras",
]

VERIFICACAO_COMISSAO = "heteroidentificacao"
VERIFICACAO_DOCUMENTAL = "documental"


def grupos_da_comissao(regras: Regras) -> tuple[RegraGrupo, ...]:
    """Os grupos da lei que a comissão de heteroidentificação verifica (os demais grupos
    verificados o são por análise documental, registrada pelo RH)."""
    return tuple(g for g in regras.grupos_da_lei if g.verificacao == VERIFICACAO_COMISSAO)


def grupos_documentais(regras: Regras) -> tuple[RegraGrupo, ...]:
    return tuple(g for g in regras.grupos_da_lei if g.verificacao == VERIFICACAO_DOCUMENTAL)


def grupo_da_comissao(regras: Regras) -> RegraGrupo | None:
    """O grupo que a comissão verifica (as sessões, convocações e pareceres são dele); None se
    a lei não verifica grupo algum por comissão. Uma lei com dois grupos verificados por
    comissão pede sessões por grupo: recusada com a mensagem, até existir."""
    grupos = grupos_da_comissao(regras)
    if len(grupos) > 1:
        raise ErroCotas(
            f"{regras.lei.titulo} verifica por comissão {len(grupos)} grupos "
            f"({', '.join(g.rotulo for g in grupos)}); a aplicação web mantém, por enquanto, "
            "sessões da comissão de um grupo só. Use a linha de comando (cotas apurar)."
        )
    return grupos[0] if grupos else None
