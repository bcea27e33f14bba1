"""A quinta lei só como dados: Lei 239/2003 de São Mateus/ES (quota de 50% a afrodescendentes,
verificação por documentos, reversão aos demais candidatos). Nenhum Python foi mudado para ela:
o arquivo da lei e os seus testes de lei (`src/cotas/leis/sao-mateus-es/testes/`, no formato
do `cotas testar`, do ramo testar) bastam. Enquanto o `cotas testar` não está na main, este
teste roda cada teste de lei pelo `cotas apurar --json` e confere o `[esperado]`: a reserva por
grupo, a ordem das nomeações (quem, por qual lista, em vaga de quem) e os artigos de cada
fundamento."""

from __future__ import annotations

import json
import tomllib
from typing import Any

import pytest

from cotas.motor.regras import INFORMADO_PELO_OPERADOR
from tests.cli.conftest import RAIZ, rodar

LEI = "sao-mateus-es/lei-239-2003"
NORMA = "Lei 239/2003 de São Mateus/ES"  # como o fundamento cita cada dispositivo
TESTES = RAIZ / "src" / "cotas" / "leis" / "sao-mateus-es" / "testes"
SITUACOES = (
    "quota-de-50-por-cento",
    "reversao-aos-demais-candidatos",
    "sem-documentos-nao-ocupa-a-quota",
    "contratacao-temporaria-nao-abrangida",
    "edital-anterior-a-lei-nao-tem-quota-modelada",
    "sem-o-que-a-lei-nao-diz-e-recusado",
)


def test_cada_situacao_tem_o_seu_teste_de_lei() -> None:
    assert sorted(p.stem for p in TESTES.glob("*.toml")) == sorted(SITUACOES)
    for situacao in SITUACOES:
        assert (TESTES / f"{situacao}.csv").is_file()


def test_catalogo_carrega_e_cotas_leis_lista_a_lei() -> None:
    r = rodar("leis")
    assert r.returncode == 0, r.stderr
    assert f"{LEI} — Lei nº 239, de 10 de setembro de 2003 (São Mateus/ES)" in r.stdout
    dados = json.loads(rodar("leis", "--json").stdout)
    lei = next(lei for lei in dados["leis"] if lei["id"] == LEI)
    assert lei["vigencia"]["inicio"] == "2003-09-10"
    parametros = {p["nome"]: p for p in lei["parametros"]}
    assert parametros["afrodescendentes.percentual"]["valor"] == "50"
    assert parametros["afrodescendentes.percentual"]["artigo"] == "art. 1º, caput"
    assert parametros["afrodescendentes.verificacao"]["artigo"] == "art. 1º, § 2º"
    assert parametros["afrodescendentes.reversao"]["artigo"] == "art. 2º"


@pytest.mark.parametrize("situacao", SITUACOES)
def test_situacao_da_lei(situacao: str) -> None:
    cenario = TESTES / f"{situacao}.toml"
    esperado = tomllib.loads(cenario.read_text(encoding="utf-8"))["esperado"]
    r = rodar("apurar", cenario, "--json")
    if "erros" in esperado:
        assert r.returncode == 2, r.stdout
        for trecho in esperado["erros"]:
            assert trecho in r.stderr
        return
    assert r.returncode == 0, r.stderr
    apuracao = json.loads(r.stdout)
    assert apuracao["lei"] == esperado["lei"]
    cargos = {c["codigo"]: c for c in apuracao["cargos"]}
    assert set(cargos) == set(esperado["cargos"])
    for codigo, cargo_esperado in esperado["cargos"].items():
        _conferir_cargo(cargos[codigo], cargo_esperado)


def _conferir_cargo(cargo: dict[str, Any], esperado: dict[str, Any]) -> None:
    reservadas = {g: n for g, n in cargo["reservadas"].items() if n}
    assert reservadas == esperado["reservadas"]
    if "ampla" in esperado:
        assert cargo["vagas_ofertadas"] - sum(reservadas.values()) == esperado["ampla"]
    nomeacoes = cargo["nomeacoes"]
    assert [n["inscricao"] for n in nomeacoes] == [e["inscricao"] for e in esperado["nomeacoes"]]
    for feita, e in zip(nomeacoes, esperado["nomeacoes"], strict=True):
        assert feita["modalidade"] == e["lista"], feita
        assert (feita["reservada_para"] or "ampla") == e.get("vaga_de", e["lista"]), feita
        for artigo in e.get("fundamento", []):
            # (o valor que o operador informou é citado como dele, não sob o nome da lei)
            citado = artigo if artigo.startswith(INFORMADO_PELO_OPERADOR) else f"{NORMA}, {artigo}"
            assert citado in feita["fundamento"], (artigo, feita["fundamento"])
