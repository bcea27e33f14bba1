from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

RAIZ = Path(__file__).resolve().parents[2]
EXEMPLOS = RAIZ / "exemplos"
COTAS = Path(sys.executable).parent / "cotas"


def rodar(
    *args: str | Path | int, cwd: Path | None = None, env: dict[str, str] | None = None
) -> subprocess.CompletedProcess[str]:
    """Roda o comando `cotas` como um usuário o rodaria."""
    return subprocess.run(
        [str(COTAS), *map(str, args)],
        capture_output=True,
        text=True,
        cwd=cwd,
        env=env,
        timeout=120,
        check=False,
    )


def rodar_so_com(leis: Path, *args: str | Path | int) -> subprocess.CompletedProcess[str]:
    """`cotas --leis PASTA …` sem as leis de `COTAS_LEIS_EXTRAS` do ambiente: só as do pacote e
    as da pasta (as leis de teste)."""
    return rodar("--leis", leis, *args, env={**os.environ, "COTAS_LEIS_EXTRAS": ""})


@pytest.fixture
def montenegro() -> Path:
    return EXEMPLOS / "montenegro" / "cenario.toml"


@pytest.fixture
def mostardas() -> Path:
    return EXEMPLOS / "mostardas" / "cenario.toml"
