"""Testes de navegador: Playwright para Python dirigindo o Chromium do Debian (/usr/bin/chromium).

Nunca se baixa navegador: `scripts/navegador.sh` instala o pacote `chromium` do Debian. As capturas
de tela de cada jornada ficam em `artefatos/navegador/` (ignorado pelo git).
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.web.conftest import (  # noqa: F401  (fixtures compartilhadas)
    SENHA,
    ana,
    arquivo_csv,
    carlos,
    certame,
    certame_com_candidatos,
    comissao_composta,
    rita,
    sessao,
    verificar_todos,
)

CHROMIUM = Path("/usr/bin/chromium")
ARTEFATOS = Path(__file__).resolve().parents[2] / "artefatos" / "navegador"
ARGUMENTOS = [
    "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
]



def pytest_collection_modifyitems(items: list[Any]) -> None:
    for item in items:
        if "navegador" in str(item.fspath):
            item.add_marker(pytest.mark.navegador)


@pytest.fixture(scope="module")
def navegador() -> Iterator[Any]:
    if not CHROMIUM.exists():
        pytest.skip("Chromium ausente em /usr/bin/chromium: rode scripts/navegador.sh")
    from playwright.sync_api import sync_playwright

    # O Playwright síncrono mantém um laço de eventos nesta thread; o ORM dos fixtures continua
    # síncrono e seguro (o servidor ao vivo roda em outra thread). Só durante estes testes.
    anterior = os.environ.get("DJANGO_ALLOW_ASYNC_UNSAFE")
    os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = "true"
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(
                executable_path=str(CHROMIUM), headless=True, args=ARGUMENTOS
            )
            yield browser
            browser.close()
    finally:
        if anterior is None:
            os.environ.pop("DJANGO_ALLOW_ASYNC_UNSAFE", None)
        else:
            os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = anterior


@pytest.fixture
def pagina(navegador: Any, live_server: Any) -> Iterator[Any]:
    contexto = navegador.new_context(locale="pt-BR", viewport={"width": 1280, "height": 900})
    contexto.set_default_timeout(15_000)
    page = contexto.new_page()
    page.base = live_server.url
    yield page
    contexto.close()


def entrar(page: Any, login: str) -> None:
    page.goto(page.base + "/entrar/")
    page.get_by_label("Usuário").fill(login)
    page.get_by_label("Senha").fill(SENHA)
    page.get_by_role("button", name="Entrar").click()
    page.wait_for_selector("text=Sair")


def capturar(page: Any, nome: str) -> Path:
    ARTEFATOS.mkdir(parents=True, exist_ok=True)
    caminho = ARTEFATOS / f"{nome}.png"
    page.screenshot(path=str(caminho), full_page=True)
    return caminho
