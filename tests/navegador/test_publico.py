"""Jornada pública no navegador (sem login): consultar a inscrição, ver a ordem de nomeação com o
gráfico e as listas — sem CPF inteiro em nenhuma página."""

from __future__ import annotations

import re
from typing import Any

import pytest

from tests.web.conftest import certame_homologado  # noqa: F401  (fixture)
from tests.web.test_publico import CPFS, nomear_edital

from .conftest import capturar

pytestmark = [pytest.mark.navegador, pytest.mark.django_db(transaction=True)]

CPF_INTEIRO = re.compile(r"\d{3}\.?\d{3}\.?\d{3}-?\d{2}")


def sem_cpf(pagina: Any) -> None:
    html = pagina.content()
    assert not CPF_INTEIRO.search(html)
    for cpf in CPFS:
        assert cpf not in html


def test_candidato_consulta_a_inscricao_e_ve_a_ordem(
    pagina: Any,
    certame_homologado: Any,
    rita: Any,
) -> None:
    nomear_edital(certame_homologado, rita)
    pk = certame_homologado.pk
    pagina.goto(pagina.base + f"/publico/certames/{pk}/")
    pagina.get_by_role("link", name="Consultar inscrição").click()
    pagina.get_by_label("Número de inscrição").fill("1008")
    pagina.get_by_role("button", name="Consultar").click()
    pagina.wait_for_selector("text=Nomeações que vêm antes da sua")
    resumo = pagina.locator(".resumo").inner_text()
    assert "ainda não nomeado(a)" in resumo
    assert pagina.locator("table", has_text="Posição em cada lista").count() == 1
    sem_cpf(pagina)
    capturar(pagina, "publico-01-consulta-aguardando")

    pagina.get_by_label("Número de inscrição").fill("1006")
    pagina.get_by_role("button", name="Consultar").click()
    pagina.wait_for_selector("text=Nomeação")
    assert "nomeado(a) na vaga 3" in pagina.locator(".resumo").inner_text()
    sem_cpf(pagina)
    capturar(pagina, "publico-02-consulta-nomeado")

    pagina.get_by_role("link", name="Ordem de nomeação").first.click()
    grafico = pagina.locator("svg.grafico-ordem")
    grafico.first.wait_for()
    assert "Ordem de nomeação — PROF" in (grafico.first.locator("title").first.text_content() or "")
    assert pagina.get_by_role("link", name="PDF").count() >= 1
    sem_cpf(pagina)
    capturar(pagina, "publico-03-ordem-com-grafico")

    pagina.get_by_role("link", name="Listas de classificação").first.click()
    pagina.wait_for_selector("table[data-tabela=classificacao]")
    assert "***." in pagina.content()
    sem_cpf(pagina)
    capturar(pagina, "publico-04-listas")
