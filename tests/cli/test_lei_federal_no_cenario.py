"""Um cenário de certame federal: o arquivo nomeia o ente (como um município) ou o id da lei, e a
apuração cita a lei em vigor na data do edital e o ato que a manteve."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from tests.cli.conftest import EXEMPLOS, rodar

LACUNAS = """
[parametros_lei]
"negros.fracao_entre_lotes" = { valor = "total_acumulado", justificativa = "Edital, item 4.3" }
"negros.concorrencia_concomitante" = { valor = true, justificativa = "Edital, item 4.5" }
"negros.desistencia" = { valor = "proximo_da_mesma_lista", justificativa = "Edital, item 4.6" }
"negros.reversao" = { valor = "ampla", justificativa = "Edital, item 4.7" }
"ordem.alternancia_proporcionalidade" = { valor = true, justificativa = "Edital, item 4.8" }
"falsidade.anulacao" = { valor = false, justificativa = "Edital, item 4.9" }
"heteroidentificacao.exigida" = { valor = false, justificativa = "Edital, item 5" }

"""


def _cenario_federal(pasta: Path, quem: str, data_edital: str) -> Path:
    """O exemplo de Mostardas (sem os eventos) movido para um certame federal."""
    shutil.copy(EXEMPLOS / "mostardas" / "candidatos.csv", pasta / "candidatos.csv")
    texto = (EXEMPLOS / "mostardas" / "cenario.toml").read_text(encoding="utf-8")
    texto = texto.split("[[eventos]]", 1)[0]
    texto = texto.replace('municipio = "Mostardas/RS"', quem)
    texto = texto.replace("data_edital = 2023-03-01", f"data_edital = {data_edital}")
    texto = texto.replace("validade_ate = 2025-03-01", "validade_ate = 2026-07-01")
    texto = texto.replace("[pcd]", LACUNAS + "[pcd]", 1)
    caminho = pasta / "cenario.toml"
    caminho.write_text(texto, encoding="utf-8")
    return caminho


@pytest.mark.parametrize("quem", ['municipio = "União"', 'lei = "federal/lei-12990-2014"'])
def test_cenario_federal_depois_dos_10_anos_apura_pela_12990(tmp_path: Path, quem: str) -> None:
    cenario = _cenario_federal(tmp_path, quem, "2024-07-01")
    r = rodar("validar", cenario)
    assert r.returncode == 0, r.stdout + r.stderr
    assert "lei aplicável: Lei nº 12.990, de 9 de junho de 2014" in r.stdout
    r = rodar("apurar", cenario)
    assert r.returncode == 0, r.stdout + r.stderr
    assert "STF, ADI 7.654 MC-Ref" in r.stdout
    assert "20% × 15 = 3 vagas reservadas (Lei 12.990/2014, art. 1º, caput" in r.stdout


def test_cenario_federal_depois_da_15142_nao_apura_pela_12990(tmp_path: Path) -> None:
    cenario = _cenario_federal(tmp_path, 'lei = "federal/lei-12990-2014"', "2025-06-04")
    r = rodar("validar", cenario)
    assert r.returncode == 2, r.stdout
    assert "03/06/2025" in r.stdout + r.stderr
