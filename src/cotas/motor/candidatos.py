"""O candidato como o motor o vê: fatos declarados e registrados, nunca calculados.

Autodeclaração, opção pela reserva e parecer da comissão são fatos de entrada
(não há parecer "confirmado" por padrão).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import date
from decimal import Decimal

# (Reexportados: o vocabulário está em `glossario`.)
from cotas.motor.glossario import CorRaca as CorRaca
from cotas.motor.glossario import Heteroidentificacao as Heteroidentificacao
from cotas.motor.glossario import Situacao as Situacao


@dataclass(frozen=True)
class Candidato:
    """Uma inscrição em um cargo."""

    inscricao: str
    nome: str
    cargo: str
    nota: Decimal
    situacao: Situacao = Situacao.APROVADO
    cor_raca: CorRaca | None = None
    # os grupos da lei por cuja reserva optou na inscrição (os códigos dos [[grupos]] da lei)
    reservas: frozenset[str] = frozenset()
    pcd: bool = False  # concorre às vagas reservadas a pessoas com deficiência
    # resultado da verificação de cada grupo que a lei verifica (comissão ou documentos)
    verificacoes: tuple[tuple[str, Heteroidentificacao], ...] = ()
    data_nascimento: date | None = None
    classificacao: int | None = None  # posição dada pela banca, que então decide a ordem
    desempate: tuple[tuple[str, Decimal], ...] = ()  # colunas de desempate que o edital nomeia
    cpf: str | None = None
    # lista preferida por quem é de dois grupos (docs/INTERPRETACAO.md#dupla-condicao)
    opcao_lista: str | None = None
    linha: int | None = field(default=None, compare=False)  # linha no arquivo de origem
    # os campos que a lei do certame declara ([[campos]]: anos de escola pública...), lidos
    # das colunas dela; decidem a elegibilidade de um grupo (`cotas.motor.elegibilidade`)
    campos: tuple[tuple[str, int | bool], ...] = ()

    @property
    def aprovado(self) -> bool:
        return self.situacao is Situacao.APROVADO

    def optou(self, grupo: str) -> bool:
        return grupo in self.reservas

    def verificacao(self, grupo: str) -> Heteroidentificacao | None:
        for nome, resultado in self.verificacoes:
            if nome == grupo:
                return resultado
        return None

    def campo(self, nome: str) -> int | bool | None:
        for n, valor in self.campos:
            if n == nome:
                return valor
        return None

    def valor_desempate(self, coluna: str) -> Decimal | None:
        for nome, valor in self.desempate:
            if nome == coluna:
                return valor
        return None
