"""Leitura do arquivo de resultado da banca: a mesma do comando de linha (`cotas.arquivos`).

Mantida atrás de uma só função para que a importação web e a linha de comando leiam igual.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from cotas.arquivos.erros import ErroEntrada, ErrosDeEntrada
from cotas.motor.candidatos import Candidato

__all__ = ["ErroEntrada", "ErrosDeEntrada", "Leitura", "ler_arquivo"]


@dataclass(frozen=True)
class Leitura:
    candidatos: list[Candidato]
    avisos: list[ErroEntrada]


def ler_arquivo(
    caminho: Path, *, nome_exibido: str | None = None, colunas_desempate: tuple[str, ...] = ()
) -> Leitura:
    """Lê o arquivo da banca. Levanta `ErrosDeEntrada` com todos os erros, linha a linha."""
    from cotas.arquivos.candidatos import ler_candidatos

    try:
        leitura = ler_candidatos(caminho, colunas_desempate)
    except ErrosDeEntrada as erros:
        if nome_exibido:
            raise ErrosDeEntrada(
                [_renomear(e, nome_exibido) for e in erros.erros],
                [_renomear(a, nome_exibido) for a in erros.avisos],
            ) from None
        raise
    avisos = list(leitura.avisos)
    if nome_exibido:
        avisos = [_renomear(a, nome_exibido) for a in avisos]
    return Leitura(list(leitura.candidatos), avisos)


def _renomear(erro: ErroEntrada, nome: str) -> ErroEntrada:
    return ErroEntrada(nome, erro.linha, erro.coluna, erro.mensagem, erro.chave)
