"""Referências legais e razões: todo resultado do motor diz o porquê."""

from __future__ import annotations

import functools
from dataclasses import dataclass, field


@dataclass(frozen=True)
class Referencia:
    """Um dispositivo legal com as palavras do texto publicado."""

    norma: str  # a lei (número, ano, município), a Constituição ou "Edital"
    artigo: str  # o dispositivo: artigo, parágrafo, inciso
    texto: str

    def citacao(self) -> str:
        return f"{self.norma}, {self.artigo}"


@dataclass(frozen=True)
class Razao:
    """Razão estruturada de um resultado: código, frase em pt-BR, fundamentos, valores e conta."""

    codigo: str
    texto: str
    fundamentos: tuple[Referencia, ...] = ()
    valores: tuple[tuple[str, str], ...] = field(default=())
    calculo: str = ""

    def como_dict(self) -> dict[str, object]:
        return {
            "codigo": self.codigo,
            "texto": self.texto,
            "fundamentos": [
                {"norma": f.norma, "artigo": f.artigo, "texto": f.texto} for f in self.fundamentos
            ],
            "valores": dict(self.valores),
            "calculo": self.calculo,
        }

    def fundamento_curto(self) -> str:
        return citacoes(self.fundamentos)


@functools.lru_cache(maxsize=1024)
def citacoes(fundamentos: tuple[Referencia, ...]) -> str:
    """ "Lei X, artigo; Lei Y, artigo". (Poucos conjuntos de fundamentos se repetem em
    milhares de nomeações: a frase sai pronta.)"""
    return "; ".join(f.citacao() for f in fundamentos)


def milhar(n: int) -> str:
    """100000 → "100.000": o ponto separa os milhares, como se escreve no Brasil."""
    return f"{n:,}".replace(",", ".")


def faixa_de_vagas(inicio: int, fim: int) -> str:
    """ "63" ou "63 a 100.000": as vagas de `inicio` a `fim`, com os milhares."""
    return milhar(inicio) if inicio == fim else f"{milhar(inicio)} a {milhar(fim)}"


def contar(n: int, singular: str, plural: str) -> str:
    """ "1 vaga", "2 vagas": o número com a palavra concordando."""
    return f"{n} {singular if n == 1 else plural}"
