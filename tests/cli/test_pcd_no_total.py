"""A reserva PcD no total do edital na linha de comando: `cotas reserva` mostra a conta no total
uma vez (texto e `--json`) e a reserva de cada cargo do quadro do edital; `cotas ordem`, a
ordem de cada cargo; `--vagas` não se aplica a esse edital."""

from __future__ import annotations

import json

from tests.cli.conftest import EXEMPLOS, rodar

EDITAL = EXEMPLOS / "editais" / "edital-22-2026-pcd-no-total.toml"


def test_reserva_mostra_a_conta_no_total_uma_vez_e_cada_cargo() -> None:
    r = rodar("reserva", "--edital", EDITAL)
    assert r.returncode == 0, r.stderr
    assert r.stdout.count("5% × 11 = 0,55 → 1") == 1 + 3  # a do edital e a lembrança em cada cargo
    assert (
        "Reserva a pessoas com deficiência no total das 11 vagas do edital: 5% × 11 = 0,55 → 1 "
        "(Edital nº 22/2026, item 5.1); colocadas nos cargos ADM: 1 (Edital nº 22/2026, "
        "item 5.2)." in r.stdout
    )
    assert "Cargo ADM — 6 vaga(s):" in r.stdout and "Cargo MOT — 2 vaga(s):" in r.stdout
    assert "Pessoas com deficiência: 1 vaga colocada neste cargo pelo edital" in r.stdout


def test_reserva_em_json_tem_a_conta_no_total_e_os_cargos() -> None:
    r = rodar("reserva", "--edital", EDITAL, "--json")
    assert r.returncode == 0, r.stderr
    dados = json.loads(r.stdout)
    no_total = dados["pcd_no_total"]
    assert (no_total["vagas"], no_total["conta"], no_total["reservadas"]) == (
        11,
        "5% × 11 = 0,55 → 1",
        1,
    )
    assert no_total["colocacao"] == {"ADM": 1, "TEC": 0, "MOT": 0}
    assert no_total["citacao"] == "Edital nº 22/2026, item 5.1"
    reservadas = {c["codigo"]: c["reservadas"] for c in dados["cargos"]}
    assert reservadas == {
        "ADM": {"negros": 1, "pcd": 1},
        "TEC": {"negros": 1, "pcd": 0},
        "MOT": {"negros": 0, "pcd": 0},
    }


def test_ordem_de_cada_cargo_e_vagas_nao_se_aplica() -> None:
    r = rodar("ordem", "--edital", EDITAL, "--json")
    assert r.returncode == 0, r.stderr
    ordens = json.loads(r.stdout)["cargos"]
    assert [v["modalidade"] for v in ordens["ADM"]] == [
        "ampla", "ampla", "negros", "ampla", "pcd", "ampla",
    ]  # fmt: skip
    assert "Edital nº 22/2026, item 5.2" in ordens["ADM"][4]["fundamento"]
    assert [v["modalidade"] for v in ordens["TEC"]] == ["ampla", "ampla", "negros"]
    r = rodar("reserva", "--edital", EDITAL, "--vagas", "10")
    assert r.returncode == 2 and "Traceback" not in r.stderr
    assert "Edital nº 22/2026, item 5.1 conta a reserva a pessoas com deficiência no total" in (
        r.stderr
    )
    assert "--vagas não se aplica" in r.stderr


def test_sem_vagas_e_sem_o_quadro_do_edital_e_recusado() -> None:
    r = rodar("reserva", "--lei", "mostardas-rs/lei-3920-2019")
    assert r.returncode == 2 and "Informe --vagas" in r.stderr
