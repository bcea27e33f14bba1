"""Cada comando sob uma lei com todos os parâmetros em aberto (issue 20, item 5): nenhum cai com
um erro interno; o que precisa de um valor diz qual, em português, com código 2; o que não
precisa dele (a lista das leis, a conferência do arquivo) segue."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest

from tests.cli.conftest import EXEMPLOS, RAIZ, rodar

MONTENEGRO = RAIZ / "src" / "cotas" / "leis" / "montenegro-rs" / "lei-7344-2025.toml"
LEI = "teste-rs/lei-toda-em-aberto"
MUNICIPIO = "Cidade Aberta/RS"


@pytest.fixture(scope="module")
def pasta(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A lei de Montenegro com outro id e outro município e todo `valor` trocado por
    `desconhecido = true`; o exemplo de Montenegro apontado para esse município."""
    raiz = tmp_path_factory.mktemp("aberta")
    texto = MONTENEGRO.read_text(encoding="utf-8")
    texto = texto.replace('"montenegro-rs/lei-7344-2025"', f'"{LEI}"')
    texto = texto.replace('municipio = "Montenegro/RS"', f'municipio = "{MUNICIPIO}"')
    texto, trocados = re.subn(r"(?m)^valor = .*$", "desconhecido = true", texto)
    assert trocados == texto.count("[[parametros]]") > 10
    leis = raiz / "leis"
    leis.mkdir()
    (leis / "lei-toda-em-aberto.toml").write_text(texto, encoding="utf-8")
    certame = raiz / "certame"
    shutil.copytree(EXEMPLOS / "montenegro", certame)
    cenario = certame / "cenario.toml"
    cenario.write_text(
        cenario.read_text(encoding="utf-8").replace(
            'municipio = "Montenegro/RS"', f'municipio = "{MUNICIPIO}"'
        ),
        encoding="utf-8",
    )
    return raiz


COMANDOS = {
    "leis": ["leis"],
    "conferir": ["leis", "--conferir", "{leis}/lei-toda-em-aberto.toml"],
    "reserva": ["reserva", "--lei", LEI, "--data-edital", "2025-06-10", "--vagas", "10"],
    "ordem": ["ordem", "--lei", LEI, "--data-edital", "2025-06-10", "--vagas", "10"],
    "validar": ["validar", "{certame}/cenario.toml"],
    "apurar": ["apurar", "{certame}/cenario.toml"],
}


@pytest.mark.parametrize("comando", list(COMANDOS))
def test_cada_comando_com_a_lei_toda_em_aberto(pasta: Path, comando: str) -> None:
    args = [a.format(leis=pasta / "leis", certame=pasta / "certame") for a in COMANDOS[comando]]
    r = rodar("--leis", pasta / "leis", *args)
    assert "Traceback" not in r.stderr, r.stderr
    if comando in ("leis", "conferir"):
        assert r.returncode == 0, r.stderr
        if comando == "leis":
            assert LEI in r.stdout
        return
    # A conta pede os valores de que precisa, cada um com o nome do parâmetro; nada sai.
    assert r.returncode == 2, (r.returncode, r.stdout, r.stderr)
    assert "negros.percentual" in r.stderr, r.stderr
    if comando in ("reserva", "ordem"):
        assert "--parametro negros.percentual=VALOR" in r.stderr
        assert r.stdout == ""
