"""Um certame de uma lei de três grupos, só pelas telas: o RH escolhe a lei pelo ente e pela data,
informa os valores que a lei deixa em aberto (com a justificativa), importa as colunas de cada
grupo, registra a verificação documental de um indígena, homologa e nomeia; a vaga quilombola
sem candidato migra, e o anexo do edital diz por extenso quantas vagas cada grupo tem.

A lei é a de teste de tests/web/leis/lei-3-grupos.toml (três grupos, um verificado pela comissão
e dois por documentos, percentuais em aberto), carregada pelo gancho `COTAS_LEIS_EXTRAS`.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

# ruff: noqa: F811  (a fixture da lei de teste entra por import e volta como parâmetro)
from tests.web.test_grupos_web import csv_tres_grupos, lei_de_tres_grupos  # noqa: F401

from .conftest import capturar
from .test_acessibilidade import _relatorio
from .test_do_comeco_ao_fim import Jornada

pytestmark = [pytest.mark.navegador, pytest.mark.django_db(transaction=True)]

PERCENTUAIS = {"pretos_pardos": "20", "indigenas": "10", "quilombolas": "10"}


def test_certame_de_tres_grupos_pelas_telas(
    navegador: Any, live_server: Any, rita: Any, lei_de_tres_grupos: Any, tmp_path: Path
) -> None:
    j = Jornada(navegador, live_server.url)
    pg = j.page
    try:
        j.entrar("rita")
        pg.get_by_role("link", name="Novo certame").click()
        pg.get_by_label("Nome do certame").fill("Concurso 3 grupos 01/2026")
        pg.get_by_label("Município").select_option("Teste/BR")
        pg.get_by_label("Data de publicação do edital").fill("2026-03-01")
        pg.get_by_label("Validade até").fill("2028-03-01")
        pg.get_by_role("button", name="Criar certame").click()
        # A lei deixa os percentuais em aberto: a tela os pede, com a justificativa de cada um.
        for grupo, valor in PERCENTUAIS.items():
            pg.locator(f'[name="lacuna__{grupo}.percentual"]').fill(valor)
            pg.locator(f'[name="justificativa__{grupo}.percentual"]').fill(
                f"Decreto de teste, art. 1º: {valor}%"
            )
        j.passo("lacunas-da-lei")
        pg.get_by_role("button", name="Criar certame").click()
        pg.wait_for_selector("text=Lei aplicada")
        pk = int(re.search(r"/certames/(\d+)/", pg.url).group(1))  # type: ignore[union-attr]
        assert "Decreto de teste, art. 1º: 10%" in pg.locator("#valores-informados").inner_text()
        pg.get_by_text("Cadastrar cargo", exact=True).first.click()
        pg.get_by_label("Código do cargo").fill("ADM")
        pg.get_by_label("Nome do cargo").fill("Administrador")
        pg.get_by_label("Vagas do edital").fill("10")
        pg.get_by_role("button", name="Cadastrar cargo").click()
        linha = pg.locator("tr", has_text="ADM — Administrador")
        linha.wait_for()
        # 20%, 10% e 10% de 10 vagas: 2, 1 e 1, uma coluna por grupo com o rótulo da lei.
        assert re.search(r"10\s+2\s+1\s+1\s+6", linha.inner_text()), linha.inner_text()
        j.passo("reserva-por-grupo", celular=True)

        # A importação: as colunas de cada grupo, contadas na prévia.
        arquivo = tmp_path / "tres.csv"
        arquivo.write_text(csv_tres_grupos(), encoding="utf-8")
        j.ir(f"/certames/{pk}/candidatos/importar/")
        pg.get_by_label("Arquivo da banca (CSV, XLSX ou ODS)").set_input_files(str(arquivo))
        pg.get_by_role("button", name="Ver prévia").click()
        pg.wait_for_selector("text=Prévia: 14 candidato(s)")
        contagem = pg.locator("#contagem-por-cargo").inner_text()
        assert "Concorrem à reserva para quilombolas" in contagem
        assert re.search(r"ADM\s+14\s+14\s+3\s+1\s+0\s+0", contagem), contagem
        j.passo("previa-tres-grupos")
        pg.get_by_role("button", name="Confirmar a importação").click()
        pg.wait_for_selector("text=Candidatos importados.")

        # A verificação documental do indígena, registrada pelo RH na inscrição dele.
        pg.get_by_role("link", name="4001").click()
        pg.get_by_text("Registrar a verificação documental (indígenas)").click()
        formulario = pg.locator("#form-verificacao-indigenas")
        formulario.get_by_label("Data da análise dos documentos").fill("2026-04-01")
        formulario.get_by_label("Resultado").select_option("confirmado")
        formulario.get_by_label("Documentos analisados e fundamentação").fill(
            "Declaração da comunidade indígena."
        )
        formulario.get_by_role("button", name="Registrar a verificação documental").click()
        pg.wait_for_selector("text=Verificação documental registrada.")
        assert pg.locator("#verificacao-indigenas").inner_text() == (
            "Os documentos comprovam a condição"
        )
        j.passo("verificacao-documental", celular=True)

        # Homologa, oferta e nomeia as 10 vagas.
        j.ir(f"/certames/{pk}/")
        pg.get_by_label("Data", exact=True).fill("2026-04-02")
        pg.get_by_role("button", name="Homologar a classificação final").click()
        pg.get_by_role("button", name="Homologar", exact=True).click()
        pg.wait_for_selector("text=Homologado em 02/04/2026")
        pg.get_by_role("link", name="Nomeações").first.click()
        pg.get_by_label("Data da oferta").fill("2026-04-03")
        pg.get_by_role("button", name="Ofertar as vagas do edital").click()
        pg.wait_for_selector("text=Vagas do edital ofertadas")
        nomeados = j.confirmar_nomeacoes(10, primeira_portaria=1)
        assert "4001" in nomeados and {"3001", "3002", "3003"} <= set(nomeados)
        # A vaga dos quilombolas, sem candidato, foi a uma pessoa preta ou parda, e a tela diz.
        atos = pg.locator("main").inner_text()
        assert "reservada a quilombolas" in atos, atos
        j.passo("nomeados-com-migracao", celular=True)

        # O anexo do edital, público: a quantidade de cada grupo por extenso.
        j.ir(f"/publico/certames/{pk}/documentos/anexo-edital/")
        anexo = " ".join(pg.locator("main").inner_text().split())
        assert "2 (duas) reservadas a pessoas pretas e pardas" in anexo, anexo
        assert "1 (uma) reservada a indígenas" in anexo
        assert "1 (uma) reservada a quilombolas" in anexo
        j.passo("anexo-do-edital", celular=True)
    finally:
        capturar(pg, "grupos-da-lei-fim")
        j.contexto.close()
    assert not j.falhas, "Violações sérias ou críticas (axe-core):" + _relatorio(j.falhas)
