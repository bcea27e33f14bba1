"""As tabelas do resultado, montadas uma vez e desenhadas em cada formato com os mesmos números.

Dados pessoais sensíveis (LGPD, Lei 13.709/2018, art. 11): cor/raça e deficiência não aparecem
nas tabelas; o CPF, quando aparece, vem mascarado (`***.456.789-**`).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from cotas.apuracao import Apuracao
from cotas.motor.regras import AMPLA

ROTULOS_LISTA = {
    AMPLA: "Ampla concorrência",
    "negros": "Negros (pretos e pardos)",
    "pcd": "Pessoas com deficiência",
}


def rotulo_lista(nome: str | None) -> str:
    if nome is None:
        return ""
    return ROTULOS_LISTA.get(nome, nome)


def mascarar_cpf(cpf: str | None) -> str:
    """Mostra só os seis dígitos do meio: ***.456.789-**."""
    if not cpf:
        return ""
    digitos = "".join(ch for ch in cpf if ch.isdigit())
    if len(digitos) != 11:
        return "***"
    return f"***.{digitos[3:6]}.{digitos[6:9]}-**"


@dataclass(frozen=True)
class Tabela:
    nome: str  # nome do arquivo/aba, sem extensão
    titulo: str
    colunas: tuple[str, ...]
    linhas: list[tuple[object, ...]] = field(default_factory=list)


def tabela_reserva(ap: Apuracao) -> Tabela:
    grupos = [g.nome for g in ap.regras.grupos]
    colunas = (
        "Cargo",
        "Nome do cargo",
        "Vagas oferecidas",
        *(f"Reservadas: {rotulo_lista(g)}" for g in grupos),
        "Ampla concorrência",
        "Memória de cálculo",
    )
    linhas = []
    nomes = {c.codigo: c.nome for c in ap.cenario.cargos}
    for cargo in ap.certame.cargos:
        r = ap.certame.reserva(cargo)
        linhas.append(
            (
                cargo,
                nomes.get(cargo, ""),
                r.vagas,
                *(r.reservadas.get(g, 0) for g in grupos),
                r.ampla,
                " ".join(r.memoria),
            )
        )
    return Tabela("reserva", "Reserva de vagas por cargo", colunas, linhas)


def tabela_classificacao(ap: Apuracao) -> Tabela:
    colunas = ("Cargo", "Lista", "Posição", "Inscrição", "Nome", "CPF", "Nota", "Observações")
    linhas: list[tuple[object, ...]] = []
    for cargo in ap.certame.cargos:
        listas = ap.certame.listas(cargo)
        todas = [(AMPLA, listas.geral), *listas.reservadas.items()]
        for nome_lista, candidatos in todas:
            for posicao, c in enumerate(candidatos, start=1):
                obs = " ".join(r.texto for r in listas.observacoes.get(c.inscricao, []))
                linhas.append(
                    (
                        cargo,
                        rotulo_lista(nome_lista),
                        posicao,
                        c.inscricao,
                        c.nome,
                        mascarar_cpf(c.cpf),
                        c.nota,
                        obs if nome_lista == AMPLA else "",
                    )
                )
    return Tabela("classificacao", "Listas de classificação", colunas, linhas)


def tabela_nomeacoes(ap: Apuracao) -> Tabela:
    colunas = (
        "Cargo",
        "Ordem",
        "Vaga",
        "Inscrição",
        "Nome",
        "Lista",
        "Vaga reservada a",
        "Substitui",
        "Data",
        "Lote",
        "Razão",
        "Fundamento legal",
    )
    linhas: list[tuple[object, ...]] = []
    for cargo in ap.certame.cargos:
        for n in ap.certame.nomeacoes(cargo):
            linhas.append(
                (
                    cargo,
                    n.ordem,
                    n.vaga,
                    n.inscricao,
                    n.nome,
                    rotulo_lista(n.modalidade),
                    rotulo_lista(n.reservada_para),
                    n.substitui or "",
                    n.data.strftime("%d/%m/%Y") if n.data else "",
                    n.lote,
                    n.razao.texto,
                    n.razao.fundamento_curto(),
                )
            )
    return Tabela("nomeacoes", "Ordem de nomeação", colunas, linhas)


def tabela_ocorrencias(ap: Apuracao) -> Tabela:
    colunas = ("Cargo", "Data", "Ocorrência", "Inscrição", "Vaga", "Descrição", "Fundamento legal")
    linhas: list[tuple[object, ...]] = []
    for cargo in ap.certame.cargos:
        for o in ap.certame.ocorrencias(cargo):
            linhas.append(
                (
                    cargo,
                    o.data.strftime("%d/%m/%Y") if o.data else "",
                    o.tipo,
                    o.inscricao or "",
                    o.vaga or "",
                    o.razao.texto,
                    o.razao.fundamento_curto(),
                )
            )
    return Tabela("ocorrencias", "Desistências, anulações e outras ocorrências", colunas, linhas)


def todas_as_tabelas(ap: Apuracao) -> list[Tabela]:
    return [
        tabela_reserva(ap),
        tabela_classificacao(ap),
        tabela_nomeacoes(ap),
        tabela_ocorrencias(ap),
    ]
