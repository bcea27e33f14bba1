"""Testes de navegador: Playwright para Python dirigindo o Chromium do Debian (/usr/bin/chromium).

Nunca se baixa navegador: `scripts/sistema.sh` instala o pacote `chromium` do Debian. As capturas
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
    certame_homologado,
    comissao_composta,
    rita,
    sessao,
    verificar_todos,
)

CHROMIUM = Path("/usr/bin/chromium")
ARTEFATOS = Path(__file__).resolve().parents[2] / "artefatos" / "navegador"
ARGUMENTOS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--lang=pt-BR",  # idioma da interface do Chromium: campos de data em dd/mm/aaaa
]


def pytest_collection_modifyitems(items: list[Any]) -> None:
    for item in items:
        if "navegador" in str(item.fspath):
            item.add_marker(pytest.mark.navegador)


@pytest.fixture(scope="module")
def navegador() -> Iterator[Any]:
    if not CHROMIUM.exists():
        motivo = "Chromium ausente em /usr/bin/chromium: rode scripts/sistema.sh"
        if os.environ.get("COTAS_EXIGIR_SISTEMA"):  # `make test` o instala: faltar é erro
            pytest.fail(motivo)
        pytest.skip(motivo)
    from playwright.sync_api import sync_playwright

    # O Playwright síncrono mantém um laço de eventos nesta thread; o ORM dos fixtures continua
    # síncrono e seguro (o servidor ao vivo roda em outra thread). Só durante estes testes.
    anterior = os.environ.get("DJANGO_ALLOW_ASYNC_UNSAFE")
    os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = "true"
    try:
        with sync_playwright() as p:
            # O formato do campo de data segue o idioma da interface do Chromium: `--lang` e LANG
            # em pt-BR, com o pacote `chromium-l10n` (scripts/sistema.sh) instalado.
            browser = p.chromium.launch(
                executable_path=str(CHROMIUM),
                headless=True,
                args=ARGUMENTOS,
                env={**os.environ, "LANG": "pt_BR.UTF-8", "LANGUAGE": "pt_BR"},
            )
            yield browser
            browser.close()
    finally:
        if anterior is None:
            os.environ.pop("DJANGO_ALLOW_ASYNC_UNSAFE", None)
        else:
            os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = anterior


# Navegador como o de um servidor municipal: português do Brasil e horário de Brasília (os campos
# de data mostram dd/mm/aaaa).
BRASIL = {"locale": "pt-BR", "timezone_id": "America/Sao_Paulo"}
CELULAR = {"width": 390, "height": 844}


def _pagina(navegador: Any, live_server: Any, **opcoes: Any) -> Iterator[Any]:
    contexto = navegador.new_context(**BRASIL, **opcoes)
    contexto.set_default_timeout(15_000)
    page = contexto.new_page()
    page.base = live_server.url
    yield page
    contexto.close()


@pytest.fixture
def pagina(navegador: Any, live_server: Any) -> Iterator[Any]:
    yield from _pagina(navegador, live_server, viewport={"width": 1280, "height": 900})


@pytest.fixture
def celular(navegador: Any, live_server: Any) -> Iterator[Any]:
    """Um telefone comum (390×844, toque), para ver que nada transborda da tela."""
    yield from _pagina(
        navegador,
        live_server,
        viewport=CELULAR,
        is_mobile=True,
        has_touch=True,
        device_scale_factor=2,
    )


def entrar(page: Any, login: str) -> None:
    page.goto(page.base + "/entrar/")
    page.get_by_label("Usuário").fill(login)
    page.get_by_label("Senha").fill(SENHA)
    page.get_by_role("button", name="Entrar").click()
    page.wait_for_selector("text=Sair")


def sem_rolagem_lateral(page: Any) -> None:
    """Nenhuma rolagem horizontal da página: tabelas largas rolam dentro da sua caixa."""
    largura = page.evaluate(
        "() => ({corpo: document.body.scrollWidth, visivel: document.body.clientWidth,"
        " raiz: document.documentElement.scrollWidth, janela: window.innerWidth})"
    )
    assert largura["corpo"] <= largura["visivel"], largura
    assert largura["raiz"] <= largura["janela"], largura


def tab_ate(page: Any, nome: str, limite: int = 80) -> None:
    """Aperta Tab até o foco chegar ao elemento com esse nome acessível (texto ou rótulo)."""
    for _ in range(limite):
        page.keyboard.press("Tab")
        atual = page.evaluate(
            """() => { const e = document.activeElement; if (!e) return "";
               const r = e.labels && e.labels.length ? e.labels[0].textContent : "";
               const n = r || e.getAttribute("aria-label") || e.innerText || e.value || "";
               return n.trim(); }"""
        )
        if atual == nome:
            return
    raise AssertionError(f"“{nome}” não é alcançável pelo teclado em {limite} Tabs")


def capturar(page: Any, nome: str) -> Path:
    ARTEFATOS.mkdir(parents=True, exist_ok=True)
    caminho = ARTEFATOS / f"{nome}.png"
    page.screenshot(path=str(caminho), full_page=True)
    return caminho
