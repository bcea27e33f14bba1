"""O exemplo de Montenegro apurado uma vez, e os documentos publicados em todos os formatos.

PDF: precisa do WeasyPrint e das bibliotecas do sistema (Pango, fontes; `scripts/sistema.sh`);
sem elas, os testes de PDF são pulados com o motivo.
"""

from __future__ import annotations

import csv
import io
import os
import re
from decimal import Decimal
from html.parser import HTMLParser
from pathlib import Path

import pytest

from cotas.apuracao import apurar_cenario
from cotas.arquivos.cenario import ler_cenario
from cotas.documentos.fonte import FonteDocumentos, fonte_da_apuracao
from cotas.documentos.pdf import motivo_indisponivel

RAIZ = Path(__file__).resolve().parents[2]
MONTENEGRO = RAIZ / "exemplos" / "montenegro" / "cenario.toml"
# O certame cujo edital sorteia entre cargos (o único com a ata do sorteio).
SORTEIO = (
    RAIZ / "exemplos" / "editais" / "testes" / "sorteio-entre-cargos-reproduzido-da-semente.toml"
)


@pytest.fixture(scope="session")
def fonte() -> FonteDocumentos:
    return fonte_da_apuracao(apurar_cenario(ler_cenario(MONTENEGRO)))


@pytest.fixture(scope="session")
def fonte_do_sorteio() -> FonteDocumentos:
    return fonte_da_apuracao(apurar_cenario(ler_cenario(SORTEIO)))


def exigir_pdf() -> None:
    motivo = motivo_indisponivel()
    if motivo is not None:
        if os.environ.get("COTAS_EXIGIR_SISTEMA"):  # `make test` instala as bibliotecas
            pytest.fail(f"PDF indisponível: {motivo}")
        pytest.skip(f"PDF indisponível: {motivo}")


def texto_pdf(conteudo: bytes) -> str:
    from pypdf import PdfReader

    leitor = PdfReader(io.BytesIO(conteudo))
    return "\n".join(pagina.extract_text() for pagina in leitor.pages)


def linhas_csv(conteudo: bytes) -> list[list[str]]:
    assert conteudo.startswith(b"\xef\xbb\xbf")  # BOM: o Excel brasileiro abre certo
    return list(csv.reader(io.StringIO(conteudo.decode("utf-8-sig")), delimiter=";"))


def linhas_xlsx(conteudo: bytes, aba: str) -> list[list[object]]:
    from openpyxl import load_workbook

    livro = load_workbook(io.BytesIO(conteudo), read_only=True)
    return [list(linha) for linha in livro[aba].iter_rows(values_only=True)]


class _Tabelas(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.tabelas: dict[str, list[list[str]]] = {}
        self._atual: list[list[str]] | None = None
        self._celula: list[str] | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag == "table":
            nome = dict(attrs).get("data-tabela") or str(len(self.tabelas))
            self._atual = self.tabelas.setdefault(nome, [])
        elif tag == "tr" and self._atual is not None:
            self._atual.append([])
        elif tag in ("td", "th") and self._atual is not None:
            self._celula = []

    def handle_endtag(self, tag: str) -> None:
        if tag in ("td", "th") and self._celula is not None and self._atual is not None:
            self._atual[-1].append("".join(self._celula))
            self._celula = None
        elif tag == "table":
            self._atual = None

    def handle_data(self, data: str) -> None:
        if self._celula is not None:
            self._celula.append(data)


def tabelas_html(conteudo: bytes) -> dict[str, list[list[str]]]:
    leitor = _Tabelas()
    leitor.feed(conteudo.decode("utf-8"))
    return leitor.tabelas


def mesmo_valor(texto_csv: str, valor_xlsx: object) -> bool:
    """Uma célula do CSV (texto brasileiro) e a mesma do XLSX (número, texto ou vazio)."""
    if valor_xlsx is None:
        return texto_csv == ""
    if isinstance(valor_xlsx, bool):
        return False
    if isinstance(valor_xlsx, int | float):
        return Decimal(texto_csv.replace(",", ".")) == Decimal(str(valor_xlsx))
    return texto_csv == str(valor_xlsx)


CURTO = re.compile(r"^(\d+|\d+,\d+|\d{2}/\d{2}/\d{4}|\*\*\*\.\d{3}\.\d{3}-\*\*)$")


def celulas_curtas(linhas: list[list[str]]) -> list[str]:
    """Números, datas, inscrições e CPFs mascarados, na ordem: cabem numa linha do PDF."""
    return [c for linha in linhas for c in linha if CURTO.match(c)]


def em_ordem(procurados: list[str], texto: str) -> list[str]:
    """Os procurados que não aparecem, na ordem, entre as palavras do texto (vazio = todos)."""
    palavras = iter(texto.split())
    faltam = []
    for alvo in procurados:
        for palavra in palavras:
            if palavra == alvo:
                break
        else:
            faltam.append(alvo)
            palavras = iter(texto.split())
    return faltam
