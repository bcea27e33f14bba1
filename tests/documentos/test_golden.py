"""Conferência dourada: as mesmas tabelas dão os mesmos números em CSV, XLSX, HTML e PDF."""

from __future__ import annotations

import pytest

from cotas.documentos.fonte import FonteDocumentos
from cotas.documentos.publicacao import DOCUMENTOS, arquivo, documento, publicados

from .conftest import (
    celulas_curtas,
    em_ordem,
    exigir_pdf,
    linhas_csv,
    linhas_xlsx,
    mesmo_valor,
    tabelas_html,
    texto_pdf,
)


@pytest.fixture(scope="module", params=sorted(DOCUMENTOS))
def formatos(
    request: pytest.FixtureRequest, fonte: FonteDocumentos, fonte_do_sorteio: FonteDocumentos
) -> dict[str, object]:
    # (A ata do sorteio só existe no certame cujo edital sorteia.)
    if request.param not in publicados(fonte.regras.do_edital):
        fonte = fonte_do_sorteio
    doc = documento(fonte, request.param)
    return {
        "doc": doc,
        "html": arquivo(doc, "html"),
        "xlsx": arquivo(doc, "xlsx"),
        "csv": {t.nome: arquivo(doc, "csv", t.nome) for t in doc.tabelas},
    }


def test_csv_xlsx_e_html_iguais(formatos: dict[str, object]) -> None:
    doc = formatos["doc"]
    html = tabelas_html(formatos["html"])  # type: ignore[arg-type]
    for tabela in doc.tabelas:  # type: ignore[attr-defined]
        csv_ = linhas_csv(formatos["csv"][tabela.nome])  # type: ignore[index]
        xlsx = linhas_xlsx(formatos["xlsx"], tabela.nome)  # type: ignore[arg-type]
        assert len(csv_) == len(xlsx) == len(tabela.linhas) + 1
        for linha_csv, linha_xlsx in zip(csv_, xlsx, strict=True):
            assert len(linha_csv) == len(linha_xlsx)
            for a, b in zip(linha_csv, linha_xlsx, strict=True):
                assert mesmo_valor(a, b), (tabela.nome, a, b)
        if tabela.linhas:
            assert html[tabela.nome] == csv_, tabela.nome


def test_pdf_traz_os_mesmos_numeros_na_mesma_ordem(formatos: dict[str, object]) -> None:
    exigir_pdf()
    doc = formatos["doc"]
    texto = texto_pdf(arquivo(doc, "pdf"))  # type: ignore[arg-type]
    for tabela in doc.tabelas:  # type: ignore[attr-defined]
        csv_ = linhas_csv(formatos["csv"][tabela.nome])[1:]  # type: ignore[index]
        procurados = celulas_curtas(csv_)
        assert procurados, tabela.nome
        assert em_ordem(procurados, texto) == [], tabela.nome
