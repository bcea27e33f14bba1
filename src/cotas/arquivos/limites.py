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
DIGITOS_DO_CAMPO_INTEIRO = 9  # um campo inteiro que a lei declara (anos de escola pública...)
PROFUNDIDADE_TOML = 100  # (o cenário usa 3 níveis; o tomllib estoura a pilha perto de 1.000)

DESCOMPACTADO_MAXIMO = 2_000_000_000  # bytes de uma planilha, descompactada
RAZAO_MAXIMA = 1_000  # descompactado / compactado de uma parte grande do ZIP
COLUNAS_MAXIMAS = 256  # colunas de uma aba de candidatos (são ~15)
CELULAS_MAXIMAS = 30_000_000  # linhas × colunas da aba (um milhão de inscrições × 15 colunas)
REPETICAO_MAXIMA = 1_000  # vezes que uma linha (ou célula) com conteúdo se repete no ODS
# O tamanho de uma aba descompactada. Uma aba de candidatos tem ~50 bytes por célula (medido:
# 51 num XLSX do openpyxl com 15 colunas; o Excel grava parecido): o maior certame real, um
# milhão de inscrições × 15 colunas, dá ~800 MB. Acima de 1 GB não é uma lista de candidatos
# que se leia em planilha; e cada aba tem de caber no que a sua dimensão (linhas × colunas)
# pede, com folga larga: uma aba "vazia" inflada a 1,47 GB era lida (20,8 s, 1,5 GB de memória)
# para dizer que estava vazia.
ABA_MAXIMA = 1_000_000_000  # bytes de uma aba (ou do content.xml do ODS), descompactada
BYTES_POR_CELULA = 200  # teto por célula da dimensão (4× o que uma aba real usa)
FOLGA_DA_ABA = 1_000_000  # bytes de cabeçalho, estilos e larguras de uma aba qualquer


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
            tetos = 0
            for info in pacote.infolist():
                if re.fullmatch(r"xl/worksheets/[^/]+\.xml", info.filename):
                    tetos += _conferir_aba_xlsx(pacote, info)
                elif info.filename == "content.xml":
                    _conferir_ods(pacote.read(info))
            _conferir_textos(pacote, tetos)
    except (zipfile.BadZipFile, OSError, EOFError, RuntimeError, NotImplementedError):
        return  # (não é um ZIP legível: quem abre explica)


def _conferir_tamanhos(pacote: zipfile.ZipFile) -> None:
    for info in pacote.infolist():
        if info.file_size > ABA_MAXIMA and (
            re.fullmatch(r"xl/worksheets/[^/]+\.xml", info.filename)
            or info.filename == "content.xml"
        ):
            raise PlanilhaRecusada(
                f"a aba {info.filename} da planilha descompactada teria {br(info.file_size)} "
                f"bytes; o limite é {br(ABA_MAXIMA)} (uma aba com um milhão de inscrições tem "
                "uns 800.000.000; salve a lista como CSV)"
            )
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


def teto_da_aba(linhas: int, colunas: int) -> int:
    """O maior tamanho descompactado aceito para uma aba de `linhas` × `colunas`."""
    return FOLGA_DA_ABA + BYTES_POR_CELULA * linhas * colunas


def _conferir_aba_xlsx(pacote: zipfile.ZipFile, info: zipfile.ZipInfo) -> int:
    """A dimensão declarada (`<dimension ref>`) e, porque ela pode mentir ou faltar, a maior
    referência de célula e de linha, lidas em fluxo. O tamanho descompactado tem de caber no
    que essas linhas × colunas pedem (`teto_da_aba`): conferido antes de ler, pela dimensão
    declarada e pelo tamanho que o ZIP declara, e durante a leitura, pelo que já se leu (uma
    aba sem dimensão, ou com o tamanho mentido, para no teto)."""
    colunas, linhas = 0, 0
    declarada: tuple[int, int] | None = None
    lidos = 0
    with pacote.open(info) as parte:
        resto = b""
        while bloco := parte.read(1 << 20):
            trecho = resto + bloco
            lidos += len(bloco)
            if m := _DIMENSAO.search(trecho):
                colunas = max(colunas, _numero_da_coluna(m[1]))
                linhas = max(linhas, int(m[2]))
                if declarada is None:
                    declarada = (_numero_da_coluna(m[1]), int(m[2]))
                    _conferir_tamanho_da_aba(info.filename, info.file_size, *declarada, True)
            for m in _REFERENCIA.finditer(trecho):
                if m[1]:
                    colunas = max(colunas, _numero_da_coluna(m[1]))
                linhas = max(linhas, int(m[2]))
            resto = trecho[-32:]
            _conferir_dimensoes(info.filename, linhas, colunas)
            _conferir_tamanho_da_aba(info.filename, lidos, colunas, linhas, False)
    return teto_da_aba(max(linhas, 1), max(colunas, 1))


def _conferir_textos(pacote: zipfile.ZipFile, tetos: int) -> None:
    """Os textos partilhados das abas (`xl/sharedStrings.xml`, que a biblioteca lê inteiros)
    cabem no que as abas pedem: no máximo um texto por célula."""
    try:
        info = pacote.getinfo("xl/sharedStrings.xml")
    except KeyError:
        return
    if tetos and info.file_size > tetos:
        raise PlanilhaRecusada(
            f"os textos da planilha (xl/sharedStrings.xml) teriam {br(info.file_size)} bytes "
            f"descompactados, mais do que as células das abas comportam ({br(tetos)}): não é "
            "uma lista de candidatos (salve a lista como CSV)"
        )


def _conferir_tamanho_da_aba(
    aba: str, tamanho: int, colunas: int, linhas: int, declarada: bool
) -> None:
    teto = teto_da_aba(max(linhas, 1), max(colunas, 1))
    if tamanho <= teto:
        return
    if declarada:
        como = f"declara {br(linhas)} linha(s) × {br(colunas)} coluna(s)"
        tem = f"descompactada teria {br(tamanho)} bytes"
    else:
        como = (
            f"tem células até {br(linhas)} linha(s) × {br(colunas)} coluna(s)"
            if linhas and colunas
            else "não tem célula nenhuma"
        )
        tem = f"passa de {br(teto)} bytes descompactada"
    raise PlanilhaRecusada(
        f"a aba {aba} {como}, mas {tem}; o limite para esse tamanho é {br(teto)} bytes "
        f"({br(BYTES_POR_CELULA)} por célula; uma lista de candidatos usa uns 50): não é uma "
        "lista de candidatos (salve a lista como CSV)"
    )


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
