"""`cotas gerar-exemplo`: cenário sintético determinístico, válido e com a forma prometida."""

from __future__ import annotations

import csv
import json
import subprocess
import tomllib
from collections import Counter, defaultdict
from pathlib import Path

import pytest

from cotas import geracao
from tests.cli.conftest import COTAS, rodar

N, CARGOS = 3000, 6


@pytest.fixture(scope="module")
def gerado(tmp_path_factory: pytest.TempPathFactory) -> Path:
    pasta = tmp_path_factory.mktemp("sintetico")
    r = rodar(
        "gerar-exemplo", "--candidatos", N, "--cargos", CARGOS, "--semente", 42, "--saida", pasta
    )
    assert r.returncode == 0, r.stderr
    assert "3000 inscrições em 6 cargo(s)" in r.stdout
    return pasta


def _linhas(pasta: Path) -> list[dict[str, str]]:
    with (pasta / "candidatos.csv").open(encoding="utf-8", newline="") as f:
        return list(csv.DictReader(f, delimiter=";"))


def test_mesma_semente_mesmos_bytes(gerado: Path, tmp_path: Path) -> None:
    r = rodar(
        "gerar-exemplo", "--candidatos", N, "--cargos", CARGOS, "--semente", 42, "--saida", tmp_path
    )
    assert r.returncode == 0, r.stderr
    for nome in ("cenario.toml", "candidatos.csv"):
        assert (tmp_path / nome).read_bytes() == (gerado / nome).read_bytes()


def test_outra_semente_outros_candidatos(gerado: Path, tmp_path: Path) -> None:
    r = rodar(
        "gerar-exemplo", "--candidatos", N, "--cargos", CARGOS, "--semente", 43, "--saida", tmp_path
    )
    assert r.returncode == 0, r.stderr
    assert (tmp_path / "candidatos.csv").read_bytes() != (gerado / "candidatos.csv").read_bytes()


def test_valida_e_apura(gerado: Path) -> None:
    r = rodar("validar", gerado / "cenario.toml")
    assert r.returncode == 0, r.stderr
    assert "3000 inscrição(ões)" in r.stdout
    r = rodar("apurar", gerado / "cenario.toml", "--json")
    assert r.returncode == 0, r.stderr
    dados = json.loads(r.stdout)
    cenario = tomllib.loads((gerado / "cenario.toml").read_text(encoding="utf-8"))
    novas: Counter[str] = Counter()
    for e in cenario["eventos"]:
        if e["tipo"] == "novas_vagas":
            novas[e["cargo"]] += e["quantidade"]
    for cargo in dados["cargos"]:
        # toda vaga oferecida (edital e novas) termina ocupada: sobram aprovados
        ocupantes: dict[int, str] = {}
        for n in cargo["nomeacoes"]:
            ocupantes[n["vaga"]] = n["inscricao"]
        assert len(ocupantes) == cargo["vagas_ofertadas"]


def test_forma_do_arquivo(gerado: Path) -> None:
    texto = (gerado / "candidatos.csv").read_bytes()
    assert texto.startswith(b"inscricao;nome;cpf;")
    assert b"\r\n" in texto  # fim de linha do Windows, como nas bancas
    linhas = _linhas(gerado)
    assert len(linhas) == N
    assert len({r["inscricao"] for r in linhas}) == N
    assert all("," in r["nota"] for r in linhas)  # vírgula decimal
    assert all(r["data_nascimento"][2] == "/" for r in linhas)  # DD/MM/AAAA


def test_forma_dos_cargos(gerado: Path) -> None:
    linhas = _linhas(gerado)
    cenario = tomllib.loads((gerado / "cenario.toml").read_text(encoding="utf-8"))
    vagas = {c["codigo"]: c["vagas"] for c in cenario["cargos"]}
    assert len(vagas) == CARGOS
    assert min(vagas.values()) == 1
    assert max(vagas.values()) <= 500
    por_cargo: dict[str, list[dict[str, str]]] = defaultdict(list)
    for r in linhas:
        por_cargo[r["cargo"]].append(r)
    assert set(por_cargo) == set(vagas)
    for cargo, rs in por_cargo.items():
        negros = sum(r["cor_raca"] in ("preta", "parda") for r in rs)
        assert 0.20 <= negros / len(rs) <= 0.55, cargo
        # empates de nota entre aprovados existem, e só o desempate os resolve
        aprovados = [r for r in rs if r["situacao"] == "aprovado"]
        notas = Counter(r["nota"] for r in aprovados)
        if len(aprovados) > 200:
            assert max(notas.values()) > 1, cargo
        pares = Counter((r["nota"], r["nota_conhecimentos_especificos"]) for r in aprovados)
        assert max(pares.values()) == 1, cargo
    assert any(r["pcd"] == "sim" for r in linhas)
    pareceres = Counter(r["heteroidentificacao"] for r in linhas)
    assert {
        "confirmado",
        "nao_confirmado",
        "ausente",
        "recusou_filmagem",
        "recusou_perguntas",
        "pendente",
    } <= set(pareceres)
    # "pendente" só para eliminados: o parecer precede as nomeações (Montenegro art. 5º)
    assert all(
        r["situacao"] == "eliminado" for r in linhas if r["heteroidentificacao"] == "pendente"
    )


def test_linha_do_tempo(gerado: Path) -> None:
    cenario = tomllib.loads((gerado / "cenario.toml").read_text(encoding="utf-8"))
    eventos = cenario["eventos"]
    assert eventos
    datas = [e["data"] for e in eventos]
    assert datas == sorted(datas)
    validade = cenario["certame"]["validade_ate"]
    assert all(cenario["certame"]["data_edital"] < d <= validade for d in datas)
    aprovados = {r["inscricao"] for r in _linhas(gerado) if r["situacao"] == "aprovado"}
    citados = [e["inscricao"] for e in eventos if "inscricao" in e]
    assert len(citados) == len(set(citados))
    assert set(citados) <= aprovados


def test_entrada_invalida(tmp_path: Path) -> None:
    r = rodar("gerar-exemplo", "--candidatos", 5, "--cargos", 2, "--saida", tmp_path)
    assert r.returncode == 2
    assert "ao menos 10 candidatos por cargo" in r.stderr
    r = rodar("gerar-exemplo", "--candidatos", 0, "--cargos", 2, "--saida", tmp_path)
    assert r.returncode == 2


def test_poucos_candidatos_por_cargo_termina(tmp_path: Path) -> None:
    """750 inscrições em 75 cargos (10 por cargo, o mínimo) gerava um laço sem fim."""
    pasta = tmp_path / "pequeno"
    r = subprocess.run(
        [str(COTAS), "gerar-exemplo", "--candidatos", "750", "--cargos", "75", "--saida", pasta],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert r.returncode == 0, r.stderr
    linhas = _linhas(pasta)
    assert len(linhas) == 750
    assert Counter(r["cargo"] for r in linhas) == Counter({f"C{i:03d}": 10 for i in range(1, 76)})
    r = rodar("validar", pasta / "cenario.toml")
    assert r.returncode == 0, r.stderr


def test_falha_nao_deixa_pasta(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Uma falha no meio da geração não deixa pasta vazia nem arquivo pela metade."""

    def falhar(*args: object, **kwargs: object) -> None:
        raise OSError(28, "sem espaço")

    monkeypatch.setattr(geracao, "_eventos", falhar)
    nova = tmp_path / "nova"
    with pytest.raises(OSError):
        geracao.gerar_exemplo(nova, candidatos=100, cargos=2, semente=1)
    assert not nova.exists()
    existente = tmp_path / "existente"
    existente.mkdir()
    (existente / "leia-me.txt").write_text("meu")
    with pytest.raises(OSError):
        geracao.gerar_exemplo(existente, candidatos=100, cargos=2, semente=1)
    assert sorted(p.name for p in existente.iterdir()) == ["leia-me.txt"]
    assert sorted(p.name for p in tmp_path.iterdir()) == ["existente"]
