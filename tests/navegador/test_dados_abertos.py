"""Os dados abertos no navegador: a documentação da API abre inteira com a CSP do projeto (o
JavaScript do Swagger UI servido pelo próprio site, nenhum recurso de fora) e a consulta mostra
a linha do tempo do candidato."""

from __future__ import annotations

from typing import Any

import pytest

from tests.web.conftest import certame_homologado  # noqa: F401  (fixture)
from tests.web.test_publico import nomear_edital

from .conftest import capturar

pytestmark = [pytest.mark.navegador, pytest.mark.django_db(transaction=True)]


def test_documentacao_da_api_abre_sem_violar_a_csp(pagina: Any) -> None:
    mensagens: list[str] = []
    pagina.on("console", lambda m: mensagens.append(f"{m.type}: {m.text}"))
    de_fora: list[str] = []
    pagina.on(
        "request",
        lambda r: (
            de_fora.append(r.url) if not r.url.startswith((pagina.base, "data:", "blob:")) else None
        ),
    )
    pagina.goto(pagina.base + "/api/docs")
    pagina.locator(".opblock").first.wait_for()
    assert pagina.locator(".opblock").count() == 9  # as 9 rotas de cotas_web.api.views
    assert "Cotas — dados abertos" in pagina.locator(".info .title").inner_text()
    pagina.locator(".opblock-summary", has_text="/api/certames/{pk}/atos").first.click()
    pagina.get_by_text("Os atos publicados (os do feed)").first.wait_for()
    violacoes = [m for m in mensagens if "Content Security Policy" in m or "Refused" in m]
    assert violacoes == [], violacoes
    assert de_fora == [], de_fora
    capturar(pagina, "dados-abertos-01-documentacao-da-api")


def test_consulta_mostra_a_linha_do_tempo(
    pagina: Any,
    certame_homologado: Any,
    rita: Any,
) -> None:
    nomear_edital(certame_homologado, rita)
    pk = certame_homologado.pk
    pagina.goto(pagina.base + f"/publico/certames/{pk}/consulta/?inscricao=1006")
    linha = pagina.get_by_role("list", name="Atos publicados que atingiram esta inscrição")
    linha.wait_for()
    itens = linha.get_by_role("listitem")
    assert itens.count() == 2
    assert "Classificação final homologada" in itens.nth(0).inner_text()
    assert "Portaria nº 103/2025" in itens.nth(1).inner_text()
    assert "Fundamento:" in itens.nth(1).inner_text()
    feed = pagina.locator('head link[rel="alternate"][type="application/atom+xml"]')
    assert feed.get_attribute("href") == f"/publico/certames/{pk}/atos.atom"
    capturar(pagina, "dados-abertos-02-linha-do-tempo")
