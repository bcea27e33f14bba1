"""`cotas apurar --saida` num cargo de 100.000 vagas e 62 aprovados: as vagas sem candidato
saem em faixas ("Vagas 63 a 100.000 sem candidato") em todo documento, e o comando termina.

Antes, uma linha por vaga vazia em cada tabela: 21 s e 26 MB de HTML sem o PDF; com o PDF, mais
de 150 s e 10 GB de memória, morto antes de terminar (issue 15)."""

from __future__ import annotations

import csv
import io
import shutil
from pathlib import Path

import pytest
from openpyxl import load_workbook

from tests.cli.conftest import EXEMPLOS, rodar
from tests.documentos.conftest import exigir_pdf, texto_pdf

pytestmark = pytest.mark.lento  # (cem mil vagas em cada documento)


def _exemplo_com_vagas(destino: Path, vagas: int) -> Path:
    """O exemplo de 3 cargos com o primeiro (70 inscritos, 62 aprovados) com `vagas` vagas."""
    shutil.copytree(EXEMPLOS / "mostardas", destino)
    cenario = destino / "cenario.toml"
    texto = cenario.read_text(encoding="utf-8")
    assert "vagas = 15\n" in texto
    cenario.write_text(texto.replace("vagas = 15\n", f"vagas = {vagas}\n", 1), encoding="utf-8")
    return cenario


def _sem_espacos(texto: str) -> str:
    return " ".join(texto.split())


def _linhas_csv(arquivo: Path) -> list[dict[str, str]]:
    texto = arquivo.read_text(encoding="utf-8-sig")
    return list(csv.DictReader(io.StringIO(texto), delimiter=";"))


def test_cem_mil_vagas_saem_em_faixas_em_todo_documento(tmp_path: Path) -> None:
    cenario = _exemplo_com_vagas(tmp_path / "exemplo", 100_000)
    pasta = tmp_path / "saida"
    r = rodar("apurar", cenario, "--saida", pasta, "--sem-pdf")
    assert r.returncode == 0, r.stderr[-2000:]
    faixa = "Vagas 63 a 100.000 sem candidato (99.938 vagas)"

    # A tabela de ocorrências: uma linha por faixa (a do edital, a vaga 13 que a desistência
    # deixou, as duas levas de novas vagas) e as outras ocorrências como eram.
    linhas = _linhas_csv(pasta / "ocorrencias.csv")
    vazias = [(o["Data"], o["Vaga"]) for o in linhas if o["Ocorrência"] == "Vaga sem candidato"]
    assert vazias == [
        ("01/03/2023", "63 a 100.000"),
        ("12/06/2023", "13"),
        ("04/09/2023", "100.001 a 100.004"),
        ("19/02/2024", "100.005 a 100.007"),
    ]
    assert len(linhas) == 6  # e a desistência e a anulação
    assert any(o["Descrição"].startswith(faixa) for o in linhas)
    assert any(o["Descrição"].startswith("Vaga 13 sem candidato:") for o in linhas)

    livro = load_workbook(pasta / "resultado.xlsx", read_only=True)
    celulas = [c for linha in livro["ocorrencias"].iter_rows(values_only=True) for c in linha]
    assert "63 a 100.000" in celulas and 13 in celulas
    assert len(list(livro["ocorrencias"].iter_rows())) == 7

    for nome in ("relatorio.html", "ordem-de-nomeacao.html"):
        html = (pasta / nome).read_text(encoding="utf-8")
        assert faixa in html, nome
        assert len(html) < 1_000_000, nome  # (eram 26 MB)
    svg = (pasta / "grafico-ordem-PROF-AI.svg").read_text(encoding="utf-8")
    assert "Sem candidato: vagas 63 a 100.000" in svg
    assert faixa in r.stdout  # o texto do comando
    ocorrencias = [linha for linha in r.stdout.splitlines() if "Ocorrência em" in linha]
    assert sum(1 for linha in ocorrencias if "sem candidato" in linha) == 4


def test_o_pdf_traz_as_faixas(tmp_path: Path) -> None:
    """O PDF com menos vagas (o de 100.000 também termina, mas leva mais tempo)."""
    exigir_pdf()
    cenario = _exemplo_com_vagas(tmp_path / "exemplo", 2_000)
    pasta = tmp_path / "saida"
    r = rodar("apurar", cenario, "--saida", pasta)
    assert r.returncode == 0, r.stderr[-2000:]
    texto = _sem_espacos(texto_pdf((pasta / "ordem-de-nomeacao.pdf").read_bytes()))
    assert "Vagas 63 a 2.000 sem candidato (1.938 vagas)" in texto
    assert "Vagas 2.001 a 2.004 sem candidato (4 vagas)" in texto
    assert "Vaga 13 sem candidato" in texto


def test_o_json_continua_so_com_as_nomeacoes(tmp_path: Path) -> None:
    """O `--json` (contrato: as nomeações de cada cargo) não lista vagas vazias."""
    cenario = _exemplo_com_vagas(tmp_path / "exemplo", 100_000)
    r = rodar("apurar", cenario, "--json")
    assert r.returncode == 0, r.stderr[-2000:]
    assert len(r.stdout) < 200_000
    assert "sem candidato" not in r.stdout
