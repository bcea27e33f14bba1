"""Listas de classificação: a geral e uma por grupo com reserva, para cada cargo.

Desempate: primeiro a idade das pessoas idosas, a mais velha antes (o dispositivo federal
`idoso_desempate`; docs/INTERPRETACAO.md#desempate); depois os critérios do edital, na ordem.
Empate que nada resolve é erro, com os empatados nomeados: a ordem de linhas do arquivo nunca
decide.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import date
from decimal import Decimal
from enum import StrEnum
from itertools import pairwise
from typing import Literal

from cotas.motor.candidatos import Candidato, Heteroidentificacao
from cotas.motor.erros import ClassificacaoIncompleta, EmpateNaoResolvido, EventoInvalido
from cotas.motor.eventos import Evento
from cotas.motor.glossario import CorRaca, no_meio_da_frase, rotulo
from cotas.motor.listas import Inscritos, ListaDeClassificacao, ListaEmMemoria
from cotas.motor.razoes import Razao
from cotas.motor.regras import (
    IDADE_IDOSO,
    PCD,
    REF_IDOSO,
    REF_IDOSO_IDADE,
    RegraGrupo,
    Regras,
)

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

    Em certames grandes as listas são criadas sob demanda (`cotas.motor.colunar`): leia-as como
    sequências (`ListaDeClassificacao`), sem supor `list`.
    """

    cargo: str
    geral: ListaDeClassificacao
    reservadas: Mapping[str, ListaDeClassificacao]
    pendentes: list[Candidato] = field(default_factory=list)  # aguardam a comissão
    observacoes: Mapping[str, list[Razao]] = field(default_factory=dict)


def idade_em(nascimento: date, dia: date) -> int:
    return dia.year - nascimento.year - ((dia.month, dia.day) < (nascimento.month, nascimento.day))


class Valor(StrEnum):
    """O que um componente da chave de classificação compara."""

    NOTA = "nota"
    IDOSO = "idoso"  # 60 anos ou mais no dia de referência (1) ou não (0)
    NASCIMENTO_DO_IDOSO = "nascimento_do_idoso"  # só entre pessoas idosas; as demais, 0
    TEM_CRITERIO = "tem_criterio"  # o critério do edital informado (1) ou vazio (0)
    CRITERIO = "criterio"  # o valor do critério do edital (vazio: 0)


@dataclass(frozen=True)
class Componente:
    """Um componente da chave de classificação: o valor comparado, o sentido e, se é um critério
    do edital, a coluna. `motivo` diz que desempate a diferença nele explica."""

    valor: Valor
    sentido: Literal["maior", "menor"]
    coluna: str = ""

    @property
    def motivo(self) -> Literal["nota", "idade", "edital"]:
        if self.valor is Valor.NOTA:
            return "nota"
        if self.valor in (Valor.IDOSO, Valor.NASCIMENTO_DO_IDOSO):
            return "idade"
        return "edital"


def chave_de_classificacao(
    criterios: Sequence[CriterioDesempate] = (),
) -> tuple[Componente, ...]:
    """A ordem das listas, declarada uma vez (docs/INTERPRETACAO.md#desempate): a nota, maior
    primeiro; na mesma nota, a pessoa idosa, a mais velha antes; depois os critérios do edital,
    na ordem, o informado antes do vazio. Daqui saem a chave em memória (`chave`) e a em colunas
    (`cotas.motor.colunar`)."""
    return (
        Componente(Valor.NOTA, "maior"),
        Componente(Valor.IDOSO, "maior"),
        Componente(Valor.NASCIMENTO_DO_IDOSO, "menor"),
        *(
            componente
            for c in criterios
            for componente in (
                Componente(Valor.TEM_CRITERIO, "maior", c.coluna),
                Componente(Valor.CRITERIO, c.sentido, c.coluna),
            )
        ),
    )


def _valor(componente: Componente, c: Candidato, dia: date) -> int | Decimal:
    """O valor do componente para o candidato, antes do sentido."""
    match componente.valor:
        case Valor.NOTA:
            return c.nota
        case Valor.IDOSO:
            return int(_idoso(c, dia))
        case Valor.NASCIMENTO_DO_IDOSO:
            return c.data_nascimento.toordinal() if c.data_nascimento and _idoso(c, dia) else 0
        case Valor.TEM_CRITERIO:
            return int(c.valor_desempate(componente.coluna) is not None)
        case Valor.CRITERIO:
            return c.valor_desempate(componente.coluna) or Decimal(0)


def _idoso(c: Candidato, dia: date) -> bool:
    return c.data_nascimento is not None and idade_em(c.data_nascimento, dia) >= IDADE_IDOSO


def chave(componentes: Sequence[Componente], c: Candidato, dia: date) -> tuple[int | Decimal, ...]:
    """A chave do candidato para `sorted` (menor primeiro): cada componente no seu sentido."""
    return tuple(
        -v if k.sentido == "maior" else v for k in componentes for v in (_valor(k, c, dia),)
    )


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
            raise EmpateNaoResolvido(cargo, repetidas, REF_IDOSO.citacao())
        return lista, observacoes
    if any(c.classificacao is not None for c in lista):
        raise ClassificacaoIncompleta(cargo)
    componentes = chave_de_classificacao(criterios)
    chaves = {c.inscricao: chave(componentes, c, data_referencia_idade) for c in lista}
    lista.sort(key=lambda c: chaves[c.inscricao])
    empates = _agrupar_iguais(lista, lambda c: chaves[c.inscricao])
    if empates:
        raise EmpateNaoResolvido(cargo, empates, REF_IDOSO.citacao())
    for anterior, atual in pairwise(lista):
        if anterior.nota == atual.nota:
            razao = _razao_desempate(anterior, atual, chaves, componentes)
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
    chaves: dict[str, tuple[int | Decimal, ...]],
    componentes: Sequence[Componente],
) -> Razao:
    """Por que `a` precede `b` na mesma nota: o primeiro componente em que as chaves diferem."""
    ka, kb = chaves[a.inscricao], chaves[b.inscricao]
    k = next((k for k, x, y in zip(componentes, ka, kb, strict=True) if x != y), None)
    if k is not None and k.motivo == "idade":
        return Razao(
            "desempate_idade",
            f"{a.inscricao} precede {b.inscricao} na mesma nota pela idade: pessoa idosa, a de "
            "idade mais elevada primeiro.",
            (REF_IDOSO, REF_IDOSO_IDADE),
        )
    if k is not None and k.motivo == "edital":
        return Razao(
            "desempate_edital",
            f"{a.inscricao} precede {b.inscricao} na mesma nota pelo critério do edital "
            f"'{k.coluna}' ({_sentido_do_criterio(componentes, k.coluna)} valor primeiro).",
        )
    return Razao("desempate", f"{a.inscricao} precede {b.inscricao}.")


def _sentido_do_criterio(componentes: Sequence[Componente], coluna: str) -> str:
    return next(k.sentido for k in componentes if k.valor is Valor.CRITERIO and k.coluna == coluna)


# Condição necessária (não suficiente) de `elegivel_reserva`: quem não optou pelo grupo nunca
# entra na lista dele. A classificação em colunas (`cotas.motor.colunar`) a usa para não criar
# candidatos que a lista nunca aceitaria; quem decide continua sendo `elegivel_reserva`.
def coluna_necessaria(grupo: str) -> str:
    """A coluna booleana do quadro em colunas que diz se o candidato optou pelo grupo."""
    return "pcd" if grupo == PCD else f"reserva:{grupo}"


def aguarda_verificacao(regra: RegraGrupo, c: Candidato) -> bool:
    """Optou, declarou o que o grupo pede e a verificação que a lei exige ainda não veio."""
    return (
        regra.verificado
        and c.optou(regra.nome)
        and regra.elegibilidade.cumpre(c)
        and c.verificacao(regra.nome) in (None, Heteroidentificacao.PENDENTE)
    )


def elegivel_reserva(grupo: str, c: Candidato, regras: Regras) -> tuple[bool, Razao | None]:
    """Se o candidato aprovado está na lista reservada do grupo, e por quê não, se não está."""
    regra = regras.grupo(grupo)
    if regra is None:
        return False, None
    if regra.declaracao is None:  # o grupo do edital (PcD)
        return c.pcd, None
    if not c.optou(grupo):
        return False, None
    if not regra.elegibilidade.cumpre(c):
        return False, _sem_o_criterio(regra, regras, c)
    if not regra.verificado:
        return True, None
    h = c.verificacao(grupo)
    if h is Heteroidentificacao.CONFIRMADO:
        return True, None
    if h in NEGATIVOS:
        return False, _nao_reconhecido(regra, regras, c, h)
    return False, None  # pendente: tratado à parte


def _sem_o_criterio(regra: RegraGrupo, regras: Regras, c: Candidato) -> Razao:
    """Por que quem optou pelo grupo não está na lista dele: não cumpre a elegibilidade."""
    elegibilidade = regra.elegibilidade
    if elegibilidade.so_cor and regra.cores:
        cores = " ou ".join(no_meio_da_frase(CorRaca(cor)) for cor in regra.cores)
        return Razao(
            "nao_autodeclarado",
            f"{c.inscricao} optou pela reserva a {regra.rotulo} sem se autodeclarar {cores}.",
            regra.ref("elegibilidade"),
        )
    campos = {k.nome: k for k in regras.lei.campos}
    lidos = [campos[n].referencia for n in elegibilidade.campos() if n in campos]
    return Razao(
        "nao_elegivel",
        f"{c.inscricao} optou pela reserva a {regra.rotulo} sem cumprir o que a lei exige para "
        f"ela ({elegibilidade.descrever(campos)}); declarou {elegibilidade.declarado(c, campos)}.",
        (*regra.ref("elegibilidade"), *(r for r in lidos if r not in regra.ref("elegibilidade"))),
    )


def _nao_reconhecido(
    regra: RegraGrupo, regras: Regras, c: Candidato, h: Heteroidentificacao
) -> Razao:
    if regra.verificacao == "heteroidentificacao" and regras.comissao is not None:
        return Razao(
            "comissao_" + h.value,
            f"{c.inscricao}: resultado da heteroidentificação '{h.value}'; "
            f"{regras.comissao.destino_do_nao_reconhecido}.",
            tuple(
                r
                for chave in ("nao_reconhecido", "recursos")
                if (r := regras.comissao.referencias.get(chave)) is not None
            ),
        )
    # Verificação documental: sem a condição comprovada, não entra na lista do grupo e segue
    # nas demais a que concorre (docs/INTERPRETACAO.md#verificacao-documental).
    return Razao(
        "verificacao_" + h.value,
        f"{c.inscricao}: verificação da condição de {regra.rotulo} '{rotulo(h).lower()}'; "
        "não concorre às vagas reservadas a esse grupo.",
        regra.ref("verificacao"),
    )


def classificado_no_grupo(grupo: str, c: Candidato, regras: Regras) -> bool:
    """Se o candidato entra na lista do grupo: elegível nele e, quando a lei classifica quem é
    de vários grupos só no de maior percentual, este é o escolhido."""
    if not elegivel_reserva(grupo, c, regras)[0]:
        return False
    if regras.candidato_em_varios != "maior_percentual":
        return True
    elegiveis = [g for g in regras.grupos if elegivel_reserva(g.nome, c, regras)[0]]
    return grupo in {g.nome for g in _so_o_de_maior_percentual(regras, c, elegiveis)[0]}


def _so_o_de_maior_percentual(
    regras: Regras, c: Candidato, grupos: list[RegraGrupo]
) -> tuple[list[RegraGrupo], Razao | None]:
    """Quem é elegível em vários grupos da lei, quando ela o classifica só no de maior
    percentual (`grupos.candidato_em_varios`); empate: o que a lei declara primeiro."""
    da_lei = [g for g in grupos if g.declaracao is not None]
    if regras.candidato_em_varios != "maior_percentual" or len(da_lei) < 2:
        return grupos, None
    escolhido = max(da_lei, key=lambda g: g.percentual)  # (max fica com o primeiro no empate)
    outros = [g for g in da_lei if g is not escolhido]
    razao = Razao(
        "varios_grupos",
        f"{c.inscricao} concorre por {', '.join(g.rotulo for g in da_lei)}; é classificado só "
        f"na lista de {escolhido.rotulo}, a de maior percentual, e não na de "
        f"{', '.join(g.rotulo for g in outros)}.",
        (regras.referencia_varios,) if regras.referencia_varios else (),
    )
    return [g for g in grupos if g not in outros], razao


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
        elegiveis: list[RegraGrupo] = []
        for grupo in regras.grupos:
            ok, razao = elegivel_reserva(grupo.nome, c, regras)
            if ok:
                elegiveis.append(grupo)
            if razao is not None:
                observacoes.setdefault(c.inscricao, []).append(razao)
                if (
                    razao.codigo.startswith("comissao_")
                    and regras.comissao is not None
                    and regras.comissao.elimina(razao.codigo.removeprefix("comissao_"))
                ):
                    eliminados.add(c.inscricao)
        elegiveis, razao = _so_o_de_maior_percentual(regras, c, elegiveis)
        if razao is not None:
            observacoes.setdefault(c.inscricao, []).append(razao)
        for grupo in elegiveis:
            reservadas[grupo.nome].append(c)
        if any(aguarda_verificacao(g, c) for g in regras.grupos_da_lei):
            pendentes.append(c)
    if eliminados:
        geral = [c for c in geral if c.inscricao not in eliminados]
    return Listas(
        cargo,
        ListaEmMemoria(geral),
        {g: ListaEmMemoria(lista) for g, lista in reservadas.items()},
        pendentes,
        observacoes,
    )


class InscritosEmMemoria:
    """Os inscritos de um certame como lista de `Candidato` (a forma de sempre; a em colunas é
    `cotas.motor.colunar.InscritosColunares`)."""

    def __init__(
        self,
        candidatos: Iterable[Candidato],
        cargos: Iterable[str],
        dia: date,
        criterios: Sequence[CriterioDesempate] = (),
    ) -> None:
        self._dia = dia
        self._criterios = criterios
        self._por_cargo: dict[str, list[Candidato]] = {c: [] for c in cargos}
        self._por_inscricao: dict[str, Candidato] = {}
        for c in candidatos:
            if c.cargo not in self._por_cargo:
                raise EventoInvalido(
                    f"Inscrição {c.inscricao}: cargo '{c.cargo}' não existe no certame."
                )
            if c.inscricao in self._por_inscricao:
                raise EventoInvalido(f"Inscrição {c.inscricao} repetida.")
            self._por_inscricao[c.inscricao] = c
            self._por_cargo[c.cargo].append(c)
        self._cargo_de = {i: c.cargo for i, c in self._por_inscricao.items()}
        self._nomes = {i: c.nome for i, c in self._por_inscricao.items()}

    @property
    def cargo_de(self) -> Mapping[str, str]:
        return self._cargo_de

    @property
    def nomes(self) -> Mapping[str, str]:
        return self._nomes

    def candidato(self, inscricao: str) -> Candidato | None:
        return self._por_inscricao.get(inscricao)

    def inscritos_do_cargo(self, cargo: str) -> list[tuple[str, str]]:
        return [(c.inscricao, c.nome) for c in self._por_cargo.get(cargo, [])]

    def listas(self, regras: Regras, cargo: str) -> Listas:
        return montar_listas(regras, cargo, self._por_cargo[cargo], self._dia, self._criterios)

    def prever(self, eventos: Iterable[Evento]) -> None:
        """Nada a preparar: os candidatos já estão na memória."""

    def antecipar(self, vagas: Mapping[str, int], listas: Callable[[str], Listas]) -> None:
        """Nada a preparar: os candidatos já estão na memória."""

    def classificar_so_o_pedido(self) -> None:
        """Já é assim: cada cargo é ordenado quando as listas dele são pedidas."""


@functools.singledispatch
def inscritos_de(
    candidatos: Iterable[Candidato],
    cargos: Iterable[str],
    dia: date,
    criterios: Sequence[CriterioDesempate] = (),
) -> Inscritos:
    """Os inscritos na forma que os candidatos dados pedem: em memória, salvo os tipos que
    registram a sua (`cotas.motor.colunar` registra a tabela em colunas)."""
    return InscritosEmMemoria(candidatos, cargos, dia, criterios)
