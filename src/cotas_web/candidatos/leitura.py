"""Leitura do arquivo de resultado da banca: a mesma do comando de linha (`cotas.arquivos`).

Mantida atrás de uma só função para que a importação web e a linha de comando leiam igual.
"""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass, replace
from datetime import date
from pathlib import Path

from cotas.arquivos.erros import ErroEntrada, ErrosDeEntrada
from cotas.motor.candidatos import Candidato

__all__ = ["ErroEntrada", "ErrosDeEntrada", "Leitura", "ler_arquivo"]


@dataclass(frozen=True)
class Leitura:
    """Os candidatos e os avisos; e como o arquivo foi lido: cada título do cabeçalho e a coluna
    que ele virou (None: ignorado), o padrão de cada coluna opcional ausente e a aba lida."""

    candidatos: list[Candidato]
    avisos: list[ErroEntrada]
    cabecalho: tuple[tuple[str, str | None], ...] = ()
    padroes: tuple[str, ...] = ()
    aba: str | None = None


def ler_arquivo(
    caminho: Path,
    *,
    exige_heteroidentificacao: bool,
    cargos: Collection[str],
    nome_exibido: str | None = None,
    colunas_desempate: tuple[str, ...] = (),
    aba: str | None = None,
    data_edital: date | None = None,
) -> Leitura:
    """Lê o arquivo da banca. Levanta `ErrosDeEntrada` com todos os erros, linha a linha.

    `exige_heteroidentificacao`: a lei do certame tem comissão (a coluna do parecer é então
    obrigatória). `cargos`: os códigos de cargo do certame (outro cargo é erro da linha).
    `aba`: a aba de uma planilha (sem ela, a única visível). `data_edital`: ninguém nasceu
    depois dela.
    """
    from cotas.arquivos.candidatos import ler_candidatos

    lista = ", ".join(sorted(cargos)) or "nenhum"
    try:
        leitura = ler_candidatos(
            caminho,
            colunas_desempate,
            exige_heteroidentificacao=exige_heteroidentificacao,
            cargos=cargos,
            origem_cargos=f"cargos do certame ({lista})",
            aba=aba,
            data_edital=data_edital,
        )
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
    return Leitura(
        list(leitura.candidatos), avisos, leitura.cabecalho, leitura.padroes, leitura.aba
    )


def _renomear(erro: ErroEntrada, nome: str) -> ErroEntrada:
    return replace(erro, arquivo=nome)
