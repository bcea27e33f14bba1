"""Leitura do arquivo de resultado da banca: a mesma do comando de linha (`cotas.arquivos`).

Mantida atrás de uma só função para que a importação web e a linha de comando leiam igual.
"""

from __future__ import annotations

import csv
from collections.abc import Collection, Iterator, Sequence
from dataclasses import dataclass, replace
from datetime import date
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from cotas.arquivos.esquema import Esquema

from cotas.arquivos.candidatos import EXTENSOES_PLANILHA
from cotas.arquivos.erros import ErroEntrada, ErrosDeEntrada
from cotas_web.ponte.tipos import Candidato

__all__ = ["ErroEntrada", "ErrosDeEntrada", "Leitura", "ler_arquivo", "titulos_do_arquivo"]


@dataclass(frozen=True)
class Leitura:
    """Os candidatos e os avisos; e como o arquivo foi lido: cada título do cabeçalho e a coluna
    que ele virou (None: ignorado), o padrão de cada coluna opcional ausente e a aba lida."""

    candidatos: list[Candidato]
    avisos: list[ErroEntrada]
    cabecalho: tuple[tuple[str, str | None], ...] = ()
    padroes: tuple[str, ...] = ()
    aba: str | None = None
    # Os mesmos candidatos em colunas, quando a leitura em lote os deu assim (um CSV grande):
    # a conferência do motor na prévia os lê sem recriá-los (`services._conferir_no_motor`).
    colunas: Sequence[Candidato] | None = None


def ler_arquivo(
    caminho: Path,
    *,
    esquema: Esquema,
    cargos: Collection[str],
    nome_exibido: str | None = None,
    colunas_desempate: tuple[str, ...] = (),
    aba: str | None = None,
    data_edital: date | None = None,
    renomear: dict[str, str] | None = None,
) -> Leitura:
    """Lê o arquivo da banca. Levanta `ErrosDeEntrada` com todos os erros, linha a linha.

    `esquema`: as colunas do certame, com as do grupo da lei (a do parecer é obrigatória quando a
    lei verifica o grupo). `cargos`: os códigos de cargo do certame (outro cargo é erro da linha).
    `aba`: a aba de uma planilha (sem ela, a única visível). `data_edital`: ninguém nasceu
    depois dela. `renomear`: título do arquivo → coluna (o mapeamento de quem importa).
    """
    from cotas.arquivos.candidatos import ler_candidatos

    lista = ", ".join(sorted(cargos)) or "nenhum"
    try:
        leitura = ler_candidatos(
            caminho,
            colunas_desempate,
            esquema=esquema,
            cargos=cargos,
            origem_cargos=f"cargos do certame ({lista})",
            aba=aba,
            data_edital=data_edital,
            renomear=renomear,
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
    from cotas_web.ponte.tipos import TabelaCandidatos

    colunas = leitura.candidatos if isinstance(leitura.candidatos, TabelaCandidatos) else None
    return Leitura(
        list(leitura.candidatos), avisos, leitura.cabecalho, leitura.padroes, leitura.aba, colunas
    )


def _renomear(erro: ErroEntrada, nome: str) -> ErroEntrada:
    return replace(erro, arquivo=nome)


def titulos_do_arquivo(caminho: Path, aba: str | None = None) -> list[str]:
    """Os títulos do cabeçalho (a primeira linha com conteúdo), para quem importa escolher qual
    deles é cada coluna que falta. Vazio se o arquivo não se lê (a prévia dirá por quê)."""
    from cotas.arquivos import campos

    try:
        if caminho.suffix.lower() in EXTENSOES_PLANILHA:
            linhas = _linhas_da_planilha(caminho, aba)
        else:
            linhas = _linhas_do_csv(caminho)
        for celulas in linhas:
            titulos = [campos.texto(c).lstrip("\ufeff").strip() for c in celulas]
            if any(titulos):
                return [t for t in titulos if t]
    except Exception:  # arquivo ilegível: a leitura completa dá o erro com linha e coluna
        return []
    return []


def _linhas_do_csv(caminho: Path) -> Iterator[Sequence[object]]:
    from cotas.arquivos import campos

    dados = caminho.read_bytes()[:65536]
    try:
        texto = dados.decode("utf-8-sig")
    except UnicodeDecodeError:
        texto = dados.decode("cp1252", "replace")
    primeiras = texto.splitlines()[:20]
    yield from csv.reader(primeiras, delimiter=campos.separador(texto))


def _linhas_da_planilha(caminho: Path, aba: str | None) -> Iterator[Sequence[object]]:
    from python_calamine import CalamineWorkbook, SheetVisibleEnum

    pasta = CalamineWorkbook.from_path(str(caminho))
    nome = aba or next(
        str(m.name) for m in pasta.sheets_metadata if m.visible == SheetVisibleEnum.Visible
    )
    yield from pasta.get_sheet_by_name(nome).iter_rows()
