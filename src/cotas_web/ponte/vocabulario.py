"""Os códigos do motor que a web guarda e mostra, com os nomes dele: o glossário (cor/raça,
situação, parecer, listas, eventos, questões abertas; as escolhas do Django saem dele), o
arredondamento e os prefixos das colunas dos grupos e dos campos da lei."""

from cotas.motor import glossario
from cotas.motor.aritmetica import Arredondamento
from cotas.motor.colunar import PREFIXO_DESEMPATE, PREFIXO_RESERVA, PREFIXO_VERIFICACAO
from cotas.motor.elegibilidade import PREFIXO_CAMPO
from cotas.motor.glossario import PCD, codigos, escolhas

__all__ = [
    "PCD",
    "PREFIXO_CAMPO",
    "PREFIXO_DESEMPATE",
    "PREFIXO_RESERVA",
    "PREFIXO_VERIFICACAO",
    "Arredondamento",
    "codigos",
    "escolhas",
    "glossario",
]
