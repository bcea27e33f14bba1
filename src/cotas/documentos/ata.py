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
from cotas.motor.comissao import por_cento, regra_em_palavras
from cotas.motor.razoes import Referencia
from cotas.motor.regras import RegraComissao

# O resultado em palavras; a consequência (", segue na ampla concorrência") vem da regra da lei
# (`RegraComissao.destino`), nunca daqui.
RESULTADOS = {
    "confirmado": "Reconhecido(a) como negro(a): concorre às vagas reservadas",
    "nao_confirmado": "Não reconhecido(a)",
    "ausente": "Ausente",
    "recusou_filmagem": "Recusou a filmagem",
    "recusou_perguntas": "Não respondeu às perguntas",
    "pendente": "Pendente",
    "": "Pendente",
}


def resultado_em_palavras(resultado: str, regra: RegraComissao | None) -> str:
    """O resultado e, se negativo, o destino que a lei do certame lhe dá."""
    texto = RESULTADOS.get(resultado, resultado)
    if regra is None or resultado in ("confirmado", "pendente", ""):
        return texto
    return f"{texto}: {regra.destino_curto(resultado)}"


@dataclass(frozen=True)
class MembroAta:
    nome: str
    genero: str
    cor_raca: str


@dataclass(frozen=True)
class AvaliacaoAta:
    """Um candidato convocado: comparecimento, recusas, votos (membro → reconhece; None: presente
    e absteve-se; o membro ausente não está) e parecer."""

    inscricao: str
    nome: str
    cargo: str
    compareceu: bool | None
    votos: dict[str, bool | None] = field(default_factory=dict)
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
    # Os dispositivos da lei por parâmetro (`membros`, `decisao`, `recursos`...): a ata só cita
    # o que a lei traz.
    referencias: Mapping[str, Referencia] = field(default_factory=dict)
    # A regra da comissão da lei do certame (as palavras da decisão e dos destinos).
    regra: RegraComissao | None = None


def _art(sessao: SessaoAta, *chaves: str) -> str:
    """ " (<artigo>; <artigo>)" dos parâmetros que a lei do certame traz, ou nada."""
    artigos = [sessao.referencias[c].artigo for c in chaves if c in sessao.referencias]
    return f" ({'; '.join(artigos)})" if artigos else ""


def maioria(
    avaliacao: AvaliacaoAta, membros: list[MembroAta], regra: RegraComissao | None = None
) -> str:
    """A contagem dos votos como a ata a escreve, sobre a base da lei: "2 de 3 reconhecem"."""
    if not avaliacao.votos:
        return "sem votos"
    sim = sum(1 for v in avaliacao.votos.values() if v)
    base = regra.decisao_base if regra is not None else "membros"
    if base == "presentes":
        total, quem = len(avaliacao.votos), " presentes"
    elif base == "votos":
        total, quem = sum(1 for v in avaliacao.votos.values() if v is not None), " votos"
    else:
        total, quem = len(membros) or len(avaliacao.votos), ""
    return f"{sim} de {total}{quem} reconhece{'m' if sim != 1 else ''}"


def _voto(a: AvaliacaoAta, membro: str) -> str:
    if not a.votos:
        return ""
    if membro not in a.votos:
        return "ausente"
    v = a.votos[membro]
    return "absteve-se" if v is None else ("reconhece" if v else "não reconhece")


def _composicao(sessao: SessaoAta) -> str:
    """Como a lei compõe a comissão, com os artigos."""
    regra = sessao.regra
    partes = []
    if regra is not None and regra.composicao_distribuida:
        criterios = " e ".join(
            {"genero": "gênero", "cor": "cor"}[c] for c in regra.composicao_distribuida
        )
        partes.append(f"distribuídos por {criterios}{_art(sessao, 'composicao_distribuida')}")
    if regra is not None and regra.composicao_minimo is not None:
        cores = " ou ".join(regra.composicao_minimo_cores)
        partes.append(
            f"com pelo menos {por_cento(regra.composicao_minimo)}% de cor {cores}"
            f"{_art(sessao, 'composicao_minimo')}"
        )
    return (", " + ", ".join(partes)) if partes else ""


def _regra_e_destinos(sessao: SessaoAta) -> str:
    """A regra de reconhecimento e o destino de quem não é reconhecido, falta ou recusa."""
    regra = sessao.regra
    if regra is None:
        return f"O candidato é reconhecido pela regra de decisão da lei{_art(sessao, 'decisao')}."
    frase = (
        f"O candidato é reconhecido {regra_em_palavras(regra)}"
        f"{_art(sessao, 'decisao')}; quem não é "
        "reconhecido, não comparece ou não responde às perguntas "
        f"{regra.destino('nao_confirmado')}{_art(sessao, 'nao_reconhecido')}"
    )
    if regra.registro_audiovisual:
        frase += (
            f"; quem se recusa à filmagem {regra.destino('recusou_filmagem')}"
            f"{_art(sessao, 'recusa_filmagem')}"
        )
    return frase + "."


def filmagem(sessao: SessaoAta) -> str:
    """O que a ata diz da filmagem: nunca que filmou quem a recusou."""
    if sessao.regra is not None and not sessao.regra.registro_audiovisual:
        return f"A lei não prevê a filmagem da verificação{_art(sessao, 'registro_audiovisual')}."
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
            f"membros{_art(sessao, 'membros')}{_composicao(sessao)}: {membros_txt}. "
            f"Foram avaliados {numero_e_extenso(len(sessao.avaliacoes), feminino=False)} "
            "candidatos autodeclarados pretos ou pardos, aprovados, antes da homologação do "
            "resultado final, pelo critério do fenótipo"
            f"{_art(sessao, 'momento')}. {filmagem(sessao)} {_regra_e_destinos(sessao)}"
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
        "Maioria" if sessao.regra is None or sessao.regra.decisao == "maioria" else "Votação",
        "Decisão",
    )
    linhas: list[tuple[object, ...]] = []
    for a in sessao.avaliacoes:
        linhas.append(
            (
                a.inscricao,
                a.nome,
                a.cargo,
                _comparecimento(a),
                *(_voto(a, m.nome) for m in sessao.membros),
                maioria(a, sessao.membros, sessao.regra),
                resultado_em_palavras(a.resultado, sessao.regra),
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
                    resultado_em_palavras(r.resultado_final, sessao.regra) if r.decisao else "",
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
                (
                    a.inscricao,
                    a.nome,
                    a.cargo,
                    resultado_em_palavras(finais[a.inscricao], sessao.regra),
                )
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
