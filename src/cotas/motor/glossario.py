"""O vocabulário do domínio: cada código com um rótulo só, em pt-BR, escrito uma vez.

Os códigos são os dos arquivos (cenário, planilha) e do banco; os rótulos, o que se lê nos
documentos, na tela e nas escolhas da linha de comando. O resto deriva daqui: as escolhas do
Django (`cotas_web/*/models.py`), as da linha de comando, as do leitor do cenário, os nomes das
listas nos documentos e na web (`tests/test_glossario.py` confere que são os mesmos).

`rotulo(codigo)` é o rótulo como título ("Pessoas com deficiência"); `no_meio_da_frase(codigo)`,
o mesmo no meio de uma frase ("pessoas com deficiência").
"""

from __future__ import annotations

from collections.abc import Iterable
from enum import StrEnum

from cotas.motor.aritmetica import Arredondamento


class Codigo(StrEnum):
    """Um código do glossário, com o seu rótulo (`ROTULOS`). Os tipos daqui são também as
    escolhas do Django (`cotas_web`): os mesmos membros, nunca redeclarados."""

    @property
    def rotulo(self) -> str:
        return ROTULOS[self]


# As listas: a geral e as reservadas (os grupos das leis e a do edital).
AMPLA = "ampla"
PCD = "pcd"


class CorRaca(Codigo):
    """Quesito cor ou raça do IBGE (quais dão direito à reserva: `negros.cores`)."""

    BRANCA = "branca"
    PRETA = "preta"
    PARDA = "parda"
    AMARELA = "amarela"
    INDIGENA = "indigena"


class Situacao(Codigo):
    APROVADO = "aprovado"
    ELIMINADO = "eliminado"


class Heteroidentificacao(Codigo):
    """Resultado do procedimento de heteroidentificação (parâmetros `heteroidentificacao.*`)."""

    CONFIRMADO = "confirmado"
    NAO_CONFIRMADO = "nao_confirmado"
    AUSENTE = "ausente"
    RECUSOU_FILMAGEM = "recusou_filmagem"
    RECUSOU_PERGUNTAS = "recusou_perguntas"
    PENDENTE = "pendente"


class TipoSelecao(Codigo):
    CONCURSO_PUBLICO = "concurso_publico"
    CONTRATACAO_TEMPORARIA = "contratacao_temporaria"
    ESTAGIO = "estagio"

    def descricao(self) -> str:
        return no_meio_da_frase(self)


class Orgao(Codigo):
    """Quem faz a seleção (o órgão ou a entidade): as leis abrangem alguns (`orgaos.<tipo>`)."""

    ADMINISTRACAO_DIRETA = "administracao_direta"
    AUTARQUIA = "autarquia"
    FUNDACAO = "fundacao"
    EMPRESA_PUBLICA = "empresa_publica"
    SOCIEDADE_ECONOMIA_MISTA = "sociedade_economia_mista"
    LEGISLATIVO = "legislativo"

    def descricao(self) -> str:
        return no_meio_da_frase(self)


class ArredondamentoPcd(Codigo):
    """O arredondamento da reserva PcD como o edital o escreve (`Arredondamento.do_edital`)."""

    CIMA = "cima"
    MEIO = "meio"
    BAIXO = "baixo"


class BaseDoLimiar(Codigo):
    """Sobre quais vagas se conta o mínimo de 3 (docs/INTERPRETACAO.md#base-do-limiar).

    Padrão: todas as oferecidas até o momento; o porquê, com o texto das leis, está na nota.
    """

    TODAS_OFERTADAS = "todas_ofertadas"
    EDITAL = "edital"


class FracaoEntreLotes(Codigo):
    TOTAL_ACUMULADO = "total_acumulado"  # docs/INTERPRETACAO.md#fracao-entre-lotes
    POR_LOTE = "por_lote"


class Preterido(Codigo):
    """O que se segue quando uma correção posterior põe alguém à frente de quem uma nomeação
    publicada nomeou (questão aberta, docs/INTERPRETACAO.md#atos-publicados). O ato publicado
    nunca se move; o preterido recebe a próxima vaga da lista de que seria chamado, que é o que
    o livro do certame faz com os atos publicados (o único valor implementado: a decisão da
    autoridade por ato registrado ainda não)."""

    PROXIMA_VAGA_DA_LISTA = "proxima_vaga_da_lista"


class PrioridadeColisao(Codigo):
    """Questão aberta (docs/INTERPRETACAO.md#prioridade-colisao): quem recebe a vaga quando
    um grupo da lei e PcD a querem ao mesmo tempo; o outro grupo recebe a seguinte.

    (No cenário, a mesma escolha é a lista `prioridade_colisao` com os nomes dos grupos.)"""

    LEI_PCD = "lei,pcd"
    PCD_LEI = "pcd,lei"

    @property
    def ordem(self) -> tuple[str, ...]:
        """A ordem para o motor: vazia = os grupos da lei na ordem dela, depois PcD."""
        return () if self is PrioridadeColisao.LEI_PCD else (PCD,)


class DuplaCondicao(Codigo):
    """Candidato de dois grupos devido por ambas as listas (questão aberta,
    docs/INTERPRETACAO.md#dupla-condicao).

    Em lotes diferentes, fica sempre com a lista que o nomeia antes; se as duas o chamam no
    mesmo lote — o mesmo ato de nomeação —, vale a opção do candidato (`opcao_lista`) e, sem
    opção, a lista racial (LISTA_QUE_NOMEIA_ANTES, padrão) ou a de PcD (..._SENAO_PCD): os
    editais variam.
    """

    LISTA_QUE_NOMEIA_ANTES = "lista_que_nomeia_antes"
    LISTA_QUE_NOMEIA_ANTES_SENAO_PCD = "lista_que_nomeia_antes_senao_pcd"

    @property
    def pcd_sem_opcao(self) -> bool:
        """Sem opção do candidato, a lista de PcD (senão, a do grupo da lei)."""
        return self is DuplaCondicao.LISTA_QUE_NOMEIA_ANTES_SENAO_PCD


class TipoEvento(Codigo):
    NOVAS_VAGAS = "novas_vagas"
    DESISTENCIA = "desistencia"
    # O nomeado que não tomou posse no prazo: deixa a vaga como quem desiste (a mesma regra da
    # lista da vaga a recompõe, docs/INTERPRETACAO.md#sem-posse), mas o fato publicado é outro.
    SEM_POSSE = "sem_posse"
    ANULACAO = "anulacao"  # declaração falsa na autodeclaração racial, após procedimento
    ELIMINACAO = "eliminacao"  # outra causa, com o fundamento que o operador informa
    FINAL_DE_FILA = "final_de_fila"

    @property
    def descricao(self) -> str:
        """O nome do evento nas mensagens (o valor é o código dos arquivos)."""
        return ROTULOS[self]


# Um rótulo por código. As listas por nome: a ampla, a do edital (PcD) e os grupos que as leis
# declaram ([[grupos]]), registrados pelo catálogo ao carregá-las (`registrar_lista`).
ROTULOS_LISTA: dict[str, str] = {
    AMPLA: "Ampla concorrência",
    PCD: "Pessoas com deficiência",
}


def registrar_lista(codigo: str, rotulo_da_lista: str) -> None:
    """O rótulo da lista de um grupo declarado por uma lei. Um código, um rótulo: duas leis
    que declaram o mesmo grupo o chamam do mesmo modo (senão, `ValueError`)."""
    atual = ROTULOS_LISTA.setdefault(codigo, rotulo_da_lista)
    if atual != rotulo_da_lista:
        raise ValueError(
            f"o grupo '{codigo}' tem dois rótulos nas leis: '{atual}' e '{rotulo_da_lista}'"
        )


ROTULOS: dict[StrEnum, str] = {
    CorRaca.BRANCA: "Branca",
    CorRaca.PRETA: "Preta",
    CorRaca.PARDA: "Parda",
    CorRaca.AMARELA: "Amarela",
    CorRaca.INDIGENA: "Indígena",
    Situacao.APROVADO: "Aprovado",
    Situacao.ELIMINADO: "Eliminado",
    Heteroidentificacao.CONFIRMADO: "Confirmado pela comissão",
    Heteroidentificacao.NAO_CONFIRMADO: "Não confirmado",
    Heteroidentificacao.AUSENTE: "Ausente",
    Heteroidentificacao.RECUSOU_FILMAGEM: "Recusou a filmagem",
    Heteroidentificacao.RECUSOU_PERGUNTAS: "Recusou as perguntas",
    Heteroidentificacao.PENDENTE: "Pendente",
    TipoSelecao.CONCURSO_PUBLICO: "Concurso público",
    TipoSelecao.CONTRATACAO_TEMPORARIA: "Contratação temporária/emergencial",
    TipoSelecao.ESTAGIO: "Seleção de estagiários",
    Orgao.ADMINISTRACAO_DIRETA: "Administração direta",
    Orgao.AUTARQUIA: "Autarquia",
    Orgao.FUNDACAO: "Fundação pública",
    Orgao.EMPRESA_PUBLICA: "Empresa pública",
    Orgao.SOCIEDADE_ECONOMIA_MISTA: "Sociedade de economia mista",
    Orgao.LEGISLATIVO: "Órgãos do Poder Legislativo",
    ArredondamentoPcd.CIMA: "Sempre para cima",
    ArredondamentoPcd.MEIO: "Fração ≥ 0,5 para cima",
    ArredondamentoPcd.BAIXO: "Sempre para baixo",
    BaseDoLimiar.TODAS_OFERTADAS: "Todas as vagas oferecidas até o momento (padrão)",
    BaseDoLimiar.EDITAL: "Só as vagas do edital",
    FracaoEntreLotes.TOTAL_ACUMULADO: "A fração vale sobre o total acumulado das vagas oferecidas",
    FracaoEntreLotes.POR_LOTE: "A fração vale em cada lote de vagas, separadamente",
    PrioridadeColisao.LEI_PCD: "Os grupos da lei primeiro, depois PcD (padrão)",
    PrioridadeColisao.PCD_LEI: "PcD primeiro, depois os grupos da lei",
    Preterido.PROXIMA_VAGA_DA_LISTA: "O ato publicado fica; o preterido recebe a próxima vaga "
    "da lista de que seria chamado (padrão)",
    DuplaCondicao.LISTA_QUE_NOMEIA_ANTES: "A lista que o chama antes; no mesmo ato, a opção "
    "dele ou, sem opção, a do grupo da lei (padrão)",
    DuplaCondicao.LISTA_QUE_NOMEIA_ANTES_SENAO_PCD: "A lista que o chama antes; no mesmo ato, "
    "a opção dele ou, sem opção, a de PcD",
    TipoEvento.NOVAS_VAGAS: "Novas vagas",
    TipoEvento.DESISTENCIA: "Desistência",
    TipoEvento.SEM_POSSE: "Prazo de posse esgotado",
    TipoEvento.ANULACAO: "Anulação",
    TipoEvento.ELIMINACAO: "Eliminação",
    TipoEvento.FINAL_DE_FILA: "Final de fila",
}


def rotulo(codigo: StrEnum | str | None) -> str:
    """O rótulo de um código do glossário ou de uma lista; um código sem rótulo sai como é."""
    if codigo is None:
        return ""
    if isinstance(codigo, StrEnum) and codigo in ROTULOS:
        return ROTULOS[codigo]
    return ROTULOS_LISTA.get(str(codigo), str(codigo))


def no_meio_da_frase(codigo: StrEnum | str | None) -> str:
    """O rótulo com a inicial minúscula ("pessoas com deficiência"), salvo a de uma sigla."""
    texto = rotulo(codigo)
    if any(c.isupper() for c in texto.split(" ")[0][1:]):
        return texto
    return texto[:1].lower() + texto[1:]


def escolhas(tipo: Iterable[StrEnum]) -> list[tuple[str, str]]:
    """(código, rótulo) de cada membro, na ordem da declaração: as escolhas de um formulário."""
    return [(m.value, ROTULOS[m]) for m in tipo]


def codigos(tipo: Iterable[StrEnum]) -> list[str]:
    """Os códigos aceitos, na ordem da declaração: as escolhas da linha de comando e do cenário."""
    return [m.value for m in tipo]


# Todos os tipos com rótulo (para quem confere que nenhum ficou sem).
TIPOS: tuple[type[StrEnum], ...] = (
    CorRaca,
    Situacao,
    Heteroidentificacao,
    TipoSelecao,
    Orgao,
    ArredondamentoPcd,
    BaseDoLimiar,
    FracaoEntreLotes,
    PrioridadeColisao,
    DuplaCondicao,
    Preterido,
    TipoEvento,
)

__all__ = [
    "AMPLA",
    "PCD",
    "ROTULOS",
    "ROTULOS_LISTA",
    "TIPOS",
    "Arredondamento",
    "ArredondamentoPcd",
    "BaseDoLimiar",
    "Codigo",
    "CorRaca",
    "DuplaCondicao",
    "FracaoEntreLotes",
    "Heteroidentificacao",
    "Orgao",
    "Preterido",
    "PrioridadeColisao",
    "Situacao",
    "TipoEvento",
    "TipoSelecao",
    "codigos",
    "escolhas",
    "no_meio_da_frase",
    "registrar_lista",
    "rotulo",
]
