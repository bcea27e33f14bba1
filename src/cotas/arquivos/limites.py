"""Limites do que se aceita de fora, conferidos antes do trabalho que eles tornariam infinito.

Números: nenhum certame real chega perto (o maior concurso nacional ofereceu alguns milhares de
vagas); passar disso é erro de digitação ou arquivo hostil, e o motor levaria horas e gigabytes.
Planilhas: o XLSX e o ODS são ZIPs; o tamanho descompactado e as dimensões da aba são lidos do
próprio arquivo ANTES de a biblioteca de planilhas abri-lo (ela reserva a memória da aba
inteira: um XLSX de 1,6 KB com uma célula em XFD1048576 pedia 512 GB e derrubava o processo).
"""

from __future__ import annotations

import re
import zipfile
from pathlib import Path

VAGAS_POR_CARGO = 100_000  # vagas de um cargo, ou novas vagas de um evento
VAGAS_NO_CERTAME = 1_000_000  # todas as vagas do certame, com as novas
CASAS_DO_PERCENTUAL = 4  # 5,1234%: mais casas que isso não é percentual de edital
DIGITOS_DA_NOTA = 9  # parte inteira da nota e dos critérios de desempate
CASAS_DA_NOTA = 6  # casas decimais da nota e dos critérios
DIGITOS_DA_CLASSIFICACAO = 9
PROFUNDIDADE_TOML = 100  # (o cenário usa 3 níveis; o tomllib estoura a pilha perto de 1.000)

DESCOMPACTADO_MAXIMO = 2_000_000_000  # bytes de uma planilha, descompactada
RAZAO_MAXIMA = 1_000  # descompactado / compactado de uma parte grande do ZIP
COLUNAS_MAXIMAS = 256  # colunas de uma aba de candidatos (são ~15)
CELULAS_MAXIMAS = 30_000_000  # linhas × colunas da aba (um milhão de inscrições × 15 colunas)
REPETICAO_MAXIMA = 1_000  # vezes que uma linha (ou célula) com conteúdo se repete no ODS


def br(numero: int) -> str:
    """1000000 → "1.000.000"."""
    return f"{numero:,}".replace(",", ".")


class PlanilhaRecusada(ValueError):
    """A planilha passa de um limite; a mensagem diz qual."""


def conferir_planilha(caminho: Path) -> None:
    """Levanta `PlanilhaRecusada` se o XLSX/ODS passa de um limite; um arquivo que nem é ZIP
    passa (a biblioteca de planilhas diz que está corrompido)."""
    try:
        with zipfile.ZipFile(caminho) as pacote:
            _conferir_tamanhos(pacote)
            for info in pacote.infolist():
                if re.fullmatch(r"xl/worksheets/[^/]+\.xml", info.filename):
                    _conferir_aba_xlsx(pacote, info)
                elif info.filename == "content.xml":
                    _conferir_ods(pacote.read(info))
    except (zipfile.BadZipFile, OSError, EOFError, RuntimeError, NotImplementedError):
        return  # (não é um ZIP legível: quem abre explica)


def _conferir_tamanhos(pacote: zipfile.ZipFile) -> None:
    total = sum(info.file_size for info in pacote.infolist())
    if total > DESCOMPACTADO_MAXIMO:
        raise PlanilhaRecusada(
            f"a planilha descompactada teria {br(total)} bytes; o limite é "
            f"{br(DESCOMPACTADO_MAXIMO)} (salve a lista como CSV)"
        )
    for info in pacote.infolist():
        if info.file_size > 10_000_000 and info.file_size > RAZAO_MAXIMA * max(
            info.compress_size, 1
        ):
            raise PlanilhaRecusada(
                f"a parte {info.filename} da planilha descompactada cresce "
                f"{br(info.file_size // max(info.compress_size, 1))} vezes; o limite é "
                f"{br(RAZAO_MAXIMA)} vezes (não é uma lista de candidatos)"
            )


_REFERENCIA = re.compile(rb'\br="([A-Z]{1,3})?([0-9]{1,7})"')
_DIMENSAO = re.compile(rb'<dimension\s+ref="[A-Z]*[0-9]*:?([A-Z]{1,3})([0-9]{1,7})"')


def _numero_da_coluna(letras: bytes) -> int:
    numero = 0
    for letra in letras:
        numero = numero * 26 + (letra - ord("A") + 1)
    return numero


def _conferir_aba_xlsx(pacote: zipfile.ZipFile, info: zipfile.ZipInfo) -> None:
    """A dimensão declarada (`<dimension ref>`) e, porque ela pode mentir ou faltar, a maior
    referência de célula e de linha, lidas em fluxo."""
    colunas, linhas = 0, 0
    with pacote.open(info) as parte:
        resto = b""
        while bloco := parte.read(1 << 20):
            trecho = resto + bloco
            if m := _DIMENSAO.search(trecho):
                colunas = max(colunas, _numero_da_coluna(m[1]))
                linhas = max(linhas, int(m[2]))
            for m in _REFERENCIA.finditer(trecho):
                if m[1]:
                    colunas = max(colunas, _numero_da_coluna(m[1]))
                linhas = max(linhas, int(m[2]))
            resto = trecho[-32:]
            _conferir_dimensoes(info.filename, linhas, colunas)


def _conferir_dimensoes(aba: str, linhas: int, colunas: int) -> None:
    if colunas > COLUNAS_MAXIMAS:
        raise PlanilhaRecusada(
            f"a aba {aba} vai até a coluna {br(colunas)}; o limite é {br(COLUNAS_MAXIMAS)} "
            "colunas (apague as colunas vazias do fim, ou salve a lista como CSV)"
        )
    if linhas * colunas > CELULAS_MAXIMAS:
        raise PlanilhaRecusada(
            f"a aba {aba} tem {br(linhas)} linhas × {br(colunas)} colunas; o limite é "
            f"{br(CELULAS_MAXIMAS)} células (salve a lista como CSV)"
        )


_REPETIDA = re.compile(rb'number-(rows|columns)-repeated="([0-9]+)"')


def _conferir_ods(conteudo: bytes) -> None:
    """Uma linha ou célula com conteúdo repetida mais de `REPETICAO_MAXIMA` vezes (as repetições
    vazias do fim da aba, que o LibreOffice sempre grava, não contam)."""
    for m in _REPETIDA.finditer(conteudo):
        vezes = int(m[2])
        if vezes <= REPETICAO_MAXIMA:
            continue
        fim_da_tag = conteudo.find(b">", m.end())
        if m[1] == b"rows":
            fim = conteudo.find(b"</table:table-row>", m.end())
            trecho = conteudo[m.end() : fim if fim >= 0 else len(conteudo)]
        else:
            inicio = conteudo.rfind(b"<", 0, m.start())
            trecho = conteudo[inicio : fim_da_tag + 1]
            if conteudo[fim_da_tag - 1 : fim_da_tag] != b"/":
                fim = conteudo.find(b"</table:table-cell>", fim_da_tag)
                trecho = conteudo[inicio : fim if fim >= 0 else len(conteudo)]
        if b"value-type" in trecho or b"<text:p" in trecho:
            tipo = "linha" if m[1] == b"rows" else "célula"
            raise PlanilhaRecusada(
                f"uma {tipo} com conteúdo se repete {br(vezes)} vezes; o limite é "
                f"{br(REPETICAO_MAXIMA)} (cada inscrição é uma linha)"
            )
