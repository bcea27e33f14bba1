"""Em que lista reservada cada candidato entra: cada regra escrita uma vez, como expressão do
quadro em colunas (`cotas.motor.colunar`), a forma que decide.

Para cada grupo, a situação do candidato nele (`NoGrupo`): fora (não optou), sem o critério da
lei, na lista, não reconhecido pela verificação, ou aguardando a verificação. Daí saem a lista
de cada grupo (com a regra de quem é de vários grupos), quem a comissão elimina e quem aguarda
a verificação. As razões em pt-BR de cada situação são escritas à parte
(`cotas.motor.classificacao`), lendo a situação que estas expressões dão: só explicam, nunca
decidem.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from enum import IntEnum
from fractions import Fraction

import polars as pl

from cotas.motor.elegibilidade import PREFIXO_CAMPO, Elegibilidade
from cotas.motor.glossario import Heteroidentificacao
from cotas.motor.regras import RegraGrupo, Regras

# As colunas de cada grupo da lei no quadro: `reserva:<grupo>` (booleana, optou) e
# `verificacao:<grupo>` (texto ou nulo, o resultado da verificação).
PREFIXO_RESERVA = "reserva:"
PREFIXO_VERIFICACAO = "verificacao:"
# Os resultados da verificação que tiram o candidato da lista do grupo.
NEGATIVOS = (
    Heteroidentificacao.NAO_CONFIRMADO,
    Heteroidentificacao.AUSENTE,
    Heteroidentificacao.RECUSOU_FILMAGEM,
    Heteroidentificacao.RECUSOU_PERGUNTAS,
)


class NoGrupo(IntEnum):
    """A situação de um candidato aprovado num grupo com reserva (no quadro, um inteiro
    pequeno: um milhão de textos custaria mais)."""

    FORA = 0  # não optou pelo grupo (PcD: não concorre às vagas da pessoa com deficiência)
    SEM_CRITERIO = 1  # optou sem cumprir a elegibilidade da lei
    NA_LISTA = 2
    NAO_RECONHECIDO = 3  # a verificação da lei deu um resultado de `NEGATIVOS`
    AGUARDA = 4  # a verificação que a lei exige ainda não veio


def coluna(nome: str) -> str:
    """A coluna da situação do candidato no grupo, no quadro da classificação."""
    return "_no:" + nome


def coluna_da_lista(nome: str) -> str:
    """A coluna booleana: o candidato entra na lista do grupo."""
    return "_lista:" + nome


ELIMINADO = "_eliminado"  # a comissão o elimina do concurso (sai de todas as listas)
AGUARDA = "_aguarda"  # aguarda a verificação de algum grupo da lei (os pendentes)
EM_VARIOS = "_em_varios"  # só na lista do grupo de maior percentual (a razão o explica)


def colunas_que_faltam(colunas: Sequence[str], regras: Regras) -> list[pl.Expr]:
    """As colunas que as regras leem e o quadro não tem (ninguém optou pelo grupo, a lei não o
    verifica, nenhum candidato traz o campo): vazias, como o candidato sem o valor."""
    tipos: dict[str, pl.DataType] = {}
    for g in regras.grupos_da_lei:
        tipos[PREFIXO_RESERVA + g.nome] = pl.Boolean()
        tipos[PREFIXO_VERIFICACAO + g.nome] = pl.String()
    for campo in regras.lei.campos:
        tipos[campo.chave] = pl.Int64() if campo.tipo == "inteiro" else pl.Boolean()
    for g in regras.grupos_da_lei:
        for nome in g.elegibilidade.campos():
            tipos.setdefault(PREFIXO_CAMPO + nome, pl.Int64())
    return [
        pl.lit(False if tipo == pl.Boolean() and nome.startswith(PREFIXO_RESERVA) else None)
        .cast(tipo)
        .alias(nome)
        for nome, tipo in tipos.items()
        if nome not in colunas
    ]


def situacao(regra: RegraGrupo) -> pl.Expr:
    """A situação (`NoGrupo`) de cada candidato no grupo."""
    return _situacao(regra.nome, regra.declaracao is None, regra.elegibilidade, regra.verificado)


# (Montar as expressões custa mais que avaliá-las num certame pequeno: a mesma expressão, que o
# polars não altera, serve a todo certame com o mesmo grupo. A chave do cache são os argumentos:
# a regra só lê o que recebe.)
@functools.lru_cache(maxsize=256)
def _situacao(
    nome: str, do_edital: bool, elegibilidade: Elegibilidade, verificado: bool
) -> pl.Expr:
    if do_edital:  # o grupo do edital (PcD): basta concorrer
        return (
            pl.when(pl.col("pcd").fill_null(False))
            .then(_literal(NoGrupo.NA_LISTA))
            .otherwise(_literal(NoGrupo.FORA))
        )
    casos = [(~pl.col(PREFIXO_RESERVA + nome).fill_null(False), NoGrupo.FORA)]
    if not elegibilidade.sem_criterio:
        casos.append((~elegibilidade.em_colunas(), NoGrupo.SEM_CRITERIO))
    if not verificado:
        return _o_primeiro(casos, NoGrupo.NA_LISTA)
    resultado = pl.col(PREFIXO_VERIFICACAO + nome)
    casos += [
        (resultado == Heteroidentificacao.CONFIRMADO.value, NoGrupo.NA_LISTA),
        (resultado.is_in([h.value for h in NEGATIVOS]), NoGrupo.NAO_RECONHECIDO),
    ]
    return _o_primeiro(casos, NoGrupo.AGUARDA)  # (sem resultado, ou pendente)


def _o_primeiro(casos: list[tuple[pl.Expr, NoGrupo]], senao: NoGrupo) -> pl.Expr:
    """A situação do primeiro caso cuja condição vale (nula não vale); nenhum: `senao`."""
    expr = _literal(senao)
    for condicao, codigo in reversed(casos):
        expr = pl.when(condicao).then(_literal(codigo)).otherwise(expr)
    return expr


def _literal(situacao: NoGrupo) -> pl.Expr:
    return pl.lit(situacao.value, pl.UInt8)


def colunas_das_listas(regras: Regras) -> list[pl.Expr]:
    """Sobre as colunas de situação (`coluna`): a de cada lista (`coluna_da_lista`), quem é
    eliminado, quem aguarda a verificação e quem é só da lista de maior percentual."""
    comissao = regras.comissao
    return list(
        _colunas_das_listas(
            tuple(g.nome for g in regras.grupos),
            tuple((g.nome, g.percentual, g.verificacao) for g in regras.grupos_da_lei),
            regras.candidato_em_varios == "maior_percentual",
            # (só o parecer da comissão elimina; a verificação documental, não)
            None
            if comissao is None
            else tuple(h.value for h in NEGATIVOS if comissao.elimina(h.value)),
        )
    )


@functools.lru_cache(maxsize=256)  # (pelos argumentos, como `_situacao`)
def _colunas_das_listas(
    grupos: tuple[str, ...],
    da_lei: tuple[tuple[str, Fraction, str], ...],  # (nome, percentual, verificação)
    so_no_de_maior_percentual: bool,
    que_eliminam: tuple[str, ...] | None,  # os pareceres que eliminam (None: sem comissão)
) -> tuple[pl.Expr, ...]:
    na = {nome: pl.col(coluna(nome)) == NoGrupo.NA_LISTA.value for nome in grupos}
    em_varios: pl.Expr = pl.lit(False)
    if so_no_de_maior_percentual and len(da_lei) >= 2:
        # Quem é de vários grupos da lei fica só no de maior percentual; no empate, no que a lei
        # declara primeiro.
        preferencia = sorted(da_lei, key=lambda g: -g[1])  # (estável: a ordem da lei)
        for i, (nome, _, _) in enumerate(preferencia):
            antes = [na[h] for h, _, _ in preferencia[:i]]
            if antes:
                na[nome] = na[nome] & ~pl.any_horizontal(antes)
        em_varios = pl.sum_horizontal(
            (pl.col(coluna(nome)) == NoGrupo.NA_LISTA.value).cast(pl.Int32) for nome, _, _ in da_lei
        ).ge(2)
    eliminam: list[pl.Expr] = [pl.lit(False)]
    if que_eliminam is not None:
        eliminam += [
            pl.col(PREFIXO_VERIFICACAO + nome).is_in(list(que_eliminam))
            & (pl.col(coluna(nome)) == NoGrupo.NAO_RECONHECIDO.value)
            for nome, _, verificacao in da_lei
            if verificacao == "heteroidentificacao"
        ]
    eliminado = pl.any_horizontal(eliminam)
    aguarda = pl.any_horizontal(
        [pl.lit(False)] + [pl.col(coluna(nome)) == NoGrupo.AGUARDA.value for nome, _, _ in da_lei]
    )
    return (
        *(expr.alias(coluna_da_lista(nome)) for nome, expr in na.items()),
        eliminado.alias(ELIMINADO),
        aguarda.alias(AGUARDA),
        em_varios.alias(EM_VARIOS),
    )
