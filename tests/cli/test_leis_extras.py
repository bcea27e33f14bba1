"""`COTAS_LEIS_EXTRAS` na linha de comando: as leis de fora do pacote entram no catálogo do
`cotas` como entram no da aplicação web; um arquivo ilegível ou malformado é erro de entrada
(código 2) com o nome de cada arquivo, todos de uma vez, e `cotas --help` continua funcionando."""

from __future__ import annotations

import os
import subprocess
from pathlib import Path

from tests.cli.conftest import COTAS

LEI_DE_TESTE = Path(__file__).resolve().parents[1] / "web" / "leis" / "lei-3-grupos.toml"


def _cotas(*args: str, extras: str) -> subprocess.CompletedProcess[str]:
    ambiente = {**os.environ, "COTAS_LEIS_EXTRAS": extras}
    return subprocess.run(
        [str(COTAS), *args], capture_output=True, text=True, env=ambiente, timeout=120, check=False
    )


def test_a_lei_de_fora_do_pacote_entra_no_catalogo() -> None:
    r = _cotas("leis", extras=str(LEI_DE_TESTE))
    assert r.returncode == 0, r.stderr
    assert "teste-br/lei-3-2026" in r.stdout


def test_leis_malformadas_ou_ilegiveis_sao_erro_de_entrada_com_cada_arquivo(tmp_path: Path) -> None:
    ruim = tmp_path / "ruim.toml"
    ruim.write_text('id = "x"\n', encoding="utf-8")
    quebrada = tmp_path / "quebrada.toml"
    quebrada.write_text("id = \n", encoding="utf-8")
    ausente = tmp_path / "ausente.toml"
    r = _cotas("leis", extras=os.pathsep.join(map(str, (ruim, quebrada, ausente))))
    assert r.returncode == 2
    assert "Traceback" not in r.stderr
    assert f"{ruim}: falta 'norma'" in r.stderr
    assert f"{quebrada}: TOML inválido" in r.stderr
    assert f"{ausente}: não foi possível ler a lei (o arquivo ou a pasta não existe)" in r.stderr


def test_a_ajuda_nao_depende_das_leis_de_fora(tmp_path: Path) -> None:
    ruim = tmp_path / "ruim.toml"
    ruim.write_text('id = "x"\n', encoding="utf-8")
    r = _cotas("--help", extras=str(ruim))
    assert r.returncode == 0 and "uso: cotas" in r.stdout
