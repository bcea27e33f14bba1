"""`cotas leis`, `cotas reserva` e `cotas ordem`, rodados como um usuário os rodaria."""

from __future__ import annotations

import json

import pytest

from tests.cli.conftest import rodar


def test_leis_texto_e_json() -> None:
    r = rodar("leis")
    assert r.returncode == 0, r.stderr
    assert "mostardas-rs/lei-3920-2019" in r.stdout
    assert "montenegro-rs/lei-4016-2004" in r.stdout
    assert "desconhecido" in r.stdout
    dados = json.loads(rodar("leis", "--json").stdout)
    ids = {lei["id"] for lei in dados["leis"]}
    assert ids == {
        "mostardas-rs/lei-3920-2019",
        "montenegro-rs/lei-7344-2025",
        "montenegro-rs/lei-4016-2004",
        "federal/lei-12990-2014",
        "federal/lei-15142-2025",
        "ouro-preto-mg/lei-1274-2022",
        "sao-mateus-es/lei-239-2003",
        "estado-rs/lei-16294-2025",
    }
    montenegro = next(lei for lei in dados["leis"] if lei["id"] == "montenegro-rs/lei-7344-2025")
    assert montenegro["vigencia"]["inicio"] == "2025-04-04"
    percentual = next(p for p in montenegro["parametros"] if p["nome"] == "negros.percentual")
    assert percentual["valor"] == "20" and percentual["artigo"] == "art. 1º, caput"


def test_leis_mostra_a_lei_federal_e_os_atos_da_sua_vigencia() -> None:
    r = rodar("leis")
    assert r.returncode == 0, r.stderr
    assert (
        "federal/lei-12990-2014 — Lei nº 12.990, de 9 de junho de 2014 (União, federal)" in r.stdout
    )
    assert "Vigência: desde 10/06/2014 até 03/06/2025" in r.stdout
    assert "a partir de 25/05/2024: sem data de fim (STF, ADI 7.654 MC-Ref" in r.stdout
    assert "a partir de 04/06/2025: até 03/06/2025 (Lei 15.142/2025, arts. 11, 13 e 14)" in r.stdout
    dados = json.loads(rodar("leis", "--json").stdout)
    doze = next(lei for lei in dados["leis"] if lei["id"] == "federal/lei-12990-2014")
    assert (doze["esfera"], doze["ente"], doze["municipio"]) == ("federal", "União", None)
    assert doze["vigencia"]["fim_proprio"] == "2024-06-10"
    assert [a["data"] for a in doze["vigencia"]["atos"]] == ["2024-05-25", "2025-06-04"]
    assert doze["vigencia"]["atos"][0]["fim"] is None
    assert doze["vigencia"]["atos"][0]["norma"] == "STF, ADI 7.654 MC-Ref"
    mostardas = next(lei for lei in dados["leis"] if lei["id"] == "mostardas-rs/lei-3920-2019")
    assert (mostardas["esfera"], mostardas["municipio"]) == ("municipal", "Mostardas/RS")


def test_reserva_lei_federal_por_ente_pede_o_que_a_lei_nao_diz() -> None:
    """O ente federal se escolhe como um município (--municipio União); a lei vigente na data
    é a 12.990, e o que dela não foi lido não é adivinhado: a reserva, que não o usa, diz que
    não o conferiu; a ordem, que usa a alternância não lida, a pede (issue 13, item 7)."""
    r = rodar("reserva", "--municipio", "União", "--data-edital", "2024-07-01", "--vagas", "10")
    assert r.returncode == 0, r.stderr
    assert "federal/lei-12990-2014" in r.stdout
    nao_conferidos = next(x for x in r.stdout.splitlines() if "não conferidos" in x)
    assert "negros.concorrencia_concomitante" in nao_conferidos
    r = rodar("ordem", "--municipio", "União", "--data-edital", "2024-07-01", "--vagas", "10")
    assert r.returncode == 2, r.stdout
    assert "federal/lei-12990-2014" in r.stderr
    assert "--parametro ordem.alternancia_proporcionalidade=" in r.stderr


def test_reserva_json_contrato() -> None:
    r = rodar(
        "reserva",
        "--lei",
        "montenegro-rs/lei-7344-2025",
        "--vagas",
        "13",
        "--pcd-percentual",
        "5",
        "--json",
    )
    assert r.returncode == 0, r.stderr
    dados = json.loads(r.stdout)
    assert set(dados) == {"lei", "vagas", "reservadas", "ampla", "memoria"}
    assert dados["lei"] == "montenegro-rs/lei-7344-2025"
    assert dados["vagas"] == 13
    assert dados["reservadas"] == {"negros": 3, "pcd": 1}
    assert dados["ampla"] == 9
    assert any("20% × 13 = 2,6 → 3" in m for m in dados["memoria"])


def test_reserva_sem_pcd_nao_tem_a_chave_pcd() -> None:
    r = rodar(
        "reserva",
        "--municipio",
        "Mostardas/RS",
        "--data-edital",
        "2023-01-10",
        "--vagas",
        "12",
        "--json",
    )
    dados = json.loads(r.stdout)
    assert dados["reservadas"] == {"negros": 2}
    assert dados["lei"] == "mostardas-rs/lei-3920-2019"


def test_reserva_texto_mostra_a_conta() -> None:
    r = rodar(
        "reserva", "--municipio", "Montenegro/RS", "--data-edital", "2025-06-10", "--vagas", "2"
    )
    assert r.returncode == 0
    assert "menos que o mínimo de 3" in r.stdout


def test_reserva_edital_antes_de_qualquer_lei() -> None:
    r = rodar(
        "reserva", "--municipio", "Mostardas/RS", "--data-edital", "2019-01-28", "--vagas", "10"
    )
    assert r.returncode == 2
    assert r.stdout == ""
    assert "anterior a qualquer lei modelada" in r.stderr


def test_reserva_sob_a_lei_4016_pede_os_parametros() -> None:
    r = rodar(
        "reserva", "--municipio", "Montenegro/RS", "--data-edital", "2025-04-03", "--vagas", "10"
    )
    assert r.returncode == 2
    assert "lei-4016-2004" in r.stderr and "negros.limiar_vagas" in r.stderr


def test_reserva_contratacao_temporaria_em_mostardas() -> None:
    r = rodar(
        "reserva",
        "--municipio",
        "Mostardas/RS",
        "--data-edital",
        "2024-01-10",
        "--tipo",
        "contratacao_temporaria",
        "--vagas",
        "10",
    )
    assert r.returncode == 2
    assert "não abrange contratação temporária" in r.stderr


def test_argumentos_invalidos_em_portugues() -> None:
    r = rodar("reserva", "--vagas", "-3", "--lei", "mostardas-rs/lei-3920-2019")
    assert r.returncode == 2
    assert "não pode ser negativo" in r.stderr
    r = rodar("reserva", "--vagas", "3")
    assert r.returncode == 2
    assert "informe um dos argumentos" in r.stderr
    r = rodar("reserva", "--municipio", "Mostardas/RS", "--vagas", "3")
    assert r.returncode == 2 and "--data-edital" in r.stderr
    r = rodar("inventado")
    assert r.returncode == 2 and "opção inválida" in r.stderr
    r = rodar("reserva", "--lei", "xyz/lei-1", "--vagas", "3")
    assert r.returncode == 2 and "não modelada" in r.stderr


def test_ordem_json_contrato() -> None:
    r = rodar(
        "ordem",
        "--lei",
        "montenegro-rs/lei-7344-2025",
        "--vagas",
        "21",
        "--pcd-percentual",
        "5",
        "--json",
    )
    assert r.returncode == 0, r.stderr
    dados = json.loads(r.stdout)
    assert set(dados) == {"lei", "vagas", "ordem"}
    assert [v["vaga"] for v in dados["ordem"]] == list(range(1, 22))
    assert all(set(v) == {"vaga", "modalidade", "fundamento"} for v in dados["ordem"])
    reservadas = {v["vaga"]: v["modalidade"] for v in dados["ordem"] if v["modalidade"] != "ampla"}
    assert reservadas == {3: "negros", 5: "pcd", 8: "negros", 13: "negros", 18: "negros", 21: "pcd"}


def test_ordem_texto_explica_cada_vaga() -> None:
    r = rodar("ordem", "--lei", "mostardas-rs/lei-3920-2019", "--vagas", "8")
    assert r.returncode == 0
    assert "A 8ª nomeação é reservada a negros" in r.stdout
    assert "20% × 8 = 1,6 → 2" in r.stdout


def test_saida_cortada_por_quem_le_nao_e_erro() -> None:
    """`cotas leis | head`: quem lê pode parar antes do fim; o comando sai quieto, sem rastro
    de erro interno. (O leitor fecha o cano antes de o comando escrever: o EPIPE é certo.)"""
    import subprocess
    import sys
    from pathlib import Path

    cotas = Path(sys.executable).parent / "cotas"
    processo = subprocess.Popen(
        [str(cotas), "leis"], stdout=subprocess.PIPE, stderr=subprocess.PIPE
    )
    assert processo.stdout is not None and processo.stderr is not None
    processo.stdout.close()
    erros = processo.stderr.read().decode()
    assert processo.wait() == 0, erros
    assert "Traceback" not in erros


@pytest.mark.parametrize("valor", ["nan", "inf", "Infinity"])
def test_percentual_que_nao_e_numero_e_recusado(valor: str) -> None:
    r = rodar(
        "reserva", "--municipio", "Montenegro/RS", "--data-edital", "2025-06-10",
        "--vagas", "13", "--pcd-percentual", valor,
    )  # fmt: skip
    assert r.returncode == 2
    assert "número inválido" in r.stderr and "Traceback" not in r.stderr
