"""Jornadas da vida do certame no navegador: importar com títulos de outra banca (mapeados),
trocar uma importação, corrigir as vagas de um cargo antes da homologação, retificar depois
dela, e a confirmação de um ato que não se desfaz. Cada uma termina numa captura de tela."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.web.conftest import (  # noqa: F401
    LINHAS,
    certame_homologado,
    csv_candidatos,
    verificar_todos,
)

from .conftest import capturar, entrar

pytestmark = [pytest.mark.navegador, pytest.mark.django_db(transaction=True)]

ARQUIVO = "Arquivo da banca (CSV, XLSX ou ODS)"


def _enviar(pagina: Any, caminho: Path, banca: str = "") -> None:
    pagina.get_by_label(ARQUIVO).set_input_files(str(caminho))
    if banca:
        pagina.get_by_label("Banca que produziu o arquivo").fill(banca)
    pagina.get_by_role("button", name="Ver prévia").click()


def test_importar_com_titulos_mapeados(pagina: Any, certame: Any, tmp_path: Path) -> None:
    cabecalho, resto = csv_candidatos().split("\n", 1)
    arquivo = tmp_path / "resultado-banca.csv"
    arquivo.write_text(
        cabecalho.replace("nota", "Nota Final Obtida") + "\n" + resto, encoding="utf-8"
    )
    entrar(pagina, "rita")
    pagina.goto(pagina.base + f"/certames/{certame.pk}/candidatos/importar/")
    assert pagina.get_by_role("link", name="modelo em XLSX").count() == 1
    _enviar(pagina, arquivo, banca="Fundação Exemplo")
    pagina.wait_for_selector("text=Quais títulos do arquivo são estas colunas?")
    pagina.locator("#coluna_nota").select_option("Nota Final Obtida")
    capturar(pagina, "10a-importar-mapear-colunas")
    pagina.get_by_role("button", name="Usar estas colunas e ver a prévia").click()
    pagina.wait_for_selector("text=Prévia: 8 candidato(s)")
    assert "escolhido por você" in pagina.locator("#colunas-lidas").inner_text()
    assert "PROF" in pagina.locator("#contagem-por-cargo").inner_text()
    capturar(pagina, "10b-importar-previa-mapeada")
    pagina.get_by_role("button", name="Confirmar a importação").click()
    pagina.wait_for_selector("text=Candidatos importados.")


def test_substituir_uma_importacao(
    pagina: Any, certame_com_candidatos: Any, tmp_path: Path
) -> None:
    novo = tmp_path / "resultado-corrigido.csv"
    novo.write_text(csv_candidatos(LINHAS[:6]), encoding="utf-8")
    entrar(pagina, "rita")
    pagina.goto(pagina.base + f"/certames/{certame_com_candidatos.pk}/candidatos/importar/")
    pagina.get_by_role("link", name="Substituir por outro arquivo").click()
    pagina.wait_for_selector("text=Substituir a importação do arquivo resultado.csv")
    _enviar(pagina, novo)
    pagina.get_by_role(
        "button", name="Confirmar: substituir a importação anterior por este arquivo"
    ).click()
    pagina.wait_for_selector("text=Importação substituída.")
    pagina.wait_for_selector("text=6 candidato(s)")
    pagina.goto(pagina.base + f"/certames/{certame_com_candidatos.pk}/candidatos/importar/")
    assert "Substituída por resultado-corrigido.csv" in pagina.locator("#importacoes").inner_text()
    capturar(pagina, "11-importacao-substituida")


def test_corrigir_vagas_antes_da_homologacao(pagina: Any, certame: Any) -> None:
    cargo = certame.cargos.get()
    entrar(pagina, "rita")
    pagina.goto(pagina.base + f"/certames/{certame.pk}/")
    pagina.get_by_role("link", name="Corrigir dados e vagas").click()
    pagina.get_by_label("Cargo PROF: vagas do edital").fill("15")
    pagina.get_by_label("Motivo da correção").fill("Vagas digitadas erradas: o edital diz 15.")
    pagina.get_by_role("button", name="Corrigir").click()
    pagina.wait_for_selector("text=Dados corrigidos")
    linha = pagina.locator("tr", has_text="PROF — Professor")
    assert "15" in linha.first.inner_text()
    capturar(pagina, "12a-correcao-de-vagas")
    pagina.goto(pagina.base + f"/certames/{certame.pk}/historico/")
    assert "Cargo PROF: vagas do edital: 5 → 15" in pagina.locator("table").inner_text()
    capturar(pagina, "12b-correcao-no-historico")
    assert cargo.pk


def test_retificacao_depois_da_homologacao(pagina: Any, certame_homologado: Any) -> None:
    pk = certame_homologado.pk
    entrar(pagina, "rita")
    pagina.goto(pagina.base + f"/certames/{pk}/")
    pagina.get_by_role("link", name="Retificação").click()
    pagina.get_by_label("Validade até").fill("2029-06-10")
    pagina.get_by_label("Data do ato de retificação").fill("2025-09-01")
    pagina.get_by_label("Fundamento (texto do ato de retificação)").fill(
        "Edital de retificação nº 2/2025: prorroga a validade do concurso."
    )
    pagina.get_by_role("button", name="Conferir a retificação").click()
    pagina.wait_for_selector("text=Confirmar: registrar a retificação")
    assert "Validade até: 10/06/2027 → 10/06/2029" in pagina.content()
    capturar(pagina, "13a-retificacao-confirmar")
    pagina.get_by_role("button", name="Registrar a retificação").click()
    pagina.wait_for_selector("text=Retificação registrada")
    pagina.goto(pagina.base + f"/publico/certames/{pk}/")
    pagina.wait_for_selector("text=Retificação de 01/09/2025")
    assert "prorroga a validade" in pagina.content()
    capturar(pagina, "13b-retificacao-na-pagina-publica")


def test_confirmar_um_ato_que_nao_se_desfaz(pagina: Any, sessao: Any, carlos: Any) -> None:
    verificar_todos(sessao, carlos)
    certame = sessao.certame
    entrar(pagina, "rita")
    pagina.goto(pagina.base + f"/certames/{certame.pk}/")
    pagina.get_by_label("Data").fill("2025-08-01")
    pagina.get_by_role("button", name="Homologar a classificação final").click()
    pagina.wait_for_selector("text=Confirmar: homologar a classificação final")
    texto = pagina.locator(".confirmacao").inner_text()
    assert "01/08/2025" in texto and "8 candidato(s)" in texto and "art." in texto
    capturar(pagina, "14a-confirmar-homologacao")
    pagina.get_by_role("link", name="Voltar sem fazer nada").click()
    pagina.wait_for_selector("text=Classificação ainda não homologada")
    pagina.get_by_label("Data").fill("2025-08-01")
    pagina.get_by_role("button", name="Homologar a classificação final").click()
    pagina.get_by_role("button", name="Homologar", exact=True).click()
    pagina.wait_for_selector("text=Homologado em 01/08/2025")
    capturar(pagina, "14b-homologado-depois-de-confirmar")
