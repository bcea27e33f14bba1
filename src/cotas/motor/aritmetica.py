"""Aritmética exata das reservas: frações, nunca ponto flutuante.

Cada arredondamento leva o nome do texto que o define.
"""

from __future__ import annotations

import math
from decimal import Decimal
from enum import StrEnum
from fractions import Fraction


class Arredondamento(StrEnum):
    """Modos de arredondamento, cada um com o texto legal que o descreve."""

    # Fração ≥ 0,5 para cima, < 0,5 para baixo (o das leis de reserva: `negros.arredondamento`).
    MEIO_PARA_CIMA = "meio_para_cima"
    # Sempre o inteiro subsequente (o padrão federal para PcD: docs/INTERPRETACAO.md#reserva-pcd).
    CIMA = "cima"
    # Fração desprezada.
    BAIXO = "baixo"

    @classmethod
    def do_edital(cls, texto: str) -> Arredondamento:
        """Converte o vocabulário do cenário ("cima" | "meio" | "baixo")."""
        apelidos = {"meio": cls.MEIO_PARA_CIMA, "meio_para_cima": cls.MEIO_PARA_CIMA}
        if texto in apelidos:
            return apelidos[texto]
        return cls(texto)

    def descricao(self) -> str:
        return {
            Arredondamento.MEIO_PARA_CIMA: "fração igual ou maior que 0,5 arredonda para cima; "
            "menor que 0,5, para baixo",
            Arredondamento.CIMA: "qualquer fração arredonda para o inteiro seguinte",
            Arredondamento.BAIXO: "a fração é desprezada",
        }[self]


def arredondar(valor: Fraction, modo: Arredondamento) -> int:
    """Arredonda um valor exato não negativo segundo o modo legal."""
    if valor < 0:
        raise ValueError("valor negativo")
    if modo is Arredondamento.CIMA:
        return math.ceil(valor)
    if modo is Arredondamento.BAIXO:
        return math.floor(valor)
    inteiro = math.floor(valor)
    return inteiro + 1 if valor - inteiro >= Fraction(1, 2) else inteiro


def percentual_de(percentual: Fraction, quantidade: int) -> Fraction:
    """`percentual`% de `quantidade`, exato."""
    return percentual * quantidade / 100


def fracao(valor: Decimal | int | str | Fraction) -> Fraction:
    return valor if isinstance(valor, Fraction) else Fraction(str(valor))


def formatar(valor: Fraction, casas: int = 4) -> str:
    """Número em formato brasileiro ("2,4"); dízimas mostram `casas` algarismos e reticências."""
    if valor.denominator == 1:
        return str(valor.numerator)
    escalado = valor * 10**casas
    decimal = Decimal(math.floor(escalado)) / Decimal(10**casas)
    texto = f"{decimal:.{casas}f}"
    texto = texto.rstrip("0").rstrip(".") if escalado.denominator == 1 else texto + "…"
    return texto.replace(".", ",")


def formatar_percentual(percentual: Fraction) -> str:
    return f"{formatar(percentual)}%"
