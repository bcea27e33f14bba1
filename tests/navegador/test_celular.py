"""No celular (390×844) e só com o teclado: a página pública e a página de nomeações do RH.

Nada rola de lado (as tabelas largas rolam dentro da sua caixa, a razão longa fica em "Por quê")
e as ações principais se alcançam com Tab e se acionam com Enter. Capturas em artefatos/navegador/.
"""

from __future__ import annotations

from typing import Any

import pytest

from tests.web.conftest import SENHA, certame_homologado  # noqa: F401  (fixture)
from tests.web.test_publico import nomear_edital

from .conftest import capturar, sem_rolagem_lateral, tab_ate

pytestmark = [pytest.mark.navegador, pytest.mark.django_db(transaction=True)]


def test_navegador_em_portugues_e_horario_de_brasilia(celular: Any) -> None:
    celular.goto(celular.base + "/")
    ambiente = celular.evaluate(
        "() => [navigator.language, Intl.DateTimeFormat().resolvedOptions().timeZone,"
        " new Date(2025, 7, 3).toLocaleDateString(), (87.5).toLocaleString(undefined,"
        " {minimumFractionDigits: 2})]"
    )
    assert ambiente == ["pt-BR", "America/Sao_Paulo", "03/08/2025", "87,50"]
    # O primeiro Tab leva ao atalho para o conteúdo.
    celular.keyboard.press("Tab")
    assert celular.evaluate("() => document.activeElement.textContent") == ("Pular para o conteúdo")
    celular.keyboard.press("Enter")
    assert celular.evaluate("() => document.activeElement.id") == "conteudo"


def test_pagina_publica_no_celular_pelo_teclado(
    celular: Any,
    certame_homologado: Any,
    rita: Any,
) -> None:
    nomear_edital(certame_homologado, rita)
    pk = certame_homologado.pk
    celular.goto(celular.base + f"/publico/certames/{pk}/documentos/ordem-de-nomeacao/")
    celular.locator("svg.grafico-ordem").first.wait_for()
    regioes = celular.locator(".tabela-rolagem[role=region]")
    assert regioes.count() >= 1
    assert celular.locator("caption").count() >= regioes.count()
    assert celular.locator("details.porque summary", has_text="Por quê").count() >= 1
    sem_rolagem_lateral(celular)
    capturar(celular, "celular-01-ordem-de-nomeacao")

    celular.locator("details.porque summary").first.click()
    sem_rolagem_lateral(celular)
    capturar(celular, "celular-02-ordem-por-que-aberto")

    celular.goto(celular.base + f"/publico/certames/{pk}/consulta/")
    tab_ate(celular, "Número de inscrição")
    celular.keyboard.type("1008")
    tab_ate(celular, "Consultar")
    celular.keyboard.press("Enter")
    celular.wait_for_selector("text=Nomeações que vêm antes da sua")
    assert "ainda não nomeado(a)" in celular.locator(".resumo").inner_text()
    sem_rolagem_lateral(celular)
    capturar(celular, "celular-03-consulta")


def test_nomeacoes_do_rh_no_celular_pelo_teclado(
    celular: Any,
    certame_homologado: Any,
    rita: Any,
) -> None:
    pk = certame_homologado.pk
    celular.goto(celular.base + "/entrar/")
    celular.get_by_label("Usuário").fill("rita")
    celular.get_by_label("Senha").fill(SENHA)
    celular.get_by_label("Senha").press("Enter")
    celular.wait_for_selector("text=Sair")

    celular.goto(celular.base + f"/certames/{pk}/nomeacoes/")
    celular.wait_for_selector("table.propostas")
    sem_rolagem_lateral(celular)
    # O campo de data em dd/mm/aaaa (idioma pt-BR do navegador): veja a captura.
    celular.locator("input[type=date]").first.screenshot(
        path=str(capturar(celular, "celular-04-nomeacoes").with_name("celular-campo-data.png"))
    )

    tab_ate(celular, "Nº da portaria")
    celular.keyboard.type("101/2025")
    tab_ate(celular, "Data")  # (a data do ato não vem preenchida: digita-se dd/mm/aaaa)
    celular.keyboard.type("03082025")
    tab_ate(celular, "Confirmar nomeação de 1001")
    celular.keyboard.press("Enter")
    celular.wait_for_selector("text=Confirmar: nomear")  # o ato pergunta antes
    sem_rolagem_lateral(celular)
    capturar(celular, "celular-04b-confirmar-nomeacao")
    tab_ate(celular, "Confirmar a nomeação")
    celular.keyboard.press("Enter")
    celular.wait_for_selector("text=Nomeação da inscrição 1001 confirmada.")
    atos = celular.locator("table.atos").inner_text()
    assert "101/2025" in atos
    sem_rolagem_lateral(celular)

    tab_ate(celular, "Posse em")
    celular.keyboard.type("10082025")
    tab_ate(celular, "Registrar posse de 1001")
    celular.keyboard.press("Enter")
    celular.wait_for_selector("text=Posse registrada.")
    sem_rolagem_lateral(celular)
    capturar(celular, "celular-05-nomeacoes-posse")
