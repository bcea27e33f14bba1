"""O que um candidato consulta na página pública: sua posição em cada lista, se foi nomeado e,
se ainda não, quantas nomeações de cada lista vêm antes da sua, com a razão.

A projeção parte do estado atual do certame (as nomeações já feitas) e oferece as próximas vagas
uma a uma, na ordem de nomeação da lei (Mostardas art. 4º; Montenegro art. 15), até chegar ao
candidato. É uma projeção: supõe que ninguém desista e que as vagas venham uma a uma; um lote
maior de vagas preenche primeiro as de ampla concorrência (LEGAL-NOTES §3).
"""

from __future__ import annotations

import copy
from dataclasses import dataclass, field, replace

from cotas.documentos.fonte import FonteDocumentos
from cotas.documentos.tabelas import rotulo_lista, situacoes
from cotas.motor.certame import ApuracaoCargo, Nomeacao
from cotas.motor.erros import ErroCotas
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


def _apuracao(f: FonteDocumentos, cargo: str) -> ApuracaoCargo:
    return f.certame._apuracao(cargo)


def _copia(ap: ApuracaoCargo) -> ApuracaoCargo:
    """Cópia do livro do cargo para simular, sem copiar regras, listas e nomes (imutáveis aqui)."""
    memo = {id(ap.regras): ap.regras, id(ap.listas): ap.listas, id(ap.nomes): ap.nomes,
            id(ap.parametros): ap.parametros}
    return copy.deepcopy(ap, memo)


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
    nome = nome or f.certame._nomes.get(inscricao, "")
    base = SituacaoCandidato(inscricao, nome, cargo, f.nome_cargo(cargo), posicoes)
    if not posicoes:
        return replace(base, situacao="Não consta das listas de classificação (não aprovado).")
    situacao = situacoes(f, cargo).get(inscricao, "")
    ap = _apuracao(f, cargo)
    if inscricao in ap.removidos:
        return replace(base, situacao=situacao)
    atual = [n for n in f.nomeacoes(cargo) if n.inscricao == inscricao]
    if atual and ap.vaga_de.get(inscricao) is not None:
        return replace(
            base, nomeacao=atual[-1], ato=f.ato(cargo, inscricao), situacao=situacao
        )
    projecao, aviso = _projetar(f, cargo, inscricao, ap)
    return replace(
        base, situacao=situacao or "Aguardando nomeação", projecao=projecao, aviso=aviso
    )


def _projetar(
    f: FonteDocumentos, cargo: str, inscricao: str, ap: ApuracaoCargo
) -> tuple[Projecao | None, str]:
    antes: dict[str, int] = {}
    # 1. Nomeações que o motor já faz nas vagas oferecidas, mas ainda sem ato publicado.
    pendentes = [
        n for n in ap.nomeacoes
        if not f.publicada(cargo, n.inscricao) and ap.vaga_de.get(n.inscricao) == n.vaga
    ]
    for n in pendentes:
        if n.inscricao == inscricao:
            return _projecao(antes, n), ""
        antes[n.modalidade] = antes.get(n.modalidade, 0) + 1
    # 2. As próximas vagas, uma a uma, numa cópia do livro do cargo.
    simulacao = _copia(ap)
    try:
        for _ in range(LIMITE_PROJECAO):
            novas = simulacao.ofertar(1, None, "Projeção")
            if not novas:
                razao = "As listas se esgotam antes de alcançar esta inscrição."
                return Projecao(antes, None, None, razao, False), ""
            for n in novas:
                if n.inscricao == inscricao:
                    return _projecao(antes, n), ""
                antes[n.modalidade] = antes.get(n.modalidade, 0) + 1
    except ErroCotas as erro:
        return None, f"Projeção indisponível: {erro}"
    razao = f"Mais de {LIMITE_PROJECAO} nomeações vêm antes desta inscrição."
    return Projecao(antes, None, None, razao, False), ""


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
    partes = [f"{q} da lista {rotulo_lista(lista).lower()}" for lista, q in p.antes.items() if q]
    antes = ", ".join(partes) if partes else "nenhuma"
    if not p.alcancado:
        return f"Inscrição {s.inscricao}: {p.razao} Antes: {antes}."
    return (
        f"Inscrição {s.inscricao}: ainda não nomeado(a). Antes da sua vêm {p.total_antes} "
        f"nomeação(ões) ({antes}); a sua seria a vaga {p.vaga}, pela lista "
        f"{rotulo_lista(p.lista).lower()}."
    )
