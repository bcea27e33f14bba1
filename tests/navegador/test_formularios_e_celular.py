"""Formulários e telas de trabalho num telefone (390×844) e numa tela de escritório (1366×768),
issue 21 item 8: nenhuma página mais larga que a tela; a memória de cálculo das vagas por cargo
e a ação de cada convocado à vista, sem rolar de lado; o formulário longo em grupos; o erro junto
do campo; Arquivar distinto de Publicar. Capturas em artefatos/navegador/."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from tests.web.conftest import SENHA  # noqa: F401  (as fixtures vêm do conftest da pasta)

from .conftest import BRASIL, capturar, entrar

pytestmark = [pytest.mark.navegador, pytest.mark.django_db(transaction=True)]

LARGURA = 390


@pytest.fixture
def telefone(navegador: Any, live_server: Any) -> Iterator[Any]:
    contexto = navegador.new_context(
        **BRASIL, viewport={"width": LARGURA, "height": 844}, is_mobile=True, has_touch=True
    )
    contexto.set_default_timeout(15_000)
    page = contexto.new_page()
    page.base = live_server.url
    yield page
    contexto.close()


@pytest.fixture
def escritorio(navegador: Any, live_server: Any) -> Iterator[Any]:
    contexto = navegador.new_context(**BRASIL, viewport={"width": 1366, "height": 768})
    contexto.set_default_timeout(15_000)
    page = contexto.new_page()
    page.base = live_server.url
    yield page
    contexto.close()


def _cabe_na_tela(page: Any) -> None:
    largura = page.evaluate("document.documentElement.scrollWidth")
    assert largura <= LARGURA, (page.url, largura)


def _a_vista(page: Any, seletor: str) -> None:
    """O elemento inteiro dentro da largura da tela (não cortado nem escondido à direita)."""
    caixa = page.locator(seletor).first.bounding_box()
    assert caixa is not None, seletor
    assert caixa["x"] >= 0 and caixa["x"] + caixa["width"] <= LARGURA, (seletor, caixa)


def test_telas_de_trabalho_cabem_no_telefone(telefone: Any, sessao: Any, carlos: Any) -> None:
    certame = sessao.certame
    convocacao = sessao.convocacoes.order_by("candidato__inscricao").first()

    telefone.goto(telefone.base + f"/publico/certames/{certame.pk}/")
    _cabe_na_tela(telefone)
    _a_vista(telefone, "table.reservas td.memoria-de-calculo")
    capturar(telefone, "formularios-celular-01-vagas-por-cargo")

    entrar(telefone, "carlos")
    telefone.goto(telefone.base + f"/certames/{certame.pk}/comissao/sessoes/{sessao.pk}/")
    _cabe_na_tela(telefone)
    _a_vista(telefone, "table.convocados td.acoes a")
    capturar(telefone, "formularios-celular-02-convocados")

    telefone.goto(telefone.base + f"/certames/{certame.pk}/comissao/verificacoes/{convocacao.pk}/")
    _cabe_na_tela(telefone)
    capturar(telefone, "formularios-celular-03-verificacao")


def test_formularios_do_rh_cabem_no_telefone(telefone: Any, certame: Any, rita: Any) -> None:
    entrar(telefone, "rita")
    for caminho, nome in (
        ("/certames/novo/", "04-novo-certame"),
        (f"/certames/{certame.pk}/corrigir/", "05-corrigir"),
        (f"/certames/{certame.pk}/", "06-certame"),
    ):
        telefone.goto(telefone.base + caminho)
        _cabe_na_tela(telefone)
        capturar(telefone, f"formularios-celular-{nome}")


def test_novo_certame_em_grupos_com_o_erro_junto_do_campo(escritorio: Any, rita: Any) -> None:
    entrar(escritorio, "rita")
    escritorio.goto(escritorio.base + "/certames/novo/")
    legendas = escritorio.locator("fieldset.grupo > legend").all_inner_texts()
    assert legendas[:2] == ["O edital como dado (opcional)", "Identificação do certame"]
    assert len(legendas) == 6
    escritorio.get_by_label("Nome do certame").fill("Concurso 03/2025")
    escritorio.get_by_label("Data de publicação do edital").fill("2025-06-10")
    escritorio.get_by_label("Outros critérios de desempate do edital").fill("especifica maior")
    escritorio.get_by_role("button", name="Criar certame").click()
    campo = escritorio.get_by_label("Outros critérios de desempate do edital")
    assert campo.get_attribute("aria-invalid") == "true"
    # O leitor de tela lê a mensagem com o campo: ela é a descrição dele.
    descricao = escritorio.evaluate(
        """() => document.getElementById("id_desempate").getAttribute("aria-describedby")
           .split(" ").map(i => document.getElementById(i)?.textContent || "").join(" ")"""
    )
    assert "Quis dizer “especifica:maior”?" in descricao
    assert campo.input_value() == "especifica maior"
    capturar(escritorio, "formularios-1366-01-novo-certame-com-erro")


def test_arquivar_com_outra_cor_que_publicar(escritorio: Any, rita: Any) -> None:
    from datetime import date

    from cotas_web.certames.services import certame_criar

    c = certame_criar(
        usuario=rita,
        nome="Rascunho 01/2025",
        municipio="Montenegro/RS",
        data_edital=date(2025, 6, 10),
        tipo="concurso_publico",
    )
    entrar(escritorio, "rita")
    escritorio.goto(escritorio.base + f"/certames/{c.pk}/")
    cor = "e => getComputedStyle(e).backgroundColor"
    publicar = escritorio.get_by_role("link", name="Publicar", exact=True).evaluate(cor)
    arquivar = escritorio.get_by_role("link", name="Arquivar", exact=True).evaluate(cor)
    corrigir = escritorio.get_by_role("link", name="Corrigir dados e vagas").evaluate(cor)
    assert len({publicar, arquivar, corrigir}) == 3, (publicar, arquivar, corrigir)
    assert arquivar == "rgb(138, 28, 28)"
    capturar(escritorio, "formularios-1366-02-botoes")


def test_recusa_no_painel_volta_ao_formulario_com_o_digitado(
    telefone: Any, certame_homologado: Any, rita: Any
) -> None:
    """No telefone, a desistência com data anterior à nomeação é recusada: o painel volta com o
    formulário dela aberto (dentro de "Outros registros", no prazo de posse), à vista, com a
    data digitada e em foco; antes, voltava ao topo e vazio."""
    from datetime import date

    from cotas_web.nomeacoes.selectors import propostas_do_motor
    from cotas_web.nomeacoes.services import nomeacao_confirmar

    proxima = propostas_do_motor(certame=certame_homologado)[0]
    nomeacao = nomeacao_confirmar(
        usuario=rita,
        cargo=proxima.cargo,
        inscricao=proxima.inscricao,
        portaria="101/2025",
        data_portaria=date(2025, 8, 3),
    )
    entrar(telefone, "rita")
    telefone.goto(telefone.base + f"/certames/{certame_homologado.pk}/nomeacoes/")
    formulario = f"#f-semposse-{nomeacao.pk}"
    telefone.locator(f"{formulario} summary, details:has({formulario}) > summary").first.click()
    telefone.locator(f"{formulario} input[name=data]").fill("2025-08-01")
    telefone.locator(f"{formulario} button").click()
    telefone.wait_for_selector("text=recusado")
    # (O script roda depois que a página carrega: espera o foco que ele dá, por último.)
    telefone.wait_for_load_state("load")
    telefone.wait_for_function("document.activeElement.name === 'data'")
    assert telefone.url.endswith(formulario)
    campo = telefone.locator(f"{formulario} input[name=data]")
    assert campo.input_value() == "2025-08-01"
    assert campo.is_visible() and campo.evaluate("c => c === document.activeElement")
    caixa = campo.bounding_box()
    assert caixa is not None and 0 <= caixa["y"] <= 844
    capturar(telefone, "painel-recusa-volta-ao-formulario-telefone")
