"""O HTML de uma tabela grande que vai a vários documentos, desenhado uma vez
(`pagina._linhas_html`): o documento seguinte relê o texto guardado, e a página sai a mesma."""

from __future__ import annotations

from decimal import Decimal

import pytest

from cotas.documentos import pagina
from cotas.documentos.tabelas import Tabela


def _tabela(marcada: bool) -> Tabela:
    linhas: list[tuple[object, ...]] = [
        ("C001", i, f"Conceição {i} <b>&", Decimal(i) / 4, "linha\nquebrada" if i % 3 else "")
        for i in range(11)
    ]
    colunas = ("Cargo", "Posição", "Nome", "Nota", "Obs.")
    return Tabela("classificacao", "Classificação", colunas, linhas, em_varios_documentos=marcada)


@pytest.fixture
def guardar_pequenas(monkeypatch: pytest.MonkeyPatch) -> None:
    """Guardar já a partir de 3 linhas, 2 linhas por trecho e blocos de 7 bytes na releitura:
    os cortes caem no meio de caracteres de mais de um byte e de trechos."""
    monkeypatch.setattr(pagina, "LINHAS_PARA_GUARDAR_O_HTML", 3)
    monkeypatch.setattr(pagina, "_LINHAS_POR_TRECHO", 2)
    monkeypatch.setattr(pagina._HtmlGuardado, "_BLOCO", 7)


@pytest.mark.usefixtures("guardar_pequenas")
def test_desenhada_uma_vez_e_relida_igual(monkeypatch: pytest.MonkeyPatch) -> None:
    esperado = pagina.html_tabela(_tabela(marcada=False))
    tabela = _tabela(marcada=True)
    assert pagina.html_tabela(tabela) == esperado
    assert "html" in tabela.preparos

    def nao_desenhar(_: Tabela) -> None:
        raise AssertionError("desenhada de novo")

    monkeypatch.setattr(pagina, "_desenhar_linhas_html", nao_desenhar)
    assert pagina.html_tabela(tabela) == esperado
    assert pagina.html_tabela(tabela) == esperado  # (relida quantas vezes for)


@pytest.mark.usefixtures("guardar_pequenas")
def test_desenho_interrompido_nao_fica_guardado() -> None:
    tabela = _tabela(marcada=True)
    trechos = pagina._linhas_html(tabela)
    next(trechos)
    trechos.close()
    assert "html" not in tabela.preparos
    assert pagina.html_tabela(tabela) == pagina.html_tabela(_tabela(marcada=False))


@pytest.mark.usefixtures("guardar_pequenas")
def test_tabela_de_um_documento_so_nao_guarda() -> None:
    tabela = _tabela(marcada=False)
    pagina.html_tabela(tabela)
    assert "html" not in tabela.preparos
