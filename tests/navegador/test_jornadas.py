"""As jornadas principais no navegador, com capturas de tela de cada uma."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from tests.web.conftest import verificar_todos

from .conftest import capturar, entrar

pytestmark = [pytest.mark.navegador, pytest.mark.django_db(transaction=True)]


def test_criar_certame_e_ver_a_reserva_com_a_conta(pagina: Any, rita: Any) -> None:
    entrar(pagina, "rita")
    pagina.get_by_role("link", name="Novo certame").click()
    pagina.get_by_label("Nome do certame").fill("Concurso Público 07/2025")
    pagina.get_by_label("Município").select_option("Montenegro/RS")
    pagina.get_by_label("Data de publicação do edital").fill("2025-06-10")
    pagina.get_by_label("Validade até").fill("2027-06-10")
    pagina.get_by_label("PcD: percentual do edital (%)").fill("5")
    pagina.get_by_role("button", name="Criar certame").click()
    pagina.wait_for_selector("text=Lei aplicada")
    pagina.get_by_text("Cadastrar cargo", exact=True).first.click()
    pagina.get_by_label("Código do cargo").fill("ENF")
    pagina.get_by_label("Nome do cargo").fill("Enfermeiro")
    pagina.get_by_label("Vagas do edital").fill("13")
    pagina.get_by_role("button", name="Cadastrar cargo").click()
    linha = pagina.locator("tr", has_text="ENF — Enfermeiro")
    linha.wait_for()
    assert "2,6" in linha.inner_text()  # 13 × 20% = 2,6 → 3
    assert "art. 1º, § 2º" in pagina.content()
    capturar(pagina, "01-criar-certame")


def test_importar_candidatos_com_previa_e_buscar(
    pagina: Any, certame: Any, arquivo_csv: Path
) -> None:
    entrar(pagina, "rita")
    pagina.goto(pagina.base + f"/certames/{certame.pk}/candidatos/importar/")
    pagina.get_by_label("Arquivo da banca (CSV, XLSX ou ODS)").set_input_files(str(arquivo_csv))
    pagina.get_by_role("button", name="Ver prévia").click()
    pagina.wait_for_selector("text=Prévia: 8 candidato(s)")
    capturar(pagina, "02a-importar-previa")
    pagina.get_by_role("button", name="Confirmar a importação").click()
    pagina.wait_for_selector("text=Candidatos importados.")
    pagina.get_by_label("Buscar por nome, inscrição ou CPF").fill("Nadia")
    pagina.get_by_role("button", name="Buscar").click()
    pagina.wait_for_selector("text=1 candidato(s)")
    assert pagina.locator("tbody tr").count() == 1
    capturar(pagina, "02b-importar-busca")


def test_importacao_com_erros_nao_grava(pagina: Any, certame: Any, tmp_path: Path) -> None:
    arquivo = tmp_path / "ruim.csv"
    arquivo.write_text(
        "inscricao,nome,cargo,nota\n1,Ana,PROF,abc\n2,Bia,PROF,7x\n", encoding="utf-8"
    )
    entrar(pagina, "rita")
    pagina.goto(pagina.base + f"/certames/{certame.pk}/candidatos/importar/")
    pagina.get_by_label("Arquivo da banca (CSV, XLSX ou ODS)").set_input_files(str(arquivo))
    pagina.get_by_role("button", name="Ver prévia").click()
    erros = pagina.locator("#erros-importacao li")
    erros.first.wait_for()
    texto = pagina.locator("#erros-importacao").inner_text()
    assert "linha 2" in texto and "linha 3" in texto
    assert pagina.get_by_role("button", name="Confirmar a importação").count() == 0
    capturar(pagina, "02c-importar-erros")


def test_sessao_da_comissao(pagina: Any, sessao: Any, carlos: Any, tmp_path: Path) -> None:
    foto = tmp_path / "foto.png"
    foto.write_bytes(b"\x89PNG\r\n\x1a\n" + b"0" * 32)
    entrar(pagina, "carlos")
    pagina.goto(pagina.base + f"/certames/{sessao.certame.pk}/comissao/sessoes/{sessao.pk}/")
    for inscricao in ("1002", "1006", "1007"):
        pagina.get_by_role("link", name=f"Registrar verificação de {inscricao}").click()
        pagina.get_by_label("Compareceu").check()
        for membro in ("Carlos", "Marta", "Paulo"):
            voto = "nao" if (inscricao == "1007" and membro != "Carlos") else "sim"
            pagina.get_by_label(f"Voto de {membro}").select_option(voto)
        if inscricao == "1006":
            # (o rótulo cita o artigo da lei do certame, vindo dos dados da lei)
            gravacao = re.compile(r"^Gravação \(foto ou vídeo, uso exclusivo da comissão\)")
            pagina.get_by_label(gravacao).set_input_files(str(foto))
        pagina.get_by_role("button", name="Registrar verificação").click()
        pagina.wait_for_selector(f"text=Verificação de {inscricao} registrada.")
    linha = pagina.locator("tr", has_text="1007")
    assert "Não confirmado" in linha.inner_text()
    assert pagina.get_by_role("link", name="foto.png").count() == 1
    capturar(pagina, "03a-sessao-comissao")
    pagina.get_by_role("link", name="Ata da sessão").click()
    pagina.wait_for_selector("text=Ata da sessão de verificação")
    assert "Confirmado pela comissão" in pagina.content()
    capturar(pagina, "03b-ata")


def test_homologar_nomear_desistencia_substituicao_e_historico(
    pagina: Any, sessao: Any, carlos: Any, ana: Any
) -> None:
    verificar_todos(sessao, carlos)
    certame = sessao.certame
    entrar(pagina, "rita")
    pagina.goto(pagina.base + f"/certames/{certame.pk}/")
    pagina.get_by_label("Data").fill("2025-08-01")
    pagina.get_by_role("button", name="Homologar a classificação final").click()
    pagina.wait_for_selector("text=Confirmar: homologar a classificação final")
    pagina.get_by_role("button", name="Homologar", exact=True).click()
    pagina.wait_for_selector("text=Homologado em 01/08/2025")
    capturar(pagina, "04-homologado")

    pagina.get_by_role("link", name="Nomeações").click()
    pagina.get_by_label("Data").fill("2025-08-02")
    pagina.get_by_role("button", name="Ofertar as vagas do edital").click()
    pagina.wait_for_selector("text=Confirmar: ofertar as vagas do edital")
    pagina.get_by_role("button", name="Ofertar as vagas do edital").click()
    pagina.wait_for_selector("text=Vagas do edital ofertadas")
    assert "reservada a negros" in (pagina.locator("table.propostas").text_content() or "")
    for ordem, inscricao in enumerate(("1001", "1002", "1006"), start=1):
        # (pelo id: a nomeação em lote tem também um campo "Nº da portaria")
        pagina.locator(f"#portaria-{inscricao}").fill(f"{100 + ordem}/2025")
        pagina.locator(f"#data-{inscricao}").fill("2025-08-03")
        pagina.get_by_role("button", name=f"Confirmar nomeação de {inscricao}").click()
        pagina.get_by_role("button", name="Confirmar a nomeação").click()
        pagina.wait_for_selector(f"text=Nomeação da inscrição {inscricao} confirmada.")
    capturar(pagina, "05-nomeacoes")

    # A desistência tem botão próprio, à vista (não escondida em "Outros registros"); o ato
    # não se desfaz, então a tela pergunta antes.
    desistencia = pagina.get_by_role("button", name="Desistência de 1006")
    pagina.locator("form", has=desistencia).locator("input[type=date]").fill("2025-08-05")
    desistencia.click()
    pagina.get_by_role("button", name="Registrar", exact=True).click()
    pagina.wait_for_selector("text=A substituição foi proposta")
    propostas = pagina.locator("table.propostas").inner_text()
    assert "1007" in propostas and "substitui 1006" in propostas
    capturar(pagina, "06-desistencia-substituicao")

    pagina.get_by_role("button", name="Sair").click()
    entrar(pagina, "ana")
    pagina.goto(pagina.base + f"/certames/{certame.pk}/historico/")
    historico = pagina.locator("table").inner_text()
    assert "Classificação final homologada" in historico
    assert "desistiu" in historico and "art. 14, § 2º" in historico
    capturar(pagina, "07-historico")
