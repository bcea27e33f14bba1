"""Acessibilidade como teste (issue 11, item 6): o axe-core roda em cada tipo de página, na tela
de mesa (1366×768) e no celular (390×844); qualquer violação séria ou crítica reprova, com a
lista do que violou, onde e como corrigir. Cada página fica capturada em artefatos/navegador/.

O axe-core (tests/navegador/axe/, MPL-2.0, ver scripts/vendorizar.sh) entra pela avaliação do
Playwright, com as mensagens em português.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from tests.web.conftest import certame_homologado, certame_mostardas  # noqa: F401  (fixtures)
from tests.web.test_publico import nomear_edital

from .conftest import BRASIL, capturar, entrar

pytestmark = [pytest.mark.navegador, pytest.mark.django_db(transaction=True)]

AXE = Path(__file__).resolve().parent / "axe"
GRAVES = ("serious", "critical")
TELAS: dict[str, dict[str, Any]] = {
    "desktop": {"viewport": {"width": 1366, "height": 768}},
    "celular": {
        "viewport": {"width": 390, "height": 844},
        "is_mobile": True,
        "has_touch": True,
        "device_scale_factor": 1,  # (capturas menores; o axe vê o mesmo)
    },
}


def _verificar(page: Any) -> list[dict[str, Any]]:
    """O axe na página aberta: as violações sérias e críticas (regras WCAG A/AA e boas práticas)."""
    if not page.evaluate("() => typeof window.axe !== 'undefined'"):
        page.evaluate((AXE / "axe.min.js").read_text(encoding="utf-8"))
        traducao = json.loads((AXE / "pt_BR.json").read_text(encoding="utf-8"))
        page.evaluate("(l) => window.axe.configure({locale: l})", traducao)
    resultado = page.evaluate(
        "async () => (await window.axe.run(document, {resultTypes: ['violations']})).violations"
    )
    return [v for v in resultado if v.get("impact") in GRAVES]


def _relatorio(falhas: dict[str, list[dict[str, Any]]]) -> str:
    linhas = []
    for pagina, violacoes in falhas.items():
        for v in violacoes:
            linhas.append(f"\n[{pagina}] {v['id']} ({v['impact']}): {v['help']}\n  {v['helpUrl']}")
            for no in v["nodes"][:5]:
                alvo = " ".join(map(str, no.get("target", [])))
                resumo = (no.get("failureSummary") or "").replace("\n", " ")
                linhas.append(f"  - {alvo}: {resumo[:300]}")
            if len(v["nodes"]) > 5:
                linhas.append(f"  … e mais {len(v['nodes']) - 5} elemento(s)")
    return "".join(linhas)


def _paginas(certame: Any, mostardas: Any, arquivo: Path) -> list[tuple[str, str | None, Any]]:
    """(nome, login, destino): destino é um caminho ou uma função que leva a página até lá."""
    pk = certame.pk
    doc = f"/publico/certames/{pk}/documentos"

    def previa(page: Any) -> None:
        page.goto(page.base + f"/certames/{mostardas.pk}/candidatos/importar/")
        page.get_by_label("Arquivo da banca (CSV, XLSX ou ODS)").set_input_files(str(arquivo))
        page.get_by_role("button", name="Ver prévia").click()
        page.wait_for_selector("text=Prévia: 8 candidato(s)")

    sessao = certame.sessoes.first()
    return [
        ("inicio-publico", None, "/"),
        ("certame-publico", None, f"/publico/certames/{pk}/"),
        ("listas", None, f"{doc}/listas/"),
        ("ordem-de-nomeacao", None, f"{doc}/ordem-de-nomeacao/"),
        ("consulta", None, f"/publico/certames/{pk}/consulta/?inscricao=1008"),
        ("dados-abertos", None, "/publico/dados-abertos/"),
        # (a nomeada: a linha do tempo com a portaria e o fundamento)
        ("consulta-nomeada", None, f"/publico/certames/{pk}/consulta/?inscricao=1006"),
        ("privacidade", None, "/privacidade/"),
        ("entrar", None, "/entrar/"),
        ("certame-rh", "rita", f"/certames/{pk}/"),
        ("novo-certame", "rita", "/certames/novo/"),
        ("candidatos", "rita", f"/certames/{pk}/candidatos/"),
        ("importar-previa", "rita", previa),
        ("nomeacoes", "rita", f"/certames/{pk}/nomeacoes/"),
        ("identidade-do-orgao", "rita", "/orgao/"),
        ("historico", "ana", f"/certames/{pk}/historico/"),
        ("comissao", "carlos", f"/certames/{pk}/comissao/"),
        ("sessao-da-comissao", "carlos", f"/certames/{pk}/comissao/sessoes/{sessao.pk}/"),
    ]


def _percorrer(
    navegador: Any, live_server: Any, tela: str, paginas: list[tuple[str, str | None, Any]]
) -> dict[str, list[dict[str, Any]]]:
    falhas: dict[str, list[dict[str, Any]]] = {}
    contextos: dict[str | None, Any] = {}
    try:
        for nome, login, destino in paginas:
            if login not in contextos:
                # bypass_csp: o axe entra por avaliação, como um leitor de tela, sem afrouxar a
                # política da aplicação para o usuário.
                contexto = navegador.new_context(**BRASIL, **TELAS[tela], bypass_csp=True)
                contexto.set_default_timeout(20_000)
                page = contexto.new_page()
                page.base = live_server.url
                if login:
                    entrar(page, login)
                contextos[login] = page
            page = contextos[login]
            if isinstance(destino, Callable):  # type: ignore[arg-type]
                destino(page)
            else:
                resposta = page.goto(page.base + destino)
                assert resposta is not None and resposta.ok, (nome, destino, resposta)
            violacoes = _verificar(page)
            if violacoes:
                falhas[nome] = violacoes
            capturar(page, f"a11y-{nome}-{tela}")
    finally:
        for page in contextos.values():
            page.context.close()
    return falhas


@pytest.mark.parametrize("tela", list(TELAS))
def test_nenhuma_violacao_seria_em_nenhuma_pagina(
    navegador: Any,
    live_server: Any,
    tela: str,
    certame_homologado: Any,
    certame_mostardas: Any,
    arquivo_csv: Path,
    rita: Any,
    ana: Any,
) -> None:
    from cotas_web.contas.management.commands.carregar_exemplo import identificar_orgao_demo

    identificar_orgao_demo("Montenegro/RS")  # o cabeçalho e o rodapé como na demonstração
    nomear_edital(certame_homologado, rita)
    paginas = _paginas(certame_homologado, certame_mostardas, arquivo_csv)
    falhas = _percorrer(navegador, live_server, tela, paginas)
    assert not falhas, "Violações sérias ou críticas de acessibilidade (axe-core):" + _relatorio(
        falhas
    )


# O menor texto do gráfico, em pixels de tela: o tamanho da fonte no SVG vezes a escala com que
# o SVG é desenhado (largura na tela ÷ largura do viewBox).
MENOR_LETRA_DO_GRAFICO = """() => {
  const svg = document.querySelector("svg.grafico-ordem");
  const escala = svg.getBoundingClientRect().width / svg.viewBox.baseVal.width;
  const tamanhos = [...svg.querySelectorAll("text")].map(
    (t) => parseFloat(getComputedStyle(t).fontSize) * escala);
  return Math.min(...tamanhos);
}"""


def test_grafico_legivel_no_celular(
    celular: Any,
    certame_homologado: Any,
    rita: Any,
) -> None:
    nomear_edital(certame_homologado, rita)
    pk = certame_homologado.pk
    celular.goto(celular.base + f"/publico/certames/{pk}/documentos/ordem-de-nomeacao/")
    caixa = celular.locator(".grafico-rolagem").first
    caixa.scroll_into_view_if_needed()
    assert celular.evaluate(MENOR_LETRA_DO_GRAFICO) >= 11.9
    # A caixa rola de lado (o gráfico é mais largo que a tela) e se alcança pelo teclado.
    assert caixa.evaluate("(e) => e.scrollWidth > e.clientWidth")
    assert caixa.get_attribute("tabindex") == "0"
    # E diz que rola, como as tabelas (antes, o título e a legenda ficavam cortados sem aviso).
    aviso_do_grafico = caixa.evaluate("(e) => getComputedStyle(e, '::before').content")
    assert "Role o gráfico para o lado" in aviso_do_grafico
    # A tabela larga da ordem rola de lado, com o aviso; a primeira coluna fica parada.
    tabela = celular.locator(".tabela-rolagem.rola").first
    aviso = tabela.evaluate("(e) => getComputedStyle(e, '::before').content")
    assert "Role a tabela para o lado" in aviso
    assert tabela.locator("td").first.evaluate("(e) => getComputedStyle(e).position") == "sticky"
    capturar(celular, "grafico-no-celular")


def test_alto_contraste_lembrado_e_sem_violacao(
    pagina: Any,
    certame_homologado: Any,
) -> None:
    pagina.goto(pagina.base + f"/publico/certames/{certame_homologado.pk}/")
    botao = pagina.get_by_role("button", name="Alto contraste")
    assert botao.get_attribute("aria-pressed") == "false"
    botao.click()
    assert botao.get_attribute("aria-pressed") == "true"
    pagina.reload()
    assert "alto-contraste" in (pagina.locator("html").get_attribute("class") or "")
    assert pagina.get_by_role("button", name="Alto contraste").get_attribute("aria-pressed") == (
        "true"
    )
    fundo = pagina.evaluate("() => getComputedStyle(document.body).backgroundColor")
    assert fundo == "rgb(0, 0, 0)"
    violacoes = _verificar(pagina)
    assert not violacoes, _relatorio({"alto-contraste": violacoes})
    capturar(pagina, "alto-contraste-desktop")


def test_o_verificador_acusa_o_que_o_issue_achou(pagina: Any) -> None:
    """O portão não é de enfeite: uma caixa rolável sem foco e uma imagem sem texto reprovam."""
    pagina.goto(pagina.base + "/privacidade/")
    pagina.evaluate(
        """() => { const d = document.createElement("div");
           d.className = "teste"; d.innerHTML = '<div id="rola"><table><tr><td>' +
           'x'.repeat(400) + '</td></tr></table></div><img src="/nada.png">';
           document.querySelector("main").append(d);
           const r = document.getElementById("rola");
           r.style.overflowX = "auto"; r.style.width = "100px";
           r.firstChild.style.whiteSpace = "nowrap"; }"""
    )
    regras = {v["id"] for v in _verificar(pagina)}
    assert {"scrollable-region-focusable", "image-alt"} <= regras, regras


def test_nomeacoes_em_cartoes_no_celular(
    celular: Any,
    certame_homologado: Any,
    rita: Any,
) -> None:
    """No celular, cada nomeação é um cartão com o nome de cada dado; a desistência à vista."""
    nomear_edital(certame_homologado, rita)
    entrar(celular, "rita")
    celular.goto(celular.base + f"/certames/{certame_homologado.pk}/nomeacoes/")
    linha = celular.locator("table.atos tbody tr").first
    assert linha.evaluate("(e) => getComputedStyle(e).display") == "block"
    vaga = linha.locator("td[data-rotulo=Vaga]")
    assert vaga.evaluate("(e) => getComputedStyle(e, '::before').content") == '"Vaga: "'
    assert linha.get_by_role("button", name="Desistência de 1001").is_visible()
    capturar(celular, "nomeacoes-em-cartoes-celular")
