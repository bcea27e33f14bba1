"""Ata de uma sessão da comissão de heteroidentificação (parâmetros `heteroidentificacao.*`).

A entrada é um registro simples da sessão — membros com gênero e cor, cada candidato com
comparecimento, recusas, o voto de cada membro, o parecer escrito, as gravações enviadas e o
resultado —, que a aplicação web preenche a partir do banco e congela no encerramento da
sessão, com os dispositivos da lei do certame (`SessaoAta.referencias`, a
`RegraComissao.referencias` do motor): cada artigo citado vem deles.
O parecer é fato registrado pela comissão: a ata o transcreve e mostra a contagem dos votos,
nunca o decide. A ata é da sessão e não muda depois dela: os recursos, posteriores, vão no seu
próprio registro (`registro_recursos`), com as datas de interposição e de decisão.

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
    # O parecer escrito da comissão sobre a verificação e as gravações de fato enviadas.
    parecer: str = ""
    gravacoes: int = 0


@dataclass(frozen=True)
class RecursoAta:
    inscricao: str
    recorrente: str  # "O próprio candidato" / "Outro candidato: Fulano"
    interposto_em: date | None
    decisao: str = ""  # "Provido", "Não provido" ou "" (pendente)
    resultado_final: str = ""
    fundamentacao: str = ""
    nome: str = ""
    razoes: str = ""
    decidido_em: date | None = None
    sessao: date | None = None  # a sessão que deu o parecer recorrido
    parecer_recorrido: str = ""
    sem_efeito: str = ""  # "Tornada sem efeito por ... de dd/mm/aaaa", se for o caso


@dataclass(frozen=True)
class SessaoAta:
    certame: str
    municipio: str
    data: date
    local: str
    membros: list[MembroAta]
    avaliacoes: list[AvaliacaoAta]
    observacoes: str = ""
    numero: int | None = None
    # Os dispositivos da lei por parâmetro (`membros`, `decisao`, `recursos`...): a ata só cita
    # o que a lei traz.
    referencias: Mapping[str, Referencia] = field(default_factory=dict)
    # A regra da comissão da lei do certame (as palavras da decisão e dos destinos).
    regra: RegraComissao | None = None
    # Quando a sessão foi encerrada ("" enquanto aberta: a ata é uma minuta).
    encerrada_em: str = ""


def _art(origem: SessaoAta | RegistroRecursos, *chaves: str) -> str:
    """ " (<artigo>; <artigo>)" dos parâmetros que a lei do certame traz, ou nada."""
    artigos = [origem.referencias[c].artigo for c in chaves if c in origem.referencias]
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


def voto_de(a: AvaliacaoAta, membro: str) -> str:
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
    """O que a ata diz da filmagem: as gravações contadas como enviadas, nunca supostas."""
    if sessao.regra is not None and not sessao.regra.registro_audiovisual:
        return f"A lei não prevê a filmagem da verificação{_art(sessao, 'registro_audiovisual')}."
    convocados = len(sessao.avaliacoes)
    enviadas = sum(a.gravacoes for a in sessao.avaliacoes)
    com = sum(1 for a in sessao.avaliacoes if a.gravacoes)
    frase = (
        f"Registro audiovisual, para uso exclusivo da comissão"
        f"{_art(sessao, 'registro_audiovisual')}: {enviadas} "
        f"{'gravação enviada' if enviadas == 1 else 'gravações enviadas'}"
        f" de {convocados} {'convocado' if convocados == 1 else 'convocados'}"
    )
    if enviadas:
        frase += f" ({com} {'verificação' if com == 1 else 'verificações'} com gravação)"
    recusaram = [a.inscricao for a in sessao.avaliacoes if a.recusou_filmagem]
    if recusaram:
        rotulo = "inscrição" if len(recusaram) == 1 else "inscrições"
        frase += f"; recusaram a filmagem: {rotulo} {', '.join(recusaram)}"
    return frase + "."


def comparecimento(a: AvaliacaoAta) -> str:
    texto = {True: "presente", False: "ausente", None: "não registrado"}[a.compareceu]
    if a.recusou_filmagem:
        texto += "; recusou ser filmado(a) ou fotografado(a)"
    if a.recusou_perguntas:
        texto += "; não respondeu às perguntas"
    return texto


def resultado_apos_recursos(
    pareceres: Mapping[str, str], recursos: list[RecursoAta]
) -> dict[str, str]:
    """O parecer de cada inscrição depois dos recursos decididos e em vigor (o último decide)."""
    finais = dict(pareceres)
    for r in sorted(recursos, key=lambda r: r.decidido_em or date.min):
        if r.decisao and r.resultado_final and not r.sem_efeito:
            finais[r.inscricao] = r.resultado_final
    return finais


def ata_sessao(sessao: SessaoAta) -> Documento:
    titulo = "Ata da sessão da Comissão Avaliadora de Cotas"
    if sessao.numero is not None:
        titulo += f" nº {sessao.numero}"
    if not sessao.encerrada_em:
        titulo += " (minuta: sessão não encerrada)"
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
        "Gravações enviadas",
        "Parecer da comissão",
    )
    linhas: list[tuple[object, ...]] = []
    for a in sessao.avaliacoes:
        linhas.append(
            (
                a.inscricao,
                a.nome,
                a.cargo,
                comparecimento(a),
                *(voto_de(a, m.nome) for m in sessao.membros),
                maioria(a, sessao.membros, sessao.regra),
                resultado_em_palavras(a.resultado, sessao.regra),
                a.gravacoes,
                a.parecer,
            )
        )
    doc.blocos.append(Tabela("decisoes", "Decisões da sessão", colunas, linhas))
    if sessao.observacoes:
        doc.blocos.append(Titulo("Observações"))
        doc.blocos.append(Paragrafo(sessao.observacoes))
    doc.blocos.append(
        Paragrafo(
            "Os recursos contra estes pareceres, posteriores à sessão, constam do registro dos "
            f"recursos da comissão{_art(sessao, 'recursos')}, não desta ata."
        )
    )
    encerramento = (
        f"Nada mais havendo a tratar, encerrou-se a sessão em {sessao.encerrada_em}, "
        "lavrando-se a presente ata, assinada pelos membros da comissão."
        if sessao.encerrada_em
        else "Minuta: a sessão ainda não foi encerrada; a ata se fecha no encerramento."
    )
    doc.blocos.append(Paragrafo(encerramento))
    for m in sessao.membros:
        doc.blocos.append(Paragrafo(f"______________________________ {m.nome}", "assinatura"))
    return doc


@dataclass(frozen=True)
class RegistroRecursos:
    """Os recursos contra os pareceres da comissão de um certame, com as datas de cada um."""

    certame: str
    municipio: str
    recursos: list[RecursoAta]
    referencias: Mapping[str, Referencia] = field(default_factory=dict)
    regra: RegraComissao | None = None
    prazo: str = ""  # o prazo do recurso, como a aplicação o lê da lei (ou do edital)


def registro_recursos(registro: RegistroRecursos) -> Documento:
    """O registro dos recursos: cada um com quem recorre, as datas (interposição, decisão), a
    decisão, a fundamentação e o parecer antes e depois; a decisão tornada sem efeito fica,
    marcada. Documento de acesso restrito, como a ata."""
    art = _art(registro, "recursos")
    doc = Documento(
        "recursos-comissao",
        "Registro dos recursos contra os pareceres da Comissão Avaliadora de Cotas",
        registro.certame,
        registro.municipio,
        paisagem=True,
    )
    pendentes = sum(1 for r in registro.recursos if not r.decisao and not r.sem_efeito)
    texto = (
        f"Recursos interpostos contra os pareceres da comissão{art}: {len(registro.recursos)}"
        f", {pendentes} sem decisão."
    )
    if registro.prazo:
        texto += f" {registro.prazo}"
    doc.blocos.append(Paragrafo(texto))

    def _resultado(codigo: str) -> str:
        return resultado_em_palavras(codigo, registro.regra) if codigo else ""

    doc.blocos.append(
        Tabela(
            "recursos",
            f"Recursos{art}",
            (
                "Inscrição",
                "Nome",
                "Recorrente",
                "Sessão do parecer",
                "Parecer recorrido",
                "Interposto em",
                "Razões",
                "Decisão",
                "Decidido em",
                "Fundamentação",
                "Resultado final",
                "Situação da decisão",
            ),
            [
                (
                    r.inscricao,
                    r.nome,
                    r.recorrente,
                    data_br(r.sessao) if r.sessao else "",
                    _resultado(r.parecer_recorrido),
                    data_br(r.interposto_em) if r.interposto_em else "",
                    r.razoes,
                    r.decisao or "Pendente",
                    data_br(r.decidido_em) if r.decidido_em else "",
                    r.fundamentacao,
                    _resultado(r.resultado_final) if r.decisao else "",
                    r.sem_efeito or ("em vigor" if r.decisao else "aguarda decisão"),
                )
                for r in registro.recursos
            ],
        )
    )
    return doc
