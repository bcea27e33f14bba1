"""`cotas reserva` e `cotas ordem` com os valores que a lei deixa em aberto (`--parametro`,
`--cenario`): só se pedem os parâmetros que a conta usa (issue 13, item 7)."""

from __future__ import annotations

import json
from pathlib import Path

from tests.cli.conftest import rodar

LEI_4016 = ("--lei", "montenegro-rs/lei-4016-2004")
LIMIAR = ("--parametro", "negros.limiar_vagas=3")
ARREDONDAMENTO = ("--parametro", "negros.arredondamento=meio_para_cima")
ALTERNANCIA = ("--parametro", "ordem.alternancia_proporcionalidade=true")


def test_reserva_sob_a_lei_4016_com_os_parametros_da_conta() -> None:
    r = rodar("reserva", *LEI_4016, "--vagas", "10", *LIMIAR, *ARREDONDAMENTO)
    assert r.returncode == 0, r.stderr
    # 12% (o percentual conhecido, da mensagem justificativa) × 10 = 1,2 → 1.
    assert "12% × 10 = 1,2 → 1" in r.stdout
    assert "Valor informado pelo operador, informado com --parametro" in r.stdout
    assert "parâmetro informado pelo operador" not in r.stdout


def test_reserva_json_com_parametros_informados() -> None:
    r = rodar("reserva", *LEI_4016, "--vagas", "13", *LIMIAR, *ARREDONDAMENTO, "--json")
    assert r.returncode == 0, r.stderr
    dados = json.loads(r.stdout)
    assert dados["reservadas"] == {"negros": 2}  # 12% × 13 = 1,56 → 2
    assert dados["ampla"] == 11


def test_o_arredondamento_informado_decide_a_conta() -> None:
    r = rodar(
        "reserva",
        *LEI_4016,
        "--vagas",
        "13",
        *LIMIAR,
        "--parametro",
        "negros.arredondamento=baixo",
        "--json",
    )
    assert r.returncode == 0, r.stderr
    assert json.loads(r.stdout)["reservadas"] == {"negros": 1}  # 1,56 → 1


def test_a_saida_diz_o_que_ficou_em_aberto_sem_ser_usado() -> None:
    r = rodar("reserva", *LEI_4016, "--vagas", "10", *LIMIAR, *ARREDONDAMENTO)
    assert r.returncode == 0, r.stderr
    linha = next(x for x in r.stdout.splitlines() if "não usa" in x)
    assert "abrangencia" in linha and "negros.cores" in linha
    assert "negros.limiar_vagas" not in linha


def test_falta_um_parametro_da_conta_e_so_ele_e_pedido() -> None:
    r = rodar("reserva", *LEI_4016, "--vagas", "10", *LIMIAR)
    assert r.returncode == 2
    assert r.stdout == ""
    assert "--parametro negros.arredondamento=" in r.stderr
    assert "--cenario" in r.stderr
    # Os que a conta não usa não são pedidos.
    for nao_usado in ("abrangencia", "negros.cores", "negros.reversao", "falsidade.anulacao"):
        assert nao_usado not in r.stderr, r.stderr
    assert "negros.limiar_vagas" not in r.stderr


def test_faltam_os_dois_cada_um_com_a_sua_descricao() -> None:
    r = rodar("reserva", *LEI_4016, "--vagas", "10")
    assert r.returncode == 2
    assert "--parametro negros.limiar_vagas=" in r.stderr
    assert "--parametro negros.arredondamento=" in r.stderr
    assert "Número mínimo de vagas oferecidas" in r.stderr
    assert "meio_para_cima, cima, baixo" in r.stderr  # os valores aceitos


def test_ordem_pede_tambem_a_alternancia() -> None:
    r = rodar("ordem", *LEI_4016, "--vagas", "10", *LIMIAR, *ARREDONDAMENTO)
    assert r.returncode == 2
    assert "--parametro ordem.alternancia_proporcionalidade=" in r.stderr
    assert "negros.cores" not in r.stderr


def test_ordem_com_os_parametros_da_conta() -> None:
    r = rodar("ordem", *LEI_4016, "--vagas", "10", *LIMIAR, *ARREDONDAMENTO, *ALTERNANCIA, "--json")
    assert r.returncode == 0, r.stderr
    modalidades = [v["modalidade"] for v in json.loads(r.stdout)["ordem"]]
    # 12% × k chega a 0,5 na 5ª nomeação (0,6 → 1): a reserva é a 5ª vaga; 1,2 em 10 → 1.
    assert modalidades == ["ampla"] * 4 + ["negros"] + ["ampla"] * 5


def test_parametros_de_um_cenario(tmp_path: Path) -> None:
    cenario = tmp_path / "cenario.toml"
    cenario.write_text(
        "[parametros_lei]\n"
        '"negros.limiar_vagas" = { valor = 3, justificativa = "Edital 01/2010, item 4.1" }\n'
        '"negros.arredondamento" = { valor = "meio_para_cima", justificativa = "Edital, 4.2" }\n',
        encoding="utf-8",
    )
    r = rodar("reserva", *LEI_4016, "--vagas", "10", "--cenario", cenario)
    assert r.returncode == 0, r.stderr
    assert "Edital 01/2010, item 4.1" in r.stdout


def test_cenario_com_erro_aponta_arquivo_e_linha(tmp_path: Path) -> None:
    cenario = tmp_path / "cenario.toml"
    cenario.write_text(
        '[parametros_lei]\n"negros.limiar_vagas" = { valor = 3 }\n', encoding="utf-8"
    )
    r = rodar("reserva", *LEI_4016, "--vagas", "10", "--cenario", cenario)
    assert r.returncode == 2
    assert "cenario.toml, linha 2" in r.stderr and "justificativa" in r.stderr


def test_o_mesmo_parametro_no_cenario_e_na_linha_de_comando_e_recusado(tmp_path: Path) -> None:
    cenario = tmp_path / "cenario.toml"
    cenario.write_text(
        '[parametros_lei]\n"negros.limiar_vagas" = { valor = 3, justificativa = "x" }\n',
        encoding="utf-8",
    )
    r = rodar("reserva", *LEI_4016, "--vagas", "10", "--cenario", cenario, *LIMIAR, *ARREDONDAMENTO)
    assert r.returncode == 2
    assert "negros.limiar_vagas" in r.stderr and "duas vezes" in r.stderr


def test_parametro_que_a_lei_define_e_recusado() -> None:
    r = rodar(
        "reserva",
        "--lei",
        "mostardas-rs/lei-3920-2019",
        "--vagas",
        "10",
        "--parametro",
        "negros.percentual=30",
    )
    assert r.returncode == 2
    assert "não é uma lacuna" in r.stderr


def test_valor_invalido_e_recusado_com_as_opcoes() -> None:
    r = rodar(
        "reserva", *LEI_4016, "--vagas", "10", *LIMIAR, "--parametro", "negros.arredondamento=x"
    )
    assert r.returncode == 2
    assert "negros.arredondamento" in r.stderr and "deve ser um de" in r.stderr


def test_parametro_sem_igual_e_recusado() -> None:
    r = rodar("reserva", *LEI_4016, "--vagas", "10", "--parametro", "negros.limiar_vagas")
    assert r.returncode == 2
    assert "chave=valor" in r.stderr


def test_o_mesmo_parametro_duas_vezes_na_linha_de_comando_e_recusado() -> None:
    r = rodar(
        "reserva", *LEI_4016, "--vagas", "10", *LIMIAR, "--parametro", "negros.limiar_vagas=5"
    )
    assert r.returncode == 2
    assert "duas vezes" in r.stderr


def test_lei_sem_lacunas_continua_igual() -> None:
    r = rodar("reserva", "--lei", "montenegro-rs/lei-7344-2025", "--vagas", "13", "--json")
    assert r.returncode == 0, r.stderr
    assert json.loads(r.stdout)["reservadas"] == {"negros": 3}


def test_lei_com_lacunas_fora_da_conta_nao_pede_nada() -> None:
    """Ouro Preto: o texto lido traz o percentual, o mínimo de vagas e o arredondamento (art. 1º);
    o que ele não traz (desistência, reversão, a comissão...) a reserva não usa."""
    r = rodar("reserva", "--lei", "ouro-preto-mg/lei-1274-2022", "--vagas", "10", "--json")
    assert r.returncode == 0, r.stderr
    dados = json.loads(r.stdout)
    assert dados["reservadas"] == {"negros": 2}
    assert "negros.desistencia" in dados["nao_conferidos"]


def test_o_edital_eleva_o_minimo_pela_linha_de_comando() -> None:
    r = rodar(
        "reserva",
        "--lei",
        "ouro-preto-mg/lei-1274-2022",
        "--vagas",
        "10",
        "--parametro",
        "negros.percentual=30",
        "--json",
    )
    assert r.returncode == 0, r.stderr
    assert json.loads(r.stdout)["reservadas"] == {"negros": 3}
