"""Listas de classificação: a geral e uma por grupo com reserva, para cada cargo.

Desempate: primeiro a idade dos que têm 60 anos ou mais, o mais velho antes (Lei 10.741/2003,
art. 27, parágrafo único); depois os critérios do edital, na ordem. Empate que nada resolve é
erro, com os empatados nomeados: a ordem de linhas do arquivo nunca decide.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import date
from decimal import Decimal
from itertools import pairwise
from typing import Literal

from cotas.motor.candidatos import Candidato, Heteroidentificacao
from cotas.motor.erros import ClassificacaoIncompleta, EmpateNaoResolvido
from cotas.motor.razoes import Razao
from cotas.motor.regras import NEGROS, PCD, REF_IDOSO, REF_IDOSO_IDADE, Regras

IDADE_IDOSO = 60  # Lei 10.741/2003, art. 1º (REF_IDOSO_IDADE)
NEGATIVOS = (
    Heteroidentificacao.NAO_CONFIRMADO,
    Heteroidentificacao.AUSENTE,
    Heteroidentificacao.RECUSOU_FILMAGEM,
    Heteroidentificacao.RECUSOU_PERGUNTAS,
)


@dataclass(frozen=True)
class CriterioDesempate:
    """Critério do edital: uma coluna do arquivo, o maior ou o menor valor primeiro."""

    coluna: str
    sentido: Literal["maior", "menor"] = "maior"


@dataclass
class Listas:
    """As listas de um cargo, em ordem. `observacoes` explica ausências e desempates.

    Em certames grandes as listas são sequências criadas sob demanda (`cotas.motor.lote`):
    leia-as como sequências, sem supor `list`.
    """

    cargo: str
    geral: Sequence[Candidato]
    reservadas: Mapping[str, Sequence[Candidato]]
    pendentes: list[Candidato] = field(default_factory=list)  # aguardam a comissão
    observacoes: Mapping[str, list[Razao]] = field(default_factory=dict)


def idade_em(nascimento: date, dia: date) -> int:
    return dia.year - nascimento.year - ((dia.month, dia.day) < (nascimento.month, nascimento.day))


def _chave(c: Candidato, dia: date, criterios: Sequence[CriterioDesempate]) -> tuple[object, ...]:
    idoso: tuple[int, int]
    if c.data_nascimento is not None and idade_em(c.data_nascimento, dia) >= IDADE_IDOSO:
        idoso = (0, c.data_nascimento.toordinal())
    else:
        idoso = (1, 0)
    extras: list[tuple[int, Decimal]] = []
    for criterio in criterios:
        valor = c.valor_desempate(criterio.coluna)
        if valor is None:
            extras.append((1, Decimal(0)))
        else:
            extras.append((0, -valor if criterio.sentido == "maior" else valor))
    return (-c.nota, idoso, *extras)


def ordenar(
    cargo: str,
    candidatos: Iterable[Candidato],
    data_referencia_idade: date,
    criterios: Sequence[CriterioDesempate] = (),
) -> tuple[list[Candidato], dict[str, list[Razao]]]:
    """Ordena por classificação da banca, se houver, senão por nota e desempates legais."""
    lista = list(candidatos)
    observacoes: dict[str, list[Razao]] = {}
    if lista and all(c.classificacao is not None for c in lista):
        lista.sort(key=lambda c: (c.classificacao, c.inscricao))
        repetidas = _agrupar_iguais(lista, lambda c: c.classificacao)
        if repetidas:
            raise EmpateNaoResolvido(cargo, repetidas)
        return lista, observacoes
    if any(c.classificacao is not None for c in lista):
        raise ClassificacaoIncompleta(cargo)
    chaves = {c.inscricao: _chave(c, data_referencia_idade, criterios) for c in lista}
    lista.sort(key=lambda c: chaves[c.inscricao])
    empates = _agrupar_iguais(lista, lambda c: chaves[c.inscricao])
    if empates:
        raise EmpateNaoResolvido(cargo, empates)
    for anterior, atual in pairwise(lista):
        if anterior.nota == atual.nota:
            razao = _razao_desempate(anterior, atual, chaves, criterios)
            observacoes.setdefault(anterior.inscricao, []).append(razao)
            observacoes.setdefault(atual.inscricao, []).append(razao)
    return lista, observacoes


def _agrupar_iguais(lista: list[Candidato], chave: object) -> list[list[str]]:
    from itertools import groupby

    grupos = []
    for _, iguais in groupby(lista, key=chave):  # type: ignore[call-overload]
        membros = [c.inscricao for c in iguais]
        if len(membros) > 1:
            grupos.append(sorted(membros))
    return grupos


def _razao_desempate(
    a: Candidato,
    b: Candidato,
    chaves: dict[str, tuple[object, ...]],
    criterios: Sequence[CriterioDesempate],
) -> Razao:
    ka, kb = chaves[a.inscricao], chaves[b.inscricao]
    if ka[1] != kb[1]:
        return Razao(
            "desempate_idade",
            f"{a.inscricao} precede {b.inscricao} na mesma nota pela idade: pessoa idosa, a de "
            "idade mais elevada primeiro.",
            (REF_IDOSO, REF_IDOSO_IDADE),
        )
    for i, criterio in enumerate(criterios):
        if ka[2 + i] != kb[2 + i]:
            return Razao(
                "desempate_edital",
                f"{a.inscricao} precede {b.inscricao} na mesma nota pelo critério do edital "
                f"'{criterio.coluna}' ({criterio.sentido} valor primeiro).",
            )
    return Razao("desempate", f"{a.inscricao} precede {b.inscricao}.")


# Condição necessária (não suficiente) de `elegivel_reserva`, por grupo: o campo do candidato sem
# o qual ele nunca entra na lista. A classificação em lote (`cotas.motor.lote`) a usa para não
# criar candidatos que a lista nunca aceitaria; quem decide continua sendo `elegivel_reserva`.
CAMPO_NECESSARIO_RESERVA = {NEGROS: "reserva_negros", PCD: "pcd"}


def elegivel_reserva(grupo: str, c: Candidato, regras: Regras) -> tuple[bool, Razao | None]:
    """Se o candidato aprovado está na lista reservada do grupo, e por quê não, se não está."""
    regra = regras.grupo(grupo)
    if grupo == NEGROS and regra is not None:
        if not c.reserva_negros:
            return False, None
        cores = regra.cores
        if c.cor_raca is None or c.cor_raca.value not in cores:
            return False, Razao(
                "nao_autodeclarado",
                f"{c.inscricao} optou pela reserva sem se autodeclarar preto ou pardo.",
                regra.ref("elegibilidade"),
            )
        if regras.comissao is None:
            return True, None
        h = c.heteroidentificacao
        if h is Heteroidentificacao.CONFIRMADO:
            return True, None
        if h in NEGATIVOS:
            destino = regras.comissao.destino_do_nao_reconhecido
            return False, Razao(
                "comissao_" + (h.value if h else "sem_parecer"),
                f"{c.inscricao}: resultado da heteroidentificação '{h.value if h else ''}'; "
                f"{destino}.",
                tuple(
                    r
                    for chave in ("nao_reconhecido", "recursos")
                    if (r := regras.comissao.referencias.get(chave)) is not None
                ),
            )
        return False, None  # pendente: tratado à parte
    if grupo == PCD and regra is not None:
        return c.pcd, None
    return False, None


def montar_listas(
    regras: Regras,
    cargo: str,
    candidatos: Iterable[Candidato],
    data_referencia_idade: date | None = None,
    criterios: Sequence[CriterioDesempate] = (),
) -> Listas:
    """A lista geral (todos os aprovados) e cada lista reservada, na mesma ordem relativa."""
    dia = data_referencia_idade or regras.data_edital
    aprovados = [c for c in candidatos if c.aprovado]
    geral, observacoes = ordenar(cargo, aprovados, dia, criterios)
    reservadas: dict[str, list[Candidato]] = {g.nome: [] for g in regras.grupos}
    pendentes: list[Candidato] = []
    eliminados: set[str] = set()
    for c in geral:
        for grupo in regras.grupos:
            ok, razao = elegivel_reserva(grupo.nome, c, regras)
            if ok:
                reservadas[grupo.nome].append(c)
            if razao is not None:
                observacoes.setdefault(c.inscricao, []).append(razao)
                if (
                    razao.codigo.startswith("comissao_")
                    and regras.comissao is not None
                    and regras.comissao.nao_reconhecido == "eliminado"
                ):
                    eliminados.add(c.inscricao)
        if (
            regras.comissao is not None
            and c.reserva_negros
            and c.autodeclarado_negro
            and c.heteroidentificacao in (None, Heteroidentificacao.PENDENTE)
        ):
            pendentes.append(c)
    if eliminados:
        geral = [c for c in geral if c.inscricao not in eliminados]
    return Listas(cargo, geral, reservadas, pendentes, observacoes)
