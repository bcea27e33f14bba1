"""O candidato como o motor o vê: fatos declarados e registrados, nunca calculados.

Autodeclaração, opção pela reserva e parecer da comissão são fatos de entrada
(não há parecer "confirmado" por padrão).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import date
from decimal import Decimal
from enum import StrEnum


class CorRaca(StrEnum):
    """Quesito cor ou raça do IBGE (quais dão direito à reserva: `negros.cores`)."""

    BRANCA = "branca"
    PRETA = "preta"
    PARDA = "parda"
    AMARELA = "amarela"
    INDIGENA = "indigena"


class Situacao(StrEnum):
    APROVADO = "aprovado"
    ELIMINADO = "eliminado"


class Heteroidentificacao(StrEnum):
    """Resultado do procedimento de heteroidentificação (parâmetros `heteroidentificacao.*`)."""

    CONFIRMADO = "confirmado"
    NAO_CONFIRMADO = "nao_confirmado"
    AUSENTE = "ausente"
    RECUSOU_FILMAGEM = "recusou_filmagem"
    RECUSOU_PERGUNTAS = "recusou_perguntas"
    PENDENTE = "pendente"


@dataclass(frozen=True)
class Candidato:
    """Uma inscrição em um cargo."""

    inscricao: str
    nome: str
    cargo: str
    nota: Decimal
    situacao: Situacao = Situacao.APROVADO
    cor_raca: CorRaca | None = None
    reserva_negros: bool = False  # optou pela reserva na inscrição
    pcd: bool = False  # concorre às vagas reservadas a pessoas com deficiência
    heteroidentificacao: Heteroidentificacao | None = None
    data_nascimento: date | None = None
    classificacao: int | None = None  # posição dada pela banca, que então decide a ordem
    desempate: tuple[tuple[str, Decimal], ...] = ()  # colunas de desempate que o edital nomeia
    cpf: str | None = None
    # lista preferida por quem é de dois grupos (docs/INTERPRETACAO.md#dupla-condicao)
    opcao_lista: str | None = None
    linha: int | None = field(default=None, compare=False)  # linha no arquivo de origem

    @property
    def aprovado(self) -> bool:
        return self.situacao is Situacao.APROVADO

    @property
    def autodeclarado_negro(self) -> bool:
        return self.cor_raca in (CorRaca.PRETA, CorRaca.PARDA)

    def valor_desempate(self, coluna: str) -> Decimal | None:
        for nome, valor in self.desempate:
            if nome == coluna:
                return valor
        return None
