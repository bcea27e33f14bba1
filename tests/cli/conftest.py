from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

RAIZ = Path(__file__).resolve().parents[2]
EXEMPLOS = RAIZ / "exemplos"
COTAS = Path(sys.executable).parent / "cotas"


def rodar(*args: str | Path | int, cwd: Path | None = None) -> subprocess.CompletedProcess[str]:
    """Roda o comando `cotas` como um usuário o rodaria."""
    return subprocess.run(
        [str(COTAS), *map(str, args)],
        capture_output=True,
        text=True,
        cwd=cwd,
        timeout=120,
        check=False,
    )


@pytest.fixture
def montenegro() -> Path:
    return EXEMPLOS / "montenegro" / "cenario.toml"


@pytest.fixture
def mostardas() -> Path:
    return EXEMPLOS / "mostardas" / "cenario.toml"
