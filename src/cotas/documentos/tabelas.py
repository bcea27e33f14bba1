"""As tabelas do resultado, montadas uma vez e desenhadas em cada formato com os mesmos números.

Dados pessoais sensíveis (docs/INTERPRETACAO.md#dados-pessoais): cor/raça, deficiência e o
parecer individual da comissão não aparecem nas tabelas publicadas; o CPF, quando aparece, vem
mascarado (`***.456.789-**`). As listas reservadas são publicadas porque a lei as exige
(concorrência às vagas reservadas: parâmetro `<grupo>.concorrencia_concomitante` da lei).
"""

from __future__ import annotations

import itertools
import threading
from collections.abc import Sequence
from dataclasses import dataclass, field
from decimal import Decimal
from typing import TYPE_CHECKING

from cotas.documentos.texto import data_br, mascarar_cpf, numero_e_extenso
from cotas.motor.glossario import AMPLA, ROTULOS_LISTA, TipoEvento, rotulo

if TYPE_CHECKING:
    from cotas.apuracao import Apuracao
    from cotas.documentos.fonte import FonteDocumentos

__all__ = [
    "COLUNAS_CLASSIFICACAO",
    "ROTULOS_LISTA",
    "Tabela",
    "linhas_classificacao",
    "listas_do_cargo",
    "mascarar_cpf",
    "rotulo_lista",
    "situacoes",
    "tabela_anexo",
    "tabela_classificacao",
    "tabela_nomeacoes",
    "tabela_ocorrencias",
    "tabela_reserva",
    "todas_as_tabelas",
]


def rotulo_lista(nome: str | None) -> str:
    """O nome da lista no glossário ("Pessoas com deficiência")."""
    return rotulo(nome)


@dataclass(frozen=True)
class Tabela:
    nome: str  # nome do arquivo/aba, sem extensão
    titulo: str
    colunas: tuple[str, ...]
    linhas: list[tuple[object, ...]] = field(default_factory=list)
    # A mesma tabela em vários documentos (`FonteDocumentos.guardar_tabelas`): só então vale
    # guardar o que um formato desenha dela para o documento seguinte (`pagina._linhas_html`).
    em_varios_documentos: bool = False
    # O que um formato prepara da tabela inteira, guardado com ela (`formatos._abas_no_livro`,
    # `pagina._linhas_html`), e a trava de quem prepara (dois livros com a mesma tabela em
    # linhas de execução: um espera). Quem muda `linhas` depois de desenhar a tabela num formato
    # precisa de outra tabela.
    preparos: dict[str, object] = field(default_factory=dict, compare=False, repr=False)
    trava: threading.Lock = field(
        default_factory=threading.Lock, init=False, compare=False, repr=False
    )


def _fonte(origem: Apuracao | FonteDocumentos) -> FonteDocumentos:
    from cotas.documentos.fonte import FonteDocumentos, fonte_da_apuracao

    return origem if isinstance(origem, FonteDocumentos) else fonte_da_apuracao(origem)


def _grupos(f: FonteDocumentos) -> list[str]:
    return [g.nome for g in f.regras.grupos]


def tabela_reserva(origem: Apuracao | FonteDocumentos) -> Tabela:
    """A reserva sobre todas as vagas oferecidas até agora (edital e novas vagas)."""
    f = _fonte(origem)
    return f.tabela("reserva", lambda: _tabela_reserva(f))


def _tabela_reserva(f: FonteDocumentos) -> Tabela:
    grupos = _grupos(f)
    colunas = (
        "Cargo",
        "Nome do cargo",
        "Vagas oferecidas",
        *(f"Reservadas: {rotulo_lista(g)}" for g in grupos),
        "Ampla concorrência",
        "Memória de cálculo",
    )
    linhas = []
    for cargo in f.cargos:
        r = f.certame.reserva(cargo)
        linhas.append(
            (
                cargo,
                f.nome_cargo(cargo),
                r.vagas,
                *(r.reservadas.get(g, 0) for g in grupos),
                r.ampla,
                " ".join(r.memoria),
            )
        )
    return Tabela("reserva", "Reserva de vagas por cargo", colunas, linhas)


def tabela_anexo(origem: Apuracao | FonteDocumentos) -> Tabela:
    """O quadro do edital (`[citacoes.quadro_no_edital]` da lei): vagas do edital e a reserva
    de cada cargo."""
    f = _fonte(origem)
    return f.tabela("anexo-edital", lambda: _tabela_anexo(f))


def _tabela_anexo(f: FonteDocumentos) -> Tabela:
    grupos = _grupos(f)
    colunas = (
        "Cargo",
        "Nome do cargo",
        "Vagas do edital",
        *(f"Reservadas: {rotulo_lista(g)}" for g in grupos),
        "Ampla concorrência",
        "Por extenso",
        "Fundamento legal",
    )
    linhas: list[tuple[object, ...]] = []
    for cargo in f.cargos:
        vagas = f.certame.cargos[cargo]
        r = f.reserva_do_edital(cargo)
        partes = [
            f"{numero_e_extenso(r.reservadas.get(g, 0))} reservada"
            f"{'' if r.reservadas.get(g, 0) == 1 else 's'} a {rotulo_lista(g).lower()}"
            for g in grupos
        ]
        extenso = (
            f"{numero_e_extenso(vagas)} {'vaga' if vagas == 1 else 'vagas'}: "
            + "; ".join(partes)
            + f"; {numero_e_extenso(r.ampla)} de ampla concorrência"
        )
        fundamentos: list[str] = []
        for razao in r.razoes.values():
            for ref in razao.fundamentos:
                if ref.citacao() not in fundamentos:
                    fundamentos.append(ref.citacao())
        linhas.append(
            (
                cargo,
                f.nome_cargo(cargo),
                vagas,
                *(r.reservadas.get(g, 0) for g in grupos),
                r.ampla,
                extenso,
                "; ".join(fundamentos),
            )
        )
    return Tabela("anexo-edital", "Quadro de vagas e reserva por cargo", colunas, linhas)


def situacoes(f: FonteDocumentos, cargo: str) -> dict[str, str]:
    """A situação pública de cada inscrição do cargo: nomeada, desistente, anulada..."""
    saida: dict[str, str] = {}
    for o in f.certame.ocorrencias(cargo):
        if o.inscricao is None:
            continue
        if o.tipo == "desistencia":
            saida[o.inscricao] = f"Desistente ({data_br(o.data)})"
        elif o.tipo == "sem_posse":
            saida[o.inscricao] = f"Sem posse no prazo ({data_br(o.data)})"
        elif o.tipo == "anulacao":
            saida[o.inscricao] = f"Inscrição anulada ({data_br(o.data)})"
        elif o.tipo == "eliminacao":
            saida[o.inscricao] = f"Eliminado(a) ({data_br(o.data)})"
        elif o.tipo == "final_de_fila":
            saida[o.inscricao] = f"Final de fila ({data_br(o.data)})"
    for vaga, inscricao in f.certame.ocupantes(cargo).items():
        if inscricao is not None and f.publicada(cargo, inscricao):
            saida[inscricao] = f"Nomeado(a) na vaga {vaga}"
    return saida


COLUNAS_CLASSIFICACAO = (
    "Cargo",
    "Lista",
    "Posição",
    "Inscrição",
    "Nome",
    "CPF",
    "Nota",
    "Situação",
    "Observações",
)


def tabela_classificacao(
    origem: Apuracao | FonteDocumentos, cargos: Sequence[str] | None = None
) -> Tabela:
    """As listas de cada cargo (de `cargos`, ou de todos), uma linha por posição em cada lista."""
    f = _fonte(origem)
    if cargos is None:
        return f.tabela("classificacao", lambda: _tabela_classificacao(f, f.cargos))
    return _tabela_classificacao(f, cargos)


def _tabela_classificacao(f: FonteDocumentos, cargos: Sequence[str]) -> Tabela:
    linhas: list[tuple[object, ...]] = []
    for cargo in cargos:
        linhas += linhas_classificacao(f, cargo)
    return Tabela("classificacao", "Listas de classificação", COLUNAS_CLASSIFICACAO, linhas)


def listas_do_cargo(f: FonteDocumentos, cargo: str) -> list[tuple[str, int]]:
    """As listas do cargo na ordem publicada (a geral, depois as reservadas) e o tamanho de
    cada uma, sem criar os candidatos."""
    listas = f.certame.listas(cargo)
    return [(AMPLA, len(listas.geral)), *((g, len(c)) for g, c in listas.reservadas.items())]


def linhas_classificacao(
    f: FonteDocumentos,
    cargo: str,
    inicio: int = 0,
    fim: int | None = None,
    lista: str | None = None,
) -> list[tuple[object, ...]]:
    """As linhas da tabela de classificação do cargo de `inicio` a `fim` (as mesmas do CSV
    publicado, na mesma ordem; com `lista`, só as dela), lidas das listas em colunas
    (`Listas.trechos`) sem criar um candidato por linha: a página de uma lista de um milhão de
    inscrições não monta as outras, e a tabela inteira não cria um milhão de objetos.

    Das observações, só as de desempate se publicam (na geral); o parecer individual da
    comissão, não."""
    listas = f.certame.listas(cargo)
    sit = situacoes(f, cargo)
    linhas: list[tuple[object, ...]] = []
    for t in listas.trechos(inicio, fim, lista):
        rotulo_da_lista = rotulo_lista(t.lista)
        desempates = t.desempates or itertools.repeat("")
        linhas += [
            (
                cargo,
                rotulo_da_lista,
                posicao,
                inscricao,
                nome,
                mascarar_cpf(cpf),
                Decimal(nota),
                sit.get(inscricao, ""),
                desempate,
            )
            for posicao, inscricao, nome, cpf, nota, desempate in zip(
                itertools.count(t.primeira), t.inscricoes, t.nomes, t.cpfs, t.notas, desempates
            )
        ]
    return linhas


def tabela_nomeacoes(origem: Apuracao | FonteDocumentos) -> Tabela:
    f = _fonte(origem)
    return f.tabela("nomeacoes", lambda: _tabela_nomeacoes(f))


def _tabela_nomeacoes(f: FonteDocumentos) -> Tabela:
    com_ato = f.atos is not None
    colunas = (
        "Cargo",
        "Ordem",
        "Vaga",
        "Inscrição",
        "Nome",
        "Lista",
        "Vaga reservada a",
        "Substitui",
        "Substituída por",
        # A data em que a vaga se abriu (a oferta do lote ou o evento que a recompôs), não a do
        # ato: com a coluna "Ato" ao lado, "Data" fazia ler 02/08 numa portaria de 03/08.
        "Vaga aberta em",
        "Lote",
        *(("Ato",) if com_ato else ()),
        "Razão",
        "Fundamento legal",
    )
    linhas: list[tuple[object, ...]] = []
    for cargo in f.cargos:
        nomeacoes = f.nomeacoes(cargo)
        ordem_de = {n.inscricao: n.ordem for n in nomeacoes}
        substituta = {n.substitui: n for n in nomeacoes if n.substitui}
        for n in nomeacoes:
            subst = ""
            if n.substitui:
                anterior = ordem_de.get(n.substitui)
                subst = n.substitui + (f" (nomeação {anterior})" if anterior else "")
            por = substituta.get(n.inscricao)
            linhas.append(
                (
                    cargo,
                    n.ordem,
                    n.vaga,
                    n.inscricao,
                    n.nome,
                    rotulo_lista(n.modalidade),
                    rotulo_lista(n.reservada_para),
                    subst,
                    f"{por.inscricao} (nomeação {por.ordem})" if por else "",
                    data_br(n.data),
                    n.lote,
                    *((f.ato(cargo, n.inscricao),) if com_ato else ()),
                    n.razao.texto,
                    n.razao.fundamento_curto(),
                )
            )
    return Tabela("nomeacoes", "Ordem de nomeação", colunas, linhas)


# O rótulo de cada tipo de ocorrência na tabela pública (as saídas, pelo glossário), que a API e
# os feeds leem de volta para o tipo.
ROTULOS_DAS_OCORRENCIAS: dict[str, str] = {
    **{t.value: t.descricao for t in TipoEvento if t is not TipoEvento.NOVAS_VAGAS},
    "vaga_sem_candidato": "Vaga sem candidato",
}


def tabela_ocorrencias(origem: Apuracao | FonteDocumentos) -> Tabela:
    f = _fonte(origem)
    return f.tabela("ocorrencias", lambda: _tabela_ocorrencias(f))


def _tabela_ocorrencias(f: FonteDocumentos) -> Tabela:
    colunas = ("Cargo", "Data", "Ocorrência", "Inscrição", "Vaga", "Descrição", "Fundamento legal")
    rotulos = ROTULOS_DAS_OCORRENCIAS
    linhas: list[tuple[object, ...]] = []
    for cargo in f.cargos:
        for o in f.certame.ocorrencias(cargo):
            linhas.append(
                (
                    cargo,
                    data_br(o.data),
                    rotulos.get(o.tipo, o.tipo),
                    o.inscricao or "",
                    # Uma faixa de vagas sem candidato, como se escreve ("63 a 100.000").
                    o.vagas if o.quantidade > 1 else (o.vaga or ""),
                    o.razao.texto,
                    o.razao.fundamento_curto(),
                )
            )
    return Tabela("ocorrencias", "Desistências, anulações e outras ocorrências", colunas, linhas)


def todas_as_tabelas(origem: Apuracao | FonteDocumentos) -> list[Tabela]:
    f = _fonte(origem)
    return [
        tabela_reserva(f),
        tabela_classificacao(f),
        tabela_nomeacoes(f),
        tabela_ocorrencias(f),
    ]
