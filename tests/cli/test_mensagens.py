"""A linha de comando fala português: opções erradas, versão e erros de sintaxe do cenário."""

from __future__ import annotations

import importlib.metadata
from pathlib import Path

from tests.cli.conftest import rodar


def test_opcao_errada_mostra_o_uso_do_subcomando(montenegro: Path) -> None:
    r = rodar("apurar", montenegro, "--sadia", "x")
    assert r.returncode == 2
    assert r.stderr.startswith("uso: cotas apurar ")
    assert "cotas apurar: erro: argumentos não reconhecidos: --sadia x" in r.stderr
    assert "usage" not in r.stderr and "error" not in r.stderr


def test_opcao_errada_de_gerar_exemplo(tmp_path: Path) -> None:
    r = rodar(
        "gerar-exemplo", "--candidatos", 10, "--cargos", 1, "--saida", tmp_path, "--semnte", 3
    )
    assert r.returncode == 2
    assert r.stderr.startswith("uso: cotas gerar-exemplo ")
    assert "argumentos não reconhecidos: --semnte 3" in r.stderr


def test_versao() -> None:
    r = rodar("--version")
    assert r.returncode == 0, r.stderr
    assert r.stdout.strip() == f"cotas {importlib.metadata.version('cotas')}"
    r = rodar("--help")
    assert "mostra a versão do programa e sai" in r.stdout
