"""A eliminação por outra causa aparece nos documentos como eliminação, com o fundamento
informado, nunca como anulação por declaração falsa."""

from __future__ import annotations

import shutil
from pathlib import Path

from cotas.apuracao import apurar_cenario
from cotas.arquivos.cenario import ler_cenario
from cotas.documentos.fonte import fonte_da_apuracao
from cotas.documentos.tabelas import situacoes, tabela_ocorrencias

from .conftest import MONTENEGRO

ELIMINACAO = """
[[eventos]]
data = 2025-12-01
tipo = "eliminacao"
inscricao = "20250047"
fundamento = "Edital nº 1/2025, item 14.2"
justificativa = "Não apresentou os documentos exigidos para a posse"
"""


def test_eliminacao_nos_documentos(tmp_path: Path) -> None:
    shutil.copy(MONTENEGRO.parent / "candidatos.csv", tmp_path / "candidatos.csv")
    cenario = tmp_path / "cenario.toml"
    cenario.write_text(MONTENEGRO.read_text(encoding="utf-8") + ELIMINACAO, encoding="utf-8")
    fonte = fonte_da_apuracao(apurar_cenario(ler_cenario(cenario)))
    assert situacoes(fonte, "PROF-MAT")["20250047"] == "Eliminado(a) (01/12/2025)"
    [linha] = [linha for linha in tabela_ocorrencias(fonte).linhas if linha[3] == "20250047"]
    assert linha[2] == "Eliminação"
    assert linha[6] == "Fundamento informado pelo operador, Edital nº 1/2025, item 14.2"
    assert "declaração falsa" not in str(linha[5])
