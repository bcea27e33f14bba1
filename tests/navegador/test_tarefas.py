"""Trabalho longo no navegador: o PDF da ordem de um certame grande é gerado pela fila; a página
mostra a barra (atualizada pelo static/tarefas.js, sob a CSP sem scripts embutidos) e, ao fim, o
link para baixar; e o botão que começa um trabalho se desabilita ao enviar."""

from __future__ import annotations

from io import StringIO
from typing import Any

import pytest
from django.core.management import call_command

from tests.web.conftest import certame_homologado  # noqa: F401  (fixture)
from tests.web.test_publico import nomear_edital

from .conftest import capturar
from .test_acessibilidade import _relatorio, _verificar

pytestmark = [pytest.mark.navegador, pytest.mark.django_db(transaction=True)]


def test_pdf_longo_acompanhado_ate_o_download(
    pagina: Any,
    certame_homologado: Any,
    rita: Any,
    settings: Any,
) -> None:
    settings.PUBLICO_ARQUIVOS_NA_HORA_ATE = 0  # o certame conta como grande
    nomear_edital(certame_homologado, rita)
    pk = certame_homologado.pk
    erros: list[str] = []
    pagina.on("console", lambda m: erros.append(m.text) if m.type == "error" else None)
    pagina.goto(pagina.base + f"/publico/certames/{pk}/documentos/ordem-de-nomeacao/")
    # A própria página do documento de um certame grande é gerada pela fila.
    pagina.wait_for_selector("text=está sendo gerado")
    call_command("trabalhador", "--lote", stdout=StringIO(), verbosity=0)
    pagina.get_by_role("link", name="Baixar Ordem de nomeação").wait_for(timeout=15_000)
    pagina.get_by_role("link", name="Baixar Ordem de nomeação").click()
    pagina.get_by_role("link", name="PDF").first.click()
    pagina.wait_for_selector("text=está sendo gerado")
    assert pagina.locator("progress").count() == 1
    link = pagina.get_by_role("link", name="Baixar concurso-01-2025-ordem-de-nomeacao.pdf")
    assert not link.is_visible()
    graves = _verificar(pagina)  # a barra e o aviso passam pelo axe-core
    assert not graves, _relatorio({"arquivo na fila": graves})
    capturar(pagina, "tarefas-01-pdf-na-fila")
    call_command("trabalhador", "--lote", stdout=StringIO(), verbosity=0)  # o trabalhador
    link.wait_for(state="visible", timeout=15_000)  # o JavaScript viu a tarefa terminar
    assert pagina.locator("progress").get_attribute("value") == "100"
    assert "100%" in pagina.locator("[data-tarefa-percentual]").inner_text()
    graves = _verificar(pagina)
    assert not graves, _relatorio({"arquivo pronto": graves})
    capturar(pagina, "tarefas-02-pdf-pronto")
    resposta = pagina.request.get(pagina.base + link.get_attribute("href"))
    assert resposta.status == 200 and resposta.body()[:5] == b"%PDF-"
    assert not [e for e in erros if "Content Security Policy" in e], erros


def test_botao_de_trabalho_desabilita_ao_enviar(
    pagina: Any,
    certame_homologado: Any,
) -> None:
    pagina.goto(pagina.base + f"/publico/certames/{certame_homologado.pk}/consulta/")
    # Um botão marcado com data-trabalho (como o "Confirmar a importação"); o envio é contido
    # para ver o estado do botão enquanto o pedido estaria em curso.
    pagina.evaluate(
        """() => {
        const botao = document.querySelector("form[role=search] button");
        botao.setAttribute("data-trabalho", "Consultando…");
        const form = botao.form;
        form.addEventListener("submit", (e) => e.preventDefault());
    }"""
    )
    pagina.get_by_label("Número de inscrição").fill("1006")
    pagina.locator("form[role=search] button").click()
    botao = pagina.locator("form[role=search] button")
    pagina.wait_for_function("() => document.querySelector('form[role=search] button').disabled")
    assert botao.get_attribute("aria-busy") == "true"
    assert botao.inner_text() == "Consultando…"
