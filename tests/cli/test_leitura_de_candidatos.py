"""`cotas validar`/`apurar` e a lista de candidatos: nada lido em silêncio (issue 14, 1 a 3)."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from tests.cli.conftest import EXEMPLOS, rodar

# exemplo → (separador, codificação) do seu candidatos.csv
FORMATOS = {"mostardas": (";", "cp1252"), "montenegro": (",", "utf-8")}


def copiar(exemplo: str, destino: Path) -> Path:
    shutil.copytree(EXEMPLOS / exemplo, destino / exemplo)
    return destino / exemplo


def editar(pasta: Path, exemplo: str, mudar: object) -> None:
    """Aplica `mudar(linhas)` (listas de valores) ao candidatos.csv do exemplo."""
    sep, cod = FORMATOS[exemplo]
    arquivo = pasta / "candidatos.csv"
    texto = arquivo.read_bytes().decode(cod)
    fim = "\r\n" if "\r\n" in texto else "\n"
    linhas = [linha.split(sep) for linha in texto.split(fim) if linha]
    mudar(linhas)  # type: ignore[operator]
    arquivo.write_bytes((fim.join(sep.join(li) for li in linhas) + fim).encode(cod))


def sem_coluna(coluna: str) -> object:
    def mudar(linhas: list[list[str]]) -> None:
        i = linhas[0].index(coluna)
        for linha in linhas:
            del linha[i]

    return mudar


def test_sem_reserva_negros_o_cenario_nao_e_valido(tmp_path: Path) -> None:
    """Antes: "Cenário válido", e todo candidato perdia a reserva."""
    pasta = copiar("mostardas", tmp_path)
    editar(pasta, "mostardas", sem_coluna("reserva_negros"))
    r = rodar("validar", pasta / "cenario.toml")
    assert r.returncode == 2
    assert (
        'candidatos.csv, linha 1, coluna "reserva_negros": falta esta coluna obrigatória '
        "(nomes aceitos no cabeçalho: reserva_negros, " in r.stderr
    )
    assert "Cenário válido" not in r.stdout


@pytest.mark.parametrize(("exemplo", "comissao"), [("montenegro", True), ("mostardas", False)])
def test_parecer_da_comissao_exigido_pela_lei_do_certame(
    exemplo: str, comissao: bool, tmp_path: Path
) -> None:
    pasta = copiar(exemplo, tmp_path)
    editar(pasta, exemplo, sem_coluna("heteroidentificacao"))
    r = rodar("validar", pasta / "cenario.toml")
    if comissao:  # a Lei 7.344/2025 de Montenegro tem comissão
        assert r.returncode == 2
        assert 'coluna "heteroidentificacao": falta esta coluna obrigatória' in r.stderr
    else:  # a de Mostardas não: a coluna é opcional, e o padrão é dito
        assert r.returncode == 0, r.stderr
        assert "leitura: candidatos.csv: sem a coluna heteroidentificacao" in r.stderr


def test_cabecalho_como_as_pessoas_escrevem_e_o_que_foi_lido(tmp_path: Path) -> None:
    pasta = copiar("mostardas", tmp_path)

    def renomear(linhas: list[list[str]]) -> None:
        linhas[0] = [
            {"data_nascimento": "Data de Nascimento", "inscricao": "Nº de Inscrição"}.get(t, t)
            for t in linhas[0]
        ]

    editar(pasta, "mostardas", renomear)
    r = rodar("validar", pasta / "cenario.toml")
    assert r.returncode == 0, r.stderr
    assert 'leitura: candidatos.csv: coluna "Data de Nascimento" lida como data_nascimento' in (
        r.stderr
    )
    assert 'leitura: candidatos.csv: coluna "Nº de Inscrição" lida como inscricao' in r.stderr


def test_cargo_desconhecido_e_erros_de_linha_na_mesma_passada(tmp_path: Path) -> None:
    pasta = copiar("mostardas", tmp_path)

    def estragar(linhas: list[list[str]]) -> None:
        cargo, nota = linhas[0].index("cargo"), linhas[0].index("nota")
        linhas[3][nota] = "oito"
        linhas[5][cargo] = "XYZ"

    editar(pasta, "mostardas", estragar)
    r = rodar("validar", pasta / "cenario.toml")
    assert r.returncode == 2
    assert 'candidatos.csv, linha 4, coluna "nota"' in r.stderr
    assert 'linha 6, coluna "cargo": o cargo "XYZ" (1 candidato) não está nos [[cargos]]' in (
        r.stderr
    )


def test_candidatos_numa_pasta(tmp_path: Path) -> None:
    pasta = copiar("mostardas", tmp_path)
    (pasta / "candidatos.csv").unlink()
    (pasta / "candidatos.csv").mkdir()
    r = rodar("validar", pasta / "cenario.toml")
    assert r.returncode == 2
    assert '"candidatos.csv" é uma pasta, não um arquivo' in r.stderr
