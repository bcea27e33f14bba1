"""Camada de arquivos: lê cenários (TOML) e listas de candidatos (CSV, XLSX, ODS).

Não contém regra do motor: só converte e confere a entrada, juntando todos os
erros (com arquivo, linha e coluna) numa única `ErrosDeEntrada`.
"""

from cotas.arquivos.candidatos import LeituraCandidatos, descrever_leitura, ler_candidatos
from cotas.arquivos.cenario import Cargo, Cenario, Evento, Pcd, TipoCertame, ler_cenario
from cotas.arquivos.erros import ErroEntrada, ErrosDeEntrada

__all__ = [
    "Cargo",
    "Cenario",
    "ErroEntrada",
    "ErrosDeEntrada",
    "Evento",
    "LeituraCandidatos",
    "Pcd",
    "TipoCertame",
    "descrever_leitura",
    "ler_candidatos",
    "ler_cenario",
]
