"""Ata de uma sessão da comissão de heteroidentificação (parâmetros `heteroidentificacao.*`).

A entrada é um registro simples da sessão — membros com gênero e cor, cada candidato com
comparecimento, recusas, o voto de cada membro, o resultado pela maioria e os recursos —, que a
aplicação web preenche a partir do banco, com os dispositivos da lei do certame
(`SessaoAta.referencias`, a `RegraComissao.referencias` do motor): cada artigo citado vem deles.
O parecer é fato registrado pela comissão: a ata o transcreve e mostra a contagem dos votos,
nunca o decide.

Documento de acesso restrito (comissão, administração e auditoria): traz dados sensíveis
(docs/INTERPRETACAO.md#dados-pessoais), mas o CPF, se houver, continua mascarado.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from datetime import date

from cotas.documentos.documento import Documento, Paragrafo, Titulo
from cotas.documentos.tabelas import Tabela
from cotas.documentos.texto import data_br, numero_e_extenso
from cotas.motor.razoes import Referencia

RESULTADOS = {
    "confirmado": "Reconhecido(a) como negro(a): concorre às vagas reservadas",
    "nao_confirmado": "Não reconhecido(a): segue na ampla concorrência",
    "ausente": "Ausente: segue na ampla concorrência",
    "recusou_filmagem": "Recusou a filmagem: segue na ampla concorrência",
    "recusou_perguntas": "Não respondeu às perguntas: segue na ampla concorrência",
    "pendente": "Pendente",
    "": "Pendente",
}


@dataclass(frozen=True)
class MembroAta:
    nome: str
    genero: str
    cor_raca: str


@dataclass(frozen=True)
class AvaliacaoAta:
    """Um candidato convocado: comparecimento, recusas, votos (membro → reconhece) e parecer."""

    inscricao: str
    nome: str
    cargo: str
    compareceu: bool | None
    votos: dict[str, bool] = field(default_factory=dict)
    resultado: str = ""
    recusou_filmagem: bool = False
    recusou_perguntas: bool = False


@dataclass(frozen=True)
class RecursoAta:
    inscricao: str
    recorrente: str  # "O próprio candidato" / "Outro candidato: Fulano"
    interposto_em: date | None
    decisao: str = ""  # "Provido", "Não provido" ou "" (pendente)
    resultado_final: str = ""
    fundamentacao: str = ""


@dataclass(frozen=True)
class SessaoAta:
    certame: str
    municipio: str
    data: date
    local: str
    membros: list[MembroAta]
    avaliacoes: list[AvaliacaoAta]
    recursos: list[RecursoAta] = field(default_factory=list)
    observacoes: str = ""
    numero: int | None = None
    # Os dispositivos da lei por parâmetro (`membros`, `maioria`, `recursos`...): a ata só cita
    # o que a lei traz.
    referencias: Mapping[str, Referencia] = field(default_factory=dict)


def _art(sessao: SessaoAta, *chaves: str) -> str:
    """ " (<artigo>; <artigo>)" dos parâmetros que a lei do certame traz, ou nada."""
    artigos = [sessao.referencias[c].artigo for c in chaves if c in sessao.referencias]
    return f" ({'; '.join(artigos)})" if artigos else ""


def maioria(avaliacao: AvaliacaoAta, membros: list[MembroAta]) -> str:
    """A contagem dos votos como a ata a escreve: "2 de 3 reconhecem"."""
    if not avaliacao.votos:
        return "sem votos"
    sim = sum(1 for v in avaliacao.votos.values() if v)
    total = len(membros) or len(avaliacao.votos)
    return f"{sim} de {total} reconhece{'m' if sim != 1 else ''}"


def filmagem(sessao: SessaoAta) -> str:
    """O que a ata diz da filmagem: nunca que filmou quem a recusou."""
    recusaram = [a.inscricao for a in sessao.avaliacoes if a.recusou_filmagem]
    if not recusaram:
        return (
            "A sessão foi filmada e/ou fotografada para uso exclusivo da comissão"
            f"{_art(sessao, 'registro_audiovisual')}."
        )
    if len(recusaram) == len(sessao.avaliacoes):
        return "Nenhuma verificação foi filmada ou fotografada: todos recusaram a filmagem."
    rotulo = "inscrição" if len(recusaram) == 1 else "inscrições"
    return (
        "As verificações foram filmadas e/ou fotografadas para uso exclusivo da comissão "
        f"{_art(sessao, 'registro_audiovisual')}, exceto a de quem recusou a filmagem "
        f"({rotulo} {', '.join(recusaram)})."
    )


def _comparecimento(a: AvaliacaoAta) -> str:
    texto = {True: "presente", False: "ausente", None: "não registrado"}[a.compareceu]
    if a.recusou_filmagem:
        texto += "; recusou ser filmado(a) ou fotografado(a)"
    if a.recusou_perguntas:
        texto += "; não respondeu às perguntas"
    return texto


def resultado_apos_recursos(sessao: SessaoAta) -> dict[str, str]:
    """O parecer de cada candidato depois dos recursos decididos (o último decide)."""
    finais = {a.inscricao: a.resultado for a in sessao.avaliacoes}
    for r in sessao.recursos:
        if r.decisao and r.resultado_final:
            finais[r.inscricao] = r.resultado_final
    return finais


def ata_sessao(sessao: SessaoAta) -> Documento:
    titulo = "Ata da sessão da Comissão Avaliadora de Cotas"
    if sessao.numero is not None:
        titulo += f" nº {sessao.numero}"
    doc = Documento("ata-comissao", titulo, sessao.certame, sessao.municipio, paisagem=True)
    membros_txt = "; ".join(f"{m.nome} ({m.genero}, {m.cor_raca})" for m in sessao.membros)
    doc.blocos.append(
        Paragrafo(
            f"Em {data_br(sessao.data)}, em {sessao.local}, reuniu-se a Comissão Avaliadora de "
            f"Cotas, composta por {numero_e_extenso(len(sessao.membros), feminino=False)} "
            f"membros distribuídos por gênero e cor{_art(sessao, 'membros')}: {membros_txt}. "
            f"Foram avaliados {numero_e_extenso(len(sessao.avaliacoes), feminino=False)} "
            "candidatos autodeclarados pretos ou pardos, aprovados, antes da homologação do "
            "resultado final, pelo critério do fenótipo"
            f"{_art(sessao, 'momento')}. {filmagem(sessao)} O candidato é reconhecido pela "
            f"maioria dos membros{_art(sessao, 'maioria')}; quem não é reconhecido, não "
            "comparece ou se recusa à filmagem ou às perguntas segue na ampla concorrência"
            f"{_art(sessao, 'nao_reconhecido')}."
        )
    )
    doc.blocos.append(
        Tabela(
            "membros",
            "Membros da comissão",
            ("Nome", "Gênero", "Cor/raça"),
            [(m.nome, m.genero, m.cor_raca) for m in sessao.membros],
        )
    )
    colunas = (
        "Inscrição",
        "Nome",
        "Cargo",
        "Comparecimento",
        *(f"Voto: {m.nome}" for m in sessao.membros),
        "Maioria",
        "Decisão",
    )
    linhas: list[tuple[object, ...]] = []
    for a in sessao.avaliacoes:
        votos = []
        for m in sessao.membros:
            v = a.votos.get(m.nome)
            votos.append("" if v is None else ("reconhece" if v else "não reconhece"))
        linhas.append(
            (
                a.inscricao,
                a.nome,
                a.cargo,
                _comparecimento(a),
                *votos,
                maioria(a, sessao.membros),
                RESULTADOS.get(a.resultado, a.resultado),
            )
        )
    doc.blocos.append(Tabela("decisoes", "Decisões da sessão", colunas, linhas))
    doc.blocos.append(
        Tabela(
            "recursos",
            f"Recursos{_art(sessao, 'recursos')}",
            (
                "Inscrição",
                "Recorrente",
                "Interposto em",
                "Decisão",
                "Parecer final",
                "Fundamentação",
            ),
            [
                (
                    r.inscricao,
                    r.recorrente,
                    data_br(r.interposto_em),
                    r.decisao or "Pendente",
                    RESULTADOS.get(r.resultado_final, r.resultado_final) if r.decisao else "",
                    r.fundamentacao,
                )
                for r in sessao.recursos
            ],
        )
    )
    finais = resultado_apos_recursos(sessao)
    doc.blocos.append(
        Tabela(
            "resultado",
            "Resultado após os recursos",
            ("Inscrição", "Nome", "Cargo", "Resultado"),
            [
                (a.inscricao, a.nome, a.cargo, RESULTADOS.get(finais[a.inscricao], ""))
                for a in sessao.avaliacoes
            ],
        )
    )
    if sessao.observacoes:
        doc.blocos.append(Titulo("Observações"))
        doc.blocos.append(Paragrafo(sessao.observacoes))
    doc.blocos.append(
        Paragrafo(
            "Nada mais havendo a tratar, encerrou-se a sessão, lavrando-se a presente ata, "
            "assinada pelos membros da comissão."
        )
    )
    for m in sessao.membros:
        doc.blocos.append(Paragrafo(f"______________________________ {m.nome}", "assinatura"))
    return doc
