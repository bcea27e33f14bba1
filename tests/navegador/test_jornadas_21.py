"""As jornadas do issue 21 que faltavam, no navegador, com o axe em cada página nova: um lote de
13 nominações num ato só; as portarias para publicar baixadas em PDF e DOCX e lidas; a ata da
sessão que não muda com um recurso posterior; a mesa do auditor, cujo registro exportado o
`verificar_auditoria --cabecas` confere de novo. Na tela de mesa (1366×768) e, onde faz sentido,
no telefone (390×844)."""

from __future__ import annotations

import csv
import io
import json
from collections.abc import Iterator
from datetime import date
from pathlib import Path
from typing import Any

import docx
import pypdf
import pytest
from django.core.management import call_command

from tests.web.conftest import (  # noqa: F401  (fixtures)
    certame_homologado,
    designar_auditora,
    verificar_todos,
)
from tests.web.test_publico import nomear_edital

from .conftest import _pagina, capturar, entrar, sem_rolagem_lateral
from .test_acessibilidade import TELAS, _relatorio, _verificar

pytestmark = [pytest.mark.navegador, pytest.mark.django_db(transaction=True)]


@pytest.fixture(params=list(TELAS))
def tela(request: Any, navegador: Any, live_server: Any) -> Iterator[Any]:
    """A mesma jornada na tela de mesa e no telefone; `tela.nome_da_tela` diz qual."""
    for page in _pagina(navegador, live_server, **TELAS[request.param]):
        page.nome_da_tela = request.param
        yield page


@pytest.fixture
def mesa(navegador: Any, live_server: Any) -> Iterator[Any]:
    for page in _pagina(navegador, live_server, **TELAS["desktop"]):
        page.nome_da_tela = "desktop"
        yield page


def olhar(page: Any, nome: str) -> None:
    """Captura a página e passa o axe nela: nenhuma violação séria ou crítica; no telefone,
    nada transborda da tela."""
    nome = f"21-{nome}-{page.nome_da_tela}"
    capturar(page, nome)
    violacoes = _verificar(page)
    assert not violacoes, _relatorio({nome: violacoes})
    if page.nome_da_tela == "celular":
        sem_rolagem_lateral(page)


def baixar(page: Any, link: Any, destino: Path) -> Path:
    """Clica no link e guarda o arquivo que o navegador baixa (não a página que ele abriria)."""
    with page.expect_download() as espera:
        link.click()
    download = espera.value
    caminho = destino / str(download.suggested_filename)
    download.save_as(str(caminho))
    return caminho


def _texto_do_pdf(caminho: Path) -> str:
    leitor = pypdf.PdfReader(str(caminho))
    return " ".join(" ".join((p.extract_text() or "").split()) for p in leitor.pages)


def _texto_do_docx(caminho: Path) -> str:
    d = docx.Document(str(caminho))
    partes = [p.text for p in d.paragraphs]
    partes += [c.text for t in d.tables for linha in t.rows for c in linha.cells]
    return " ".join(" ".join(partes).split())


# 1. Treze nomeações num ato só --------------------------------------------------------------


def test_lote_de_13_nomeacoes_numa_portaria(tela: Any, rita: Any) -> None:
    from cotas_web.certames.models import Certame
    from cotas_web.nomeacoes.models import Nomeacao
    from cotas_web.nomeacoes.selectors import propostas_do_motor

    # O exemplo de Montenegro (o da demonstração), homologado e com as vagas do edital
    # ofertadas, feito por Rita: o cargo ENF tem 13 vagas.
    call_command("carregar_exemplo", "--como", "rita", stdout=io.StringIO())
    certame = Certame.objects.get()
    enf = certame.cargos.get(codigo="ENF")
    assert enf.vagas_edital == 13
    propostas = propostas_do_motor(certame=certame, cargo=enf)
    assert len(propostas) == 13
    nomes = {p.inscricao: p.candidato.nome for p in propostas if p.candidato is not None}

    page = tela
    entrar(page, "rita")
    page.goto(page.base + f"/certames/{certame.pk}/nomeacoes/")
    # (três cargos: o painel mostra cada um por extenso, cada um na sua seção)
    enf_secao = page.locator(f"section[aria-labelledby='cargo-{enf.pk}']")
    assert "ENF — Enfermeiro (13 vaga(s) ofertada(s))" in enf_secao.locator("h2").inner_text()
    olhar(page, "1a-nomeacoes")
    page.locator(f"#lote-qtd-{enf.pk}").fill("13")
    page.locator(f"#lote-portaria-{enf.pk}").fill("230/2025")
    page.locator(f"#lote-data-{enf.pk}").fill("2025-08-15")
    page.get_by_role("button", name="Confirmar as próximas nomeações de ENF").click()

    page.wait_for_selector("text=Confirmar: nomear 13 candidato(s) de ENF")
    conferencia = " ".join(page.locator("main").inner_text().split())
    assert "Portaria nº 230/2025, de 15/08/2025, nomeia para ENF — Enfermeiro" in conferencia
    for p in propostas:  # quem, em qual vaga, por qual lista e por quê
        assert (
            f"{p.ordem}ª nomeação, vaga {p.vaga}: {p.inscricao} — {nomes[p.inscricao]}, "
            f"pela lista de {p.modalidade_rotulo}" in conferencia
        ), p
        assert "Por quê: " + " ".join(p.razao.split()) in conferencia, p.razao
    assert Nomeacao.objects.count() == 0  # a conferência não nomeia ninguém
    olhar(page, "1b-confirmar-lote")
    page.get_by_role("button", name="Confirmar as nomeações").click()
    page.wait_for_selector("text=13 nomeação(ões) de ENF confirmada(s).")

    feitas = enf_secao.locator("table.atos tbody tr")
    assert feitas.count() == 13
    for i, p in enumerate(propostas):
        linha = " ".join(feitas.nth(i).inner_text().split())
        assert f"{p.inscricao} — {nomes[p.inscricao]}" in linha
        assert "230/2025 de 15/08/2025" in linha
    nomeacoes = Nomeacao.objects.filter(cargo=enf)
    assert nomeacoes.count() == 13
    assert set(nomeacoes.values_list("portaria", flat=True)) == {"230/2025"}
    proximas = enf_secao.locator("table.propostas tbody").inner_text()
    assert proximas.strip() == "Nenhuma nomeação proposta."
    olhar(page, "1c-nomeacoes-feitas")


# 2. Os textos para publicar -----------------------------------------------------------------


def test_portaria_baixada_em_pdf_e_docx(
    mesa: Any, certame_homologado: Any, rita: Any, tmp_path: Path
) -> None:
    from cotas_web.nomeacoes.services import nomeacoes_confirmar_em_lote
    from cotas_web.ponte import leis

    cargo = certame_homologado.cargos.get()
    atos = nomeacoes_confirmar_em_lote(
        usuario=rita,
        cargo=cargo,
        quantidade=3,
        portaria="201/2025",
        data_portaria=date(2025, 8, 3),
    )
    vigencia = leis.regras_do_certame(certame_homologado).lei.referencia_vigencia

    page = mesa
    entrar(page, "rita")
    page.goto(page.base + f"/certames/{certame_homologado.pk}/")
    page.get_by_role("link", name="Textos para publicar").first.click()
    page.wait_for_selector("h1:has-text('Textos para publicar')")
    olhar(page, "2a-textos")
    # O PDF abre no visualizador do navegador (inline, como os documentos públicos); o arquivo é
    # o que o navegador recebeu ao clicar, com o nome que o "Salvar" do visualizador usa.
    with page.expect_response(lambda r: "/textos/portaria-nomeacao.pdf" in r.url) as resposta:
        page.get_by_role("link", name="Texto da portaria 201/2025 (PDF)").click()
    assert resposta.value.status == 200
    assert resposta.value.headers["content-type"] == "application/pdf"
    nome_pdf = "concurso-01-2025-portaria-nomeacao-201-2025.pdf"
    assert nome_pdf in resposta.value.headers["content-disposition"]
    # (o corpo da navegação fica com o visualizador; o mesmo endereço, na sessão do navegador)
    pdf = tmp_path / nome_pdf
    pdf.write_bytes(page.context.request.get(resposta.value.url).body())
    page.go_back()
    linha = page.locator("tr", has_text="Texto da portaria 201/2025")
    doc = baixar(page, linha.get_by_role("link", name="DOCX").first, tmp_path)
    assert doc.name == "concurso-01-2025-portaria-nomeacao-201-2025.docx"
    assert pdf.read_bytes().startswith(b"%PDF")

    for texto in (_texto_do_pdf(pdf), _texto_do_docx(doc)):
        assert "PORTARIA Nº 201/2025, DE 03/08/2025" in texto
        for ato in atos:
            assert f"{ato.candidato.inscricao}" in texto and ato.candidato.nome in texto
        assert vigencia.citacao() in texto  # o fundamento, dos dados da lei
        assert " ".join(vigencia.texto.split())[:60] in texto
        assert "Gerado em" in texto


# 3. A ata que não muda depois de um recurso -------------------------------------------------


def _ata_na_tela(page: Any, pk: int, sid: int) -> str:
    page.goto(page.base + f"/certames/{pk}/comissao/sessoes/{sid}/ata/")
    page.wait_for_selector("text=Ata da sessão de verificação")
    return str(page.locator("main").inner_text())


def test_ata_fechada_nao_muda_com_recurso_posterior(
    tela: Any, sessao: Any, carlos: Any, tmp_path: Path
) -> None:
    verificar_todos(sessao, carlos)
    certame = sessao.certame
    page = tela
    entrar(page, "carlos")
    page.goto(page.base + f"/certames/{certame.pk}/comissao/sessoes/{sessao.pk}/")
    page.get_by_role("link", name="Encerrar a sessão e fechar a ata").click()
    page.wait_for_selector("h1:has-text('Encerrar a sessão e fechar a ata')")
    olhar(page, "3a-encerrar")
    page.get_by_role("button", name="Encerrar a sessão e fechar a ata").click()
    page.wait_for_selector("text=a ata está fechada")

    antes = _ata_na_tela(page, certame.pk, sessao.pk)
    assert "encerrada em" in antes
    olhar(page, "3b-ata-fechada")
    csv_antes = baixar(page, page.get_by_role("link", name="CSV"), tmp_path / "antes")
    conteudo_antes = csv_antes.read_bytes()
    assert b"1006" in conteudo_antes

    # Depois do encerramento, um recurso contra o parecer de 1006 e a sua decisão.
    page.goto(page.base + f"/certames/{certame.pk}/comissao/")
    page.get_by_text("Registrar recurso", exact=True).first.click()  # (abre o <details>)
    page.get_by_label("Inscrição do candidato cujo parecer é recorrido").fill("1006")
    page.get_by_label("Quem recorre", exact=True).select_option("terceiro")
    page.get_by_label("Nome de quem recorre").fill("Fabio Branco")
    page.get_by_label("Razões").fill("Os traços fenotípicos não foram considerados.")
    page.get_by_label("Data de interposição").fill("2025-07-25")
    page.get_by_role("button", name="Registrar recurso").click()
    page.wait_for_selector("text=Recurso registrado.")
    page.get_by_role("link", name="Decidir").click()
    olhar(page, "3c-decidir-recurso")
    page.get_by_label("Decisão", exact=True).select_option("provido")
    page.get_by_label("Novo parecer (se provido)").select_option("nao_confirmado")
    page.get_by_label("Fundamentação").fill("Reexame das gravações pela comissão recursal.")
    page.get_by_label("Data da decisão").fill("2025-07-28")
    page.get_by_role("button", name="Decidir").click()
    page.wait_for_selector("text=Recurso decidido.")

    # A ata diz o mesmo que dizia, na tela e no arquivo; o recurso está no registro dele.
    assert _ata_na_tela(page, certame.pk, sessao.pk) == antes
    csv_depois = baixar(page, page.get_by_role("link", name="CSV"), tmp_path / "depois")
    assert csv_depois.read_bytes() == conteudo_antes
    page.goto(page.base + f"/certames/{certame.pk}/comissao/recursos/")
    olhar(page, "3d-registro-dos-recursos")
    registro = " ".join(page.locator("main").inner_text().split())
    assert "1006" in registro and "Fabio Branco" in registro
    assert "25/07/2025" in registro and "28/07/2025" in registro
    assert "Reexame das gravações pela comissão recursal." in registro


# 4. A mesa do auditor -----------------------------------------------------------------------


def test_auditor_exporta_e_o_comando_confere(
    tela: Any, certame_homologado: Any, rita: Any, ana: Any, tmp_path: Path
) -> None:
    from cotas_web.auditoria.models import Registro

    nomear_edital(certame_homologado, rita)
    designar_auditora(certame_homologado, ana)
    pk = certame_homologado.pk
    total = Registro.objects.filter(certame_id=pk).count()

    page = tela
    entrar(page, "ana")
    page.goto(page.base + f"/certames/{pk}/")
    page.get_by_role("link", name="Histórico").first.click()
    page.wait_for_selector("h1:has-text('Histórico do certame')")
    olhar(page, "4a-historico")
    jsonl = baixar(page, page.get_by_role("link", name="JSON Lines", exact=True), tmp_path)
    tabela = baixar(page, page.get_by_role("link", name="CSV", exact=True), tmp_path)
    cabeca = baixar(
        page, page.get_by_role("link", name="A cabeça da cadeia (JSON Lines)"), tmp_path / "c"
    )

    linhas = [json.loads(x) for x in jsonl.read_text(encoding="utf-8").splitlines()]
    assert len(linhas) == total
    with tabela.open(encoding="utf-8-sig", newline="") as f:
        assert [x["hash"] for x in csv.DictReader(f)] == [x["hash"] for x in linhas]
    assert json.loads(cabeca.read_text(encoding="utf-8"))["registros"] == total
    assert json.loads(cabeca.read_text(encoding="utf-8"))["ultimo_hash"] == linhas[-1]["hash"]

    saida = io.StringIO()
    call_command("verificar_auditoria", "--cabecas", str(cabeca), stdout=saida)
    assert "Registro de auditoria íntegro" in saida.getvalue()
