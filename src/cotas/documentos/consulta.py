"""O que um candidato consulta na página pública: sua posição em cada lista, se foi nomeado e,
se ainda não, quantas nomeações de cada lista vêm antes da sua, com a razão.

A projeção parte do estado atual do certame (as nomeações já feitas) e oferece as próximas vagas
uma a uma, na ordem de nomeação da lei (`ordem.alternancia_proporcionalidade`), até chegar ao
candidato. É uma projeção: supõe que ninguém desista e que as vagas venham uma a uma; um lote
maior de vagas preenche primeiro as de ampla concorrência (docs/INTERPRETACAO.md#ampla-primeiro).
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from functools import partial

from cotas.documentos.fonte import CorrecaoPublica, FonteDocumentos
from cotas.documentos.tabelas import rotulo_lista, situacoes
from cotas.motor.certame import Nomeacao
from cotas.motor.erros import ErroCotas
from cotas.motor.razoes import milhar
from cotas.motor.regras import AMPLA

LIMITE_PROJECAO = 300  # vagas simuladas no máximo


@dataclass(frozen=True)
class PosicaoLista:
    lista: str
    rotulo: str
    posicao: int
    total: int


@dataclass(frozen=True)
class Projecao:
    antes: dict[str, int]  # lista → nomeações que vêm antes
    vaga: int | None  # a vaga em que seria nomeado (None: não alcançado no limite)
    lista: str | None
    razao: str
    alcancado: bool
    # False: a inscrição está além das vagas simuladas e a conta das nomeações antes da sua não
    # foi feita (`antes` fica vazio: uma contagem parcial enganaria).
    calculada: bool = True

    @property
    def total_antes(self) -> int:
        return sum(self.antes.values())


@dataclass(frozen=True)
class SituacaoCandidato:
    inscricao: str
    nome: str
    cargo: str
    nome_cargo: str
    posicoes: list[PosicaoLista] = field(default_factory=list)
    nomeacao: Nomeacao | None = None
    ato: str = ""
    situacao: str = ""  # texto público: "Nomeado(a) na vaga 3", "Desistente (...)", ...
    projecao: Projecao | None = None
    aviso: str = ""
    # As correções depois da homologação desta inscrição, com as datas (valem delas em diante).
    correcoes: tuple[CorrecaoPublica, ...] = ()
    # Saiu das listas (desistência, anulação, eliminação): as posições são as da classificação
    # homologada, não mais um lugar na ordem de nomeação.
    saiu: bool = False


# (inscrição, nome, cargo, nome do cargo, posições): o que toda situação traz.
_Base = tuple[str, str, str, str, list[PosicaoLista]]


def consultar(f: FonteDocumentos, inscricao: str) -> SituacaoCandidato | None:
    """A situação pública de uma inscrição; None se não existe no certame."""
    inscricao = inscricao.strip()
    try:
        cargo = f.certame.cargo_da_inscricao(inscricao)
    except ErroCotas:
        return None
    listas = f.certame.listas(cargo)
    posicoes: list[PosicaoLista] = []
    nome = ""
    for lista, candidatos in [(AMPLA, listas.geral), *listas.reservadas.items()]:
        for i, c in enumerate(candidatos, start=1):
            if c.inscricao == inscricao:
                posicoes.append(PosicaoLista(lista, rotulo_lista(lista), i, len(candidatos)))
                nome = c.nome
                break
    nome = nome or f.certame.nome(inscricao)
    base = (inscricao, nome, cargo, f.nome_cargo(cargo), posicoes)
    if not posicoes:
        return _situacao(f, base, "", None, lambda: (None, ""))
    atual = [n for n in f.nomeacoes(cargo) if n.inscricao == inscricao]

    def projetar() -> tuple[Projecao | None, str]:
        alcancados, resto = _projetar_cargo(f, cargo)
        return alcancados.get(inscricao, resto)

    return _situacao(
        f,
        base,
        situacoes(f, cargo).get(inscricao, ""),
        atual[-1] if atual else None,
        projetar,
        f.ato(cargo, inscricao),
    )


def _situacao(
    f: FonteDocumentos,
    base: _Base,
    situacao: str,
    publicada: Nomeacao | None,
    projetar: Callable[[], tuple[Projecao | None, str]],
    ato: str = "",
) -> SituacaoCandidato:
    """A decisão comum à consulta de uma inscrição e à de todas (`consultar_todos`), com as
    correções da inscrição ao lado."""
    inscricao, nome, cargo, nome_cargo, posicoes = base
    nova = partial(
        SituacaoCandidato,
        inscricao,
        nome,
        cargo,
        nome_cargo,
        posicoes,
        correcoes=f.correcoes_de(inscricao),
    )
    if not posicoes:
        return nova(situacao="Não consta das listas de classificação (não aprovado).")
    if f.certame.excluida(inscricao, cargo):
        return nova(situacao=situacao, saiu=True)
    if publicada is not None and f.certame.vaga_ocupada(inscricao, cargo) is not None:
        return nova(nomeacao=publicada, ato=ato, situacao=situacao)
    projecao, aviso = projetar()
    return nova(situacao=situacao or "Aguardando nomeação", projecao=projecao, aviso=aviso)


def consultar_todos(
    f: FonteDocumentos, cargos: Iterable[str] | None = None
) -> Iterator[SituacaoCandidato]:
    """A situação pública de todas as inscrições do certame (ou só as dos `cargos`), de uma vez,
    igual à de `consultar` para cada uma: posições tiradas das listas numa passada e a projeção
    simulada UMA vez por cargo (as próximas `LIMITE_PROJECAO` vagas), com cada inscrição
    alcançada ligada à sua. A situação de uma inscrição só depende do cargo dela: a de um cargo
    sai igual, montada sozinha ou com as dos outros."""
    if cargos is None:
        por_cargo = f.certame.inscritos_por_cargo()
    else:
        por_cargo = {cargo: f.certame.inscritos_do_cargo(cargo) for cargo in cargos}
    for cargo, inscritos in por_cargo.items():
        if inscritos:
            yield from _consultar_cargo(f, cargo, inscritos)


def _consultar_cargo(
    f: FonteDocumentos, cargo: str, inscritos: list[tuple[str, str]]
) -> Iterator[SituacaoCandidato]:
    posicoes: dict[str, list[PosicaoLista]] = {}
    for lista, inscricoes in f.certame.ordem_das_listas(cargo):
        rotulo, total = rotulo_lista(lista), len(inscricoes)
        for i, inscricao in enumerate(inscricoes, start=1):
            ja = posicoes.setdefault(inscricao, [])
            if ja and ja[-1].lista == lista:
                continue  # vale a primeira posição na lista, como em `consultar`
            ja.append(PosicaoLista(lista, rotulo, i, total))
    nome_cargo = f.nome_cargo(cargo)
    sit = situacoes(f, cargo)
    publicadas = {n.inscricao: n for n in f.nomeacoes(cargo)}  # a última de cada inscrição
    projecoes: dict[str, tuple[Projecao | None, str]] | None = None
    resto: tuple[Projecao | None, str] = (None, "")

    def projetar(inscricao: str) -> tuple[Projecao | None, str]:
        nonlocal projecoes, resto
        if projecoes is None:
            projecoes, resto = _projetar_cargo(f, cargo)
        return projecoes.get(inscricao, resto)

    for inscricao, nome in inscritos:
        base = (inscricao, nome, cargo, nome_cargo, posicoes.get(inscricao, []))
        yield _situacao(
            f,
            base,
            sit.get(inscricao, ""),
            publicadas.get(inscricao),
            partial(projetar, inscricao),
            f.ato(cargo, inscricao),
        )


def _projetar_cargo(
    f: FonteDocumentos, cargo: str
) -> tuple[dict[str, tuple[Projecao | None, str]], tuple[Projecao | None, str]]:
    """A projeção de cada inscrição do cargo alcançada nas próximas `LIMITE_PROJECAO` vagas, e a
    de quem não é alcançado (listas esgotadas, limite, erro), numa simulação só."""
    alcancados: dict[str, tuple[Projecao | None, str]] = {}
    antes: dict[str, int] = {}

    def conta(n: Nomeacao) -> None:
        if n.inscricao not in alcancados:
            alcancados[n.inscricao] = (_projecao(antes, n), "")
        antes[n.modalidade] = antes.get(n.modalidade, 0) + 1

    # 1. Nomeações que o motor já faz nas vagas oferecidas, mas ainda sem ato publicado.
    for n in f.certame.nomeacoes(cargo):
        if (
            not f.publicada(cargo, n.inscricao)
            and f.certame.vaga_ocupada(n.inscricao, cargo) == n.vaga
        ):
            conta(n)
    # 2. As próximas vagas, uma a uma, numa cópia do livro do cargo (o motor não muda).
    simuladas = 0
    try:
        for n in f.certame.projetar(cargo, LIMITE_PROJECAO):
            conta(n)
            simuladas += 1
    except ErroCotas as erro:
        return alcancados, (None, f"Projeção indisponível: {erro}")
    if simuladas < LIMITE_PROJECAO:
        razao = "As listas se esgotam antes de alcançar esta inscrição."
        return alcancados, (Projecao(dict(antes), None, None, razao, False), "")
    razao = (
        "Quantas nomeações vêm antes da sua não foi calculado: a projeção simula só as próximas "
        f"{LIMITE_PROJECAO} vagas do cargo, e esta inscrição não é alcançada nelas."
    )
    return alcancados, (Projecao({}, None, None, razao, False, calculada=False), "")


def _projecao(antes: dict[str, int], n: Nomeacao) -> Projecao:
    return Projecao(dict(antes), n.vaga, n.modalidade, n.razao.texto, True)


def resumo(s: SituacaoCandidato) -> str:
    """Uma frase em português com o essencial da consulta."""
    if s.nomeacao is not None:
        n = s.nomeacao
        texto = (
            f"Inscrição {s.inscricao}: nomeado(a) na vaga {n.vaga} do cargo {s.cargo}, pela "
            f"lista {rotulo_lista(n.modalidade).lower()}."
        )
        return texto + (f" Ato: {s.ato}." if s.ato else "")
    if s.projecao is None:
        return f"Inscrição {s.inscricao}: {s.situacao or s.aviso}"
    p = s.projecao
    if not p.calculada:
        posicoes = posicoes_por_extenso(s)
        return f"Inscrição {s.inscricao}: ainda não nomeado(a); {posicoes}. {p.razao}"
    partes = [f"{q} da lista {_rotulo_minusculo(lista)}" for lista, q in p.antes.items() if q]
    antes = ", ".join(partes) if partes else "nenhuma"
    if not p.alcancado:
        return f"Inscrição {s.inscricao}: {p.razao} Antes: {antes}."
    lista = rotulo_lista(p.lista).lower()
    if not p.total_antes:
        return (
            f"Inscrição {s.inscricao}: ainda não nomeado(a). A sua é a próxima nomeação: a vaga "
            f"{p.vaga}, pela lista {lista}."
        )
    vem = "vem 1 nomeação" if p.total_antes == 1 else f"vêm {p.total_antes} nomeações"
    return (
        f"Inscrição {s.inscricao}: ainda não nomeado(a). Antes da sua {vem} ({antes}); a sua "
        f"seria a vaga {p.vaga}, pela lista {lista}."
    )


def posicoes_por_extenso(s: SituacaoCandidato) -> str:
    """ "380º de 400 na lista de ampla concorrência; 95º de 100 na lista de negros"."""
    return "; ".join(
        f"{milhar(x.posicao)}º de {milhar(x.total)} na lista de {x.rotulo.lower()}"
        for x in s.posicoes
    )


@functools.lru_cache(maxsize=64)
def _rotulo_minusculo(lista: str) -> str:
    return rotulo_lista(lista).lower()
