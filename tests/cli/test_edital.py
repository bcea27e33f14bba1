"""`--edital ARQUIVO` em `cotas reserva` e `cotas ordem`, e o edital no cenário (`cotas
testar`): os valores do edital citados como do edital; `--parametro` ainda vale, substitui o do
edital com a sua justificativa e a saída diz o que substituiu."""

from __future__ import annotations

import json
from pathlib import Path

from tests.cli.conftest import EXEMPLOS, rodar

MUNICIPAL = EXEMPLOS / "editais" / "edital-12-2026-municipal.toml"
PCT = "negros.percentual="
FEDERAL = EXEMPLOS / "editais" / "edital-93-2026.toml"


def test_reserva_com_o_edital_cita_o_item_que_eleva_o_minimo() -> None:
    r = rodar("reserva", "--edital", MUNICIPAL, "--vagas", "10")
    assert r.returncode == 0, r.stderr
    # 25% do edital (acima dos 20% mínimos da lei) × 10 = 2,5 → 3
    assert "25% × 10 = 2,5 → 3 vagas reservadas (Edital nº 12/2026, item 4.1; " in r.stdout
    assert "Do edital: negros.percentual" in r.stdout
    assert "Informado pelo operador" not in r.stdout


def test_ordem_com_o_edital_cita_o_edital_em_cada_vaga() -> None:
    r = rodar("ordem", "--edital", MUNICIPAL, "--vagas", "4", "--json")
    assert r.returncode == 0, r.stderr
    dados = json.loads(r.stdout)
    assert [v["modalidade"] for v in dados["ordem"]] == ["ampla", "negros", "ampla", "ampla"]
    assert all("Edital nº 12/2026, item 9.1" in v["fundamento"] for v in dados["ordem"])
    assert "Edital nº 12/2026, item 4.1" in dados["ordem"][1]["fundamento"]
    assert dados["edital"]["valores"]["negros.percentual"] == {
        "valor": "25",
        "citacao": "Edital nº 12/2026, item 4.1",
    }


def test_o_parametro_substitui_o_edital_e_a_saida_o_diz() -> None:
    r = rodar("reserva", "--edital", MUNICIPAL, "--vagas", 10, "--parametro", PCT + "30")
    assert r.returncode == 0, r.stderr
    assert "30% × 10 = 3 vagas reservadas" in r.stdout
    assert "Edital nº 12/2026, item 4.1;" not in r.stdout
    assert (
        "negros.percentual = 30 (informado com --parametro na linha de comando; substitui "
        'Edital nº 12/2026, item 4.1: "25")' in r.stdout
    )
    assert "aviso: negros.percentual = 30 informado pelo operador substitui" in r.stderr


def test_o_parametro_abaixo_do_minimo_segue_recusado() -> None:
    r = rodar("reserva", "--edital", MUNICIPAL, "--vagas", 10, "--parametro", PCT + "10")
    assert r.returncode == 2
    assert "abaixo do mínimo de 20%" in r.stderr


def test_data_do_edital_diferente_e_recusada() -> None:
    r = rodar("reserva", "--edital", MUNICIPAL, "--data-edital", "2026-01-05", "--vagas", "3")
    assert r.returncode == 2
    assert "--data-edital 05/01/2026 difere da data do Edital nº 12/2026 (02/03/2026" in r.stderr


def test_edital_e_lei_juntos_sao_recusados() -> None:
    lei = ("--lei", "ouro-preto-mg/lei-1274-2022")
    r = rodar("reserva", "--edital", MUNICIPAL, *lei, "--vagas", "3")
    assert r.returncode == 2
    assert "não pode ser usado junto com" in r.stderr


def test_o_que_nem_o_edital_nem_o_operador_dizem_segue_pedido(tmp_path: Path) -> None:
    sem_alternancia = tmp_path / "edital.toml"
    texto = MUNICIPAL.read_text(encoding="utf-8").split('\n[[parametros]]\nnome = "ordem.')[0]
    sem_alternancia.write_text(texto, encoding="utf-8")
    r = rodar("ordem", "--edital", sem_alternancia, "--vagas", "3")
    assert r.returncode == 2
    assert "--parametro ordem.alternancia_proporcionalidade=VALOR" in r.stderr
    assert "--edital edital.toml" in r.stderr


def test_edital_que_contradiz_a_lei_sai_com_todos_os_erros(tmp_path: Path) -> None:
    ruim = tmp_path / "ruim.toml"
    ruim.write_text(
        MUNICIPAL.read_text(encoding="utf-8")
        .replace('valor = "25"', 'valor = "15"')
        .replace("valor = true", 'valor = "sim"'),
        encoding="utf-8",
    )
    r = rodar("reserva", "--edital", ruim, "--vagas", "10")
    assert r.returncode == 2
    linhas = [linha.strip() for linha in r.stderr.splitlines()]
    assert linhas[0] == "2 erros de entrada:"
    assert linhas[1].startswith('ruim.toml, linha 14, coluna 9, chave "parametros[1].valor"')
    assert "abaixo do mínimo de 20%" in linhas[1] and "Edital nº 12/2026, item 4.1" in linhas[1]
    assert linhas[2].startswith('ruim.toml, linha 21, coluna 9, chave "parametros[2].valor"')


def test_federal_com_o_modelo_mostra_a_versao_usada() -> None:
    r = rodar("reserva", "--edital", FEDERAL, "--vagas", "10", "--json")
    assert r.returncode == 0, r.stderr
    edital = json.loads(r.stdout)["edital"]
    assert edital["modelo"]["id"] == "autarquia-exemplo/concurso"
    assert edital["modelo"]["versao"] == "2026.1"
    assert edital["valores"]["quilombolas.reversao"]["citacao"] == "Edital nº 93/2026, item 4.3"


def test_cotas_testar_roda_o_certame_so_com_o_edital() -> None:
    r = rodar("testar", EXEMPLOS / "editais")
    assert r.returncode == 0, r.stdout + r.stderr
    assert "PASSOU" in r.stdout and "vaga-quilombola-pelo-edital-com-modelo.toml" in r.stdout
    assert "13 testes: 13 passaram, 0 falharam." in r.stdout


def test_parametros_lei_do_cenario_substituem_o_edital_com_aviso(tmp_path: Path) -> None:
    pasta = EXEMPLOS / "editais" / "testes"
    nome = "vaga-quilombola-pelo-edital-com-modelo"
    cenario = (pasta / f"{nome}.toml").read_text(encoding="utf-8")
    cenario = cenario.replace(f'"{nome}.csv"', f'"{pasta / nome}.csv"')
    cenario = cenario.replace('"../edital-93-2026.toml"', f'"{FEDERAL}"')
    cenario = cenario.replace(
        "[[cargos]]",
        '[parametros_lei]\n"quilombolas.reversao" = { valor = ["pretos_pardos", "indigenas", '
        '"ampla"], justificativa = "retificação do edital, item 4.3" }\n\n[[cargos]]',
    )
    (tmp_path / "c.toml").write_text(cenario.split("[esperado]")[0], encoding="utf-8")
    r = rodar("apurar", tmp_path / "c.toml")
    assert r.returncode == 0, r.stderr
    assert "substitui o valor do Edital nº 93/2026, item 4.3" in r.stderr
    # a vaga quilombola vai agora a pretas e pardas (107), citando o operador
    assert "107" in r.stdout.splitlines()[-3]
    assert "Valor informado pelo operador, retificação do edital, item 4.3" in r.stdout
