"""O edital como dado pelas telas (docs/EDITAIS.md), na mesa e no celular: o RH envia o arquivo
do edital federal de exemplo e o do modelo que ele segue; a tela mostra os valores do edital por
assunto, nas palavras da lei, sem pedir nenhum; o segundo envio cria o certame, e a página dele
diz o edital e a versão do modelo; depois, o edital se troca pelo modelo guardado com outro
número. Um edital com erro mostra cada erro com a linha e a coluna, e nada se grava. O axe-core
confere cada tela. Capturas em artefatos/navegador/.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.web.conftest import SENHA

from .conftest import BRASIL, capturar, sem_rolagem_lateral
from .test_acessibilidade import TELAS, _relatorio, _verificar

pytestmark = [pytest.mark.navegador, pytest.mark.django_db(transaction=True)]

EDITAIS = Path(__file__).resolve().parents[2] / "exemplos" / "editais"
EDITAL = EDITAIS / "edital-93-2026.toml"
MODELO = EDITAIS / "modelos" / "autarquia-exemplo-concurso@2026.1.toml"


@pytest.mark.parametrize("tela", ["desktop", "celular"])
def test_enviar_o_edital_com_o_modelo_pela_tela(
    navegador: Any, live_server: Any, rita: Any, tmp_path: Path, tela: str
) -> None:
    from cotas_web.certames.models import Certame

    contexto = navegador.new_context(**BRASIL, **TELAS[tela], bypass_csp=True)
    contexto.set_default_timeout(20_000)
    pg = contexto.new_page()
    falhas: dict[str, list[dict[str, Any]]] = {}

    def passo(nome: str) -> None:
        sem_rolagem_lateral(pg)
        if violacoes := _verificar(pg):
            falhas[f"{nome}-{tela}"] = violacoes
        capturar(pg, f"edital-{nome}-{tela}")

    try:
        pg.goto(live_server.url + "/entrar/")
        pg.get_by_label("Usuário").fill("rita")
        pg.get_by_label("Senha").fill(SENHA)
        pg.get_by_role("button", name="Entrar").click()
        pg.wait_for_selector("text=Sair")
        pg.goto(live_server.url + "/certames/novo/")
        # Um edital com erro: cada erro com a linha e a coluna, junto do campo; nada gravado.
        ruim = tmp_path / "edital-ruim.toml"
        ruim.write_text(
            EDITAL.read_text(encoding="utf-8").replace('item = "item 8.2"', "item = 8.2"),
            encoding="utf-8",
        )
        pg.get_by_label("Nome do certame").fill("Concurso federal 01/2026")
        pg.get_by_label("Arquivo do edital (TOML)").set_input_files(str(ruim))
        pg.get_by_label("Arquivo do modelo de edital que ele segue (TOML)").set_input_files(
            str(MODELO)
        )
        pg.get_by_role("button", name="Criar certame").click()
        erro = pg.locator("#id_edital_arquivo_error")
        erro.wait_for()
        assert "edital-ruim.toml, linha 24, coluna 8" in erro.inner_text(), erro.inner_text()
        passo("com-erro")
        assert not Certame.objects.exists()

        pg.get_by_label("Arquivo do edital (TOML)").set_input_files(str(EDITAL))
        pg.get_by_label("Arquivo do modelo de edital que ele segue (TOML)").set_input_files(
            str(MODELO)
        )
        pg.get_by_label("Órgão ou entidade que faz a seleção").select_option(label="Autarquia")
        pg.get_by_role("button", name="Criar certame").click()
        aviso = pg.locator("#aviso-do-formulario")
        aviso.wait_for()
        assert "Edital nº 93/2026 lido" in aviso.inner_text()
        # Os valores do edital por assunto, com as palavras da lei e o item do edital.
        legendas = pg.locator("fieldset.grupo > legend").all_inner_texts()
        assert "Pessoas quilombolas, pelo Edital nº 93/2026" in legendas, legendas
        assert "Comissão de heteroidentificação, pelo Edital nº 93/2026" in legendas, legendas
        assert "Edital nº 93/2026, item 4.3" in pg.locator("main").inner_text()
        assert pg.get_by_label("Data de publicação do edital").input_value() == "2026-03-02"
        passo("conferir")
        assert not Certame.objects.exists()

        pg.get_by_role("button", name="Criar certame").click()
        pg.wait_for_selector("text=Lei aplicada")
        edital = pg.locator("#edital-do-certame").inner_text()
        assert "Edital nº 93/2026" in edital and "versão 2026.1" in edital, edital
        passo("certame")
        assert Certame.objects.get().modelo_de_edital is not None

        # Trocar o edital até a homologação: o modelo guardado, com outro número.
        pg.get_by_role("link", name="Trocar o edital").click()
        pg.get_by_label("Ou um modelo de edital já guardado").select_option(index=1)
        pg.get_by_label("Número do edital (com o modelo escolhido, sem o arquivo do edital)").fill(
            "94/2026"
        )
        pg.get_by_label("Motivo").fill("O edital foi republicado com outro número.")
        pg.get_by_role("button", name="Ler o edital").click()
        pg.wait_for_selector("text=Os valores do Edital nº 94/2026")
        passo("trocar")
        pg.get_by_role("button", name="Adotar o Edital nº 94/2026").click()
        pg.wait_for_selector("text=Edital nº 94/2026 adotado")
        assert "Edital nº 94/2026" in pg.locator("#edital-do-certame").inner_text()
    finally:
        capturar(pg, f"edital-fim-{tela}")
        contexto.close()
    assert not falhas, "Violações sérias ou críticas (axe-core):" + _relatorio(falhas)
