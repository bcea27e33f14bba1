"""A jornada do issue 19 ("atos são fatos") no navegador, como a faria o RH de Montenegro: duas
nomeações confirmadas no painel (Portarias 105 e 106/2025); depois da homologação, a nota de um
terceiro candidato é corrigida (55 → 99) e ele passaria ao primeiro lugar. Antes de confirmar, a
página diz quem passa à frente de quem, a preterição e o que se segue dela (o parâmetro
`preterido`, docs/INTERPRETACAO.md#atos-publicados); depois, as duas nomeações publicadas são as
mesmas no painel, na ordem pública (página, CSV, XLSX e PDF baixados pelos links), nas consultas
e no histórico, e o corrigido não é informado de vaga 1 nenhuma.

O cenário de tests/web/test_atos_publicados.py, pela tela. Roda também no PostgreSQL (segunda
fase do `make test`). Capturas na mesa (1280) e no telefone (390), em artefatos/navegador/, com
o axe em cada página."""

from __future__ import annotations

import csv
import io
import re
from pathlib import Path
from typing import Any

import pypdf
import pytest
from python_calamine import CalamineWorkbook

from tests.documentos.conftest import exigir_pdf
from tests.web.conftest import certame_homologado  # noqa: F401  (fixture)

from .conftest import capturar, entrar, sem_rolagem_lateral
from .test_acessibilidade import _relatorio, _verificar

pytestmark = [pytest.mark.navegador, pytest.mark.django_db(transaction=True)]

# As duas nomeações publicadas: (ordem, vaga, inscrição, nome, portaria, data da portaria).
PUBLICADAS = (
    (1, 1, "1001", "Alice Branco", "105/2025", "03/08/2025"),
    (2, 2, "1002", "Beatriz Parda", "106/2025", "03/08/2025"),
)
ATOS = {insc: f"Portaria nº {p}, de {d}" for _, _, insc, _, p, d in PUBLICADAS}


def olhar(page: Any, nome: str, tela: str) -> None:
    """Captura a página (para olhar) e passa o axe nela; no telefone, nada transborda."""
    nome = f"19-{nome}-{tela}"
    capturar(page, nome)
    violacoes = _verificar(page)
    assert not violacoes, _relatorio({nome: violacoes})
    if tela == "celular":
        sem_rolagem_lateral(page)


def texto(page: Any, seletor: str = "main") -> str:
    return " ".join(page.locator(seletor).inner_text().split())


def baixar(page: Any, link: Any, destino: Path) -> bytes:
    """Clica no link e devolve o arquivo que o navegador baixa (CSV, XLSX)."""
    with page.expect_download() as espera:
        link.click()
    caminho = destino / str(espera.value.suggested_filename)
    espera.value.save_as(str(caminho))
    return caminho.read_bytes()


def abrir_pdf(page: Any, link: Any) -> bytes:
    """O PDF abre no visualizador do navegador (inline): o que o navegador recebeu ao clicar,
    pedido de novo na mesma sessão (o corpo da navegação fica com o visualizador)."""
    with page.expect_response(lambda r: r.url.endswith(".pdf")) as resposta:
        link.click()
    assert resposta.value.status == 200
    assert resposta.value.headers["content-type"] == "application/pdf"
    corpo = bytes(page.context.request.get(resposta.value.url).body())
    page.go_back()
    return corpo


def nomeacoes_no_painel(page: Any) -> list[str]:
    linhas = page.locator("table.atos tbody tr")
    return [" ".join(linhas.nth(i).inner_text().split()) for i in range(linhas.count())]


def nomeacoes_na_ordem_publica(page: Any) -> list[tuple[str, ...]]:
    """(ordem, vaga, inscrição, nome, ato) de cada linha da tabela da ordem de nomeação."""
    tabela = page.locator("table", has=page.locator("th", has_text="Substituída por"))
    cabecalho = [" ".join(t.split()) for t in tabela.locator("thead th").all_inner_texts()]
    col = {nome: i for i, nome in enumerate(cabecalho)}
    saida = []
    for linha in tabela.locator("tbody tr").all():
        celulas = [" ".join(t.split()) for t in linha.locator("td").all_inner_texts()]
        saida.append(tuple(celulas[col[c]] for c in ("Ordem", "Vaga", "Inscrição", "Nome", "Ato")))
    return saida


def consultar(page: Any, pk: int, inscricao: str) -> str:
    page.goto(page.base + f"/publico/certames/{pk}/")
    page.get_by_role("link", name="Consultar inscrição").first.click()
    page.get_by_label("Número de inscrição").fill(inscricao)
    page.get_by_role("button", name="Consultar").click()
    page.wait_for_selector(f"h2:has-text('Inscrição {inscricao}')")
    return texto(page, "section.consulta-resultado")


def _nomear(page: Any, pk: int, inscricao: str, portaria: str) -> None:
    """A primeira proposta do painel, confirmada com a portaria (a página de conferência antes)."""
    page.goto(page.base + f"/certames/{pk}/nomeacoes/")
    page.locator(f"#portaria-{inscricao}").fill(portaria)
    page.locator(f"#data-{inscricao}").fill("2025-08-03")
    page.get_by_role("button", name=f"Confirmar nomeação de {inscricao}").click()
    page.wait_for_selector("h1:has-text('Confirmar')")
    page.get_by_role("button", name="Confirmar").click()
    page.wait_for_selector(f"text=Nomeação da inscrição {inscricao} confirmada.")


def _pedir_correcao(page: Any, pk: int, cid: int) -> None:
    """Da página do candidato: a correção da nota de 1008 (55 → 99), até a conferência."""
    page.goto(page.base + f"/certames/{pk}/candidatos/")
    page.get_by_role("link", name="1008").first.click()
    page.get_by_text("Corrigir um dado (com registro)").click()
    page.get_by_label("Dado a corrigir").select_option("nota")
    page.get_by_label("Valor corrigido").fill("99,00")
    page.get_by_label("Data do ato de correção").fill("2025-08-10")
    page.get_by_label("Por quê").fill("Recurso da prova provido")
    page.get_by_label("Fundamento legal").fill("Decisão do recurso nº 7/2025")
    page.get_by_role("button", name="Conferir a correção").click()
    page.wait_for_selector("h1:has-text('Confirmar: corrigir o dado do candidato')")
    assert page.url.endswith(f"/certames/{pk}/candidatos/{cid}/corrigir/")


def test_correcao_depois_das_nomeacoes_nao_move_o_publicado(
    pagina: Any, celular: Any, certame_homologado: Any, rita: Any, tmp_path: Path
) -> None:
    from cotas_web.auditoria.integridade import verificar_cadeia
    from cotas_web.auditoria.pelo_registro import conferir
    from cotas_web.candidatos.models import Candidato
    from cotas_web.nomeacoes.models import Nomeacao

    certame = certame_homologado
    pk = certame.pk
    fabio = Candidato.objects.get(certame=certame, inscricao="1008")
    page = pagina
    telas = (("desktop", page), ("celular", celular))

    # 1. O RH confirma, no painel, as duas primeiras nomeações propostas, uma portaria cada.
    entrar(page, "rita")
    page.goto(page.base + f"/certames/{pk}/nomeacoes/")
    olhar(page, "1-painel-antes", "desktop")
    _nomear(page, pk, "1001", "105/2025")
    _nomear(page, pk, "1002", "106/2025")
    painel_antes = nomeacoes_no_painel(page)
    assert len(painel_antes) == 2
    for linha, (ordem, vaga, insc, nome, portaria, data) in zip(
        painel_antes, PUBLICADAS, strict=True
    ):
        assert linha.startswith(f"{ordem}ª {vaga} {insc} — {nome} ampla concorrência"), linha
        assert f"{portaria} de {data}" in linha, linha
    olhar(page, "2-painel-duas-nomeadas", "desktop")

    # O que o público lê delas antes da correção: a ordem de nomeação e as consultas.
    page.goto(page.base + f"/publico/certames/{pk}/documentos/ordem-de-nomeacao/")
    ordem_antes = nomeacoes_na_ordem_publica(page)
    assert ordem_antes == [(str(o), str(v), i, n, ATOS[i]) for o, v, i, n, _, _ in PUBLICADAS], (
        ordem_antes
    )
    resumo_antes = {i: consultar(page, pk, i).split(" Posição em cada lista")[0] for i in ATOS}

    # 2. A correção da nota de 1008. Antes de confirmar, as consequências, na mesa e no telefone.
    entrar(celular, "rita")
    for tela, p in telas:
        _pedir_correcao(p, pk, fabio.pk)
        conferencia = texto(p)
        assert "1008 — Fabio Branco: nota 55 → 99, em 10/08/2025." in conferencia
        # Quem passa à frente de quem, em cada lista em que o corrigido está.
        assert "Na lista geral: passa do 8º ao 1º lugar, à frente de 1001 (Alice Branco)" in (
            conferencia
        )
        # A preterição: a nomeação publicada que, pela classificação de hoje, seria dele.
        assert (
            "A vaga 1 (Portaria nº 105/2025, de 03/08/2025) é de 1001 (Alice Branco): pela "
            "classificação de hoje, seria de 1008 (Fabio Branco). O ato publicado continua em "
            "vigor." in conferencia
        )
        # E o que se segue dela, pelo parâmetro `preterido` (o padrão).
        assert (
            "1008 (Fabio Branco), preterido(a), recebe a próxima vaga da lista geral de que seria "
            "chamado(a): a vaga 4, proposta para nomeação. Critério: o ato publicado fica; o "
            "preterido recebe a próxima vaga da lista de que seria chamado (padrão)." in conferencia
        )
        assert "As nomeações já publicadas por portaria não mudam" in conferencia
        olhar(p, "3-conferir-correcao", tela)
    fabio.refresh_from_db()
    assert fabio.nota == 55  # a conferência não grava nada

    page.get_by_role("button", name="Registrar a correção").click()
    page.wait_for_selector("text=Correção registrada.")
    assert "10/08/2025 Nota 55 99 Recurso da prova provido" in texto(page, "#correcoes")
    olhar(page, "4-candidato-corrigido", "desktop")
    fabio.refresh_from_db()
    assert fabio.nota == 99
    assert [
        (n.ordem, n.vaga, n.candidato.inscricao, n.portaria, f"{n.data_portaria:%d/%m/%Y}")
        for n in Nomeacao.objects.select_related("candidato").order_by("ordem")
    ] == [(o, v, i, p, d) for o, v, i, _, p, d in PUBLICADAS]

    # 3. Depois. O painel do RH: as duas nomeações como foram publicadas; o preterido proposto
    # para a vaga 4, a próxima da lista geral (a 3 é a reservada a negros).
    for tela, p in telas:
        p.goto(p.base + f"/certames/{pk}/nomeacoes/")
        assert nomeacoes_no_painel(p) == painel_antes
        propostas = p.locator("table.propostas tbody tr")
        assert [" ".join(t.split()[:4]) for t in propostas.all_inner_texts()] == [
            "3ª 3 1006 —",
            "4ª 4 1008 —",
            "5ª 5 1003 —",
        ]
        olhar(p, "5-painel-depois", tela)

    # A ordem de nomeação pública, sem login: na tela, com a correção ao lado e a sua data.
    for _, p in telas:
        p.get_by_role("button", name="Sair").click()
        p.get_by_role("link", name="Entrar").wait_for()
    for tela, p in telas:
        p.goto(p.base + f"/publico/certames/{pk}/")
        p.get_by_role("link", name="Ordem de nomeação").first.click()
        p.wait_for_selector("svg.grafico-ordem")
        assert nomeacoes_na_ordem_publica(p) == ordem_antes
        # (A tabela das correções é do próprio documento: a mesma no PDF, no XLSX e no CSV.)
        correcoes = texto(p, "div.documento")
        assert "Correções depois da homologação" in correcoes
        assert "as nomeações já publicadas por portaria não mudam" in correcoes
        assert "10/08/2025 PROF 1008 nota: 55 → 99 Decisão do recurso nº 7/2025" in correcoes
        olhar(p, "6-ordem-publica", tela)

    # Os arquivos, baixados pelos links da página: CSV, XLSX e PDF dizem o mesmo.
    downloads = page.locator("p.downloads")
    planilha = baixar(page, downloads.get_by_role("link", name="CSV (Ordem de nomeação)"), tmp_path)
    tabela = list(csv.DictReader(io.StringIO(planilha.decode("utf-8-sig")), delimiter=";"))
    esperado = [(str(o), str(v), i, n, ATOS[i]) for o, v, i, n, _, _ in PUBLICADAS]
    assert [
        (t["Ordem"], t["Vaga"], t["Inscrição"], t["Nome"], t["Ato"]) for t in tabela
    ] == esperado
    assert {t["Vaga aberta em"] for t in tabela} == {"02/08/2025"}  # a oferta, não a portaria

    livro = CalamineWorkbook.from_filelike(
        io.BytesIO(baixar(page, downloads.get_by_role("link", name="XLSX"), tmp_path))
    )
    cabecalho, *linhas = livro.get_sheet_by_name("nomeacoes").to_python()
    col = {nome: i for i, nome in enumerate(cabecalho)}
    # (o calamine lê os números como float: 1.0)
    assert [
        tuple(
            str(linha[col[c]]).removesuffix(".0")
            for c in ("Ordem", "Vaga", "Inscrição", "Nome", "Ato")
        )
        for linha in linhas
    ] == esperado

    exigir_pdf()
    leitor = pypdf.PdfReader(io.BytesIO(abrir_pdf(page, downloads.get_by_role("link", name="PDF"))))
    pdf = " ".join(" ".join((f.extract_text() or "").split()) for f in leitor.pages)
    for o, v, i, n, _, _ in PUBLICADAS:
        assert re.search(
            rf"PROF {o} {v} {i} {n} Ampla concorrência 02/08/2025 1 {re.escape(ATOS[i])}", pdf
        ), pdf
    assert "1008" not in pdf.split("Desistências, anulações")[0]  # nenhuma nomeação dele

    # As consultas: cada nomeado lê o que lia antes; o corrigido espera a vaga 4, não a 1.
    for tela, p in telas:
        for insc, (_, vaga, *_resto) in zip(ATOS, PUBLICADAS, strict=True):
            consulta = consultar(p, pk, insc)
            assert consulta.split(" Posição em cada lista")[0] == resumo_antes[insc]
            assert f"nomeado(a) na vaga {vaga} do cargo PROF" in consulta
            assert f"Ato: {ATOS[insc]}." in consulta
            olhar(p, f"7-consulta-{insc}", tela)
        consulta = consultar(p, pk, "1008")
        assert "ainda não nomeado(a)" in consulta
        assert "a sua seria a vaga 4, pela lista ampla concorrência" in consulta
        assert not re.search(r"\bvaga 1\b", consulta), consulta
        olhar(p, "7-consulta-1008", tela)

    # O histórico: as nomeações como foram registradas, e a correção com a preterição.
    for tela, p in telas:
        entrar(p, "rita")
        p.goto(p.base + f"/certames/{pk}/historico/")
        historico = texto(p)
        assert "Registro íntegro" in historico
        for o, v, i, n, portaria, data in PUBLICADAS:
            assert (
                f"Portaria nº {portaria}, de {data}: nomeado(a) {n} (inscrição {i}) para PROF, "
                f"{o}ª nomeação, vaga {v}, ampla concorrência." in historico
            )
        assert "Correção de 10/08/2025 na inscrição 1008 (Fabio Branco): nota 55 → 99." in (
            historico
        )
        assert "pela classificação de hoje, seria de 1008 (Fabio Branco)" in historico
        assert "preterido(a), recebe a próxima vaga da lista geral" in historico
        olhar(p, "8-historico", tela)
    assert verificar_cadeia(pk).integra
    assert conferir(pk).diferenca is None  # o registro refeito bate com as tabelas e o motor
