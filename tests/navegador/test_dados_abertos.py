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


# Rótulos do Swagger UI que a página mostrava em inglês (o tipo dos dados, "string",
# "integer", e os nomes do HTTP, "GET", "Accept", ficam como na especificação).
_EM_INGLES = (
    "Parameters",
    "Try it out",
    "Execute",
    "Cancel",
    "Clear",
    "Responses",
    "Request URL",
    "Server response",
    "Response body",
    "Response headers",
    "Example Value",
    "Schemas",
    "No links",
    "Not Found",
    "Description",
    "Please correct the following validation errors and try again.",
)


def test_documentacao_da_api_em_portugues(pagina: Any, certame_homologado: Any) -> None:
    """Cada rótulo da ferramenta em português, também os que surgem depois de experimentar um
    pedido (a resposta 404 de um cargo que não existe), no celular."""
    pagina.set_viewport_size({"width": 390, "height": 844})
    pagina.goto(pagina.base + "/api/docs")
    operacao = pagina.locator(".opblock", has_text="/classificacao").first
    operacao.locator(".opblock-summary").click()
    operacao.get_by_role("button", name="Experimentar").click()
    campos = operacao.locator(".parameters input")
    # A conferência dos campos que o Swagger UI faz antes do pedido, também em português.
    campos.nth(2).fill("0")
    operacao.get_by_role("button", name="Executar").click()
    operacao.get_by_text("Corrija os campos abaixo e tente de novo.").wait_for()
    conferencia = operacao.inner_text()
    assert "Em 'limite': o valor deve ser no mínimo 1" in conferencia
    assert "Em 'pk': campo obrigatório não preenchido" in conferencia
    obrigatorio = operacao.locator(".parameter__name.required").first.evaluate(
        "(e) => getComputedStyle(e, '::after').content"
    )
    assert "obrigatório" in obrigatorio
    campos.nth(2).fill("10")
    campos.nth(0).fill(str(certame_homologado.pk))
    campos.nth(1).fill("NAO-HA")
    operacao.get_by_role("button", name="Executar").click()
    operacao.get_by_text("Erro: Não encontrado").wait_for()
    pagina.locator("section.models h4").click()
    texto = pagina.locator("#swagger-ui").inner_text()
    for rotulo in ("Parâmetros", "Respostas", "Endereço do pedido", "Corpo da resposta"):
        assert rotulo in texto, rotulo
    visto = {linha.strip() for linha in texto.splitlines()}
    assert visto.isdisjoint(_EM_INGLES), visto & set(_EM_INGLES)
    assert not any(linha.startswith("Error:") for linha in visto)
    capturar(pagina, "dados-abertos-03-documentacao-da-api-no-celular")


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
