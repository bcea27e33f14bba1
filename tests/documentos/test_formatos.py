"""XLSX: uma tabela maior que o limite de linhas de uma aba segue em outras abas, sem perdas."""

from __future__ import annotations

import io
import os
import stat
from argparse import Namespace
from collections.abc import Iterator
from decimal import Decimal
from pathlib import Path

import pytest
from openpyxl import load_workbook

from cotas.documentos import formatos
from cotas.documentos.tabelas import Tabela


def _abas(dados: bytes) -> dict[str, list[tuple[object, ...]]]:
    livro = load_workbook(io.BytesIO(dados))
    return {aba.title: list(aba.iter_rows(values_only=True)) for aba in livro.worksheets}


def test_tabela_longa_dividida_em_abas_com_cabecalho(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(formatos, "LINHAS_POR_ABA", 4)  # o cabeçalho e 3 linhas
    linhas = [(f"{i:03d}", Decimal(i) / 2) for i in range(7)]
    curta = Tabela("reserva", "Reserva", ("cargo", "vagas"), [("PROF", 3)])
    longa = Tabela("classificacao", "Listas", ("inscricao", "nota"), [*linhas])
    abas = _abas(formatos.para_xlsx([curta, longa]))
    assert list(abas) == ["reserva", "classificacao (1)", "classificacao (2)", "classificacao (3)"]
    assert abas["reserva"] == [("cargo", "vagas"), ("PROF", 3)]
    lidas = []
    for nome in list(abas)[1:]:
        cabecalho, *resto = abas[nome]
        assert cabecalho == ("inscricao", "nota")
        lidas += resto
    assert [len(abas[nome]) - 1 for nome in list(abas)[1:]] == [3, 3, 1]
    assert lidas == [(i, float(n)) for i, n in linhas]
    livro = load_workbook(io.BytesIO(formatos.para_xlsx([longa])))
    aba = livro["classificacao (2)"]
    assert aba["B2"].number_format == "0.00" and aba["A1"].font.bold
    assert aba.freeze_panes == "A2"


def test_nome_da_aba_dividida_cabe_em_31_caracteres(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(formatos, "LINHAS_POR_ABA", 2)
    nome = "x" * 40
    abas = _abas(formatos.para_xlsx([Tabela(nome, "X", ("a",), [(1,), (2,)])]))
    assert list(abas) == ["x" * 27 + " (1)", "x" * 27 + " (2)"]


def test_apurar_saida_grava_a_tabela_longa_em_abas(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """`cotas apurar --saida` com tabelas maiores que uma aba: tudo gravado, nada perdido."""
    from cotas.cli import saida
    from tests.documentos.conftest import MONTENEGRO

    monkeypatch.setattr(formatos, "LINHAS_POR_ABA", 50)
    args = Namespace(cenario=MONTENEGRO, saida=tmp_path / "s", sem_pdf=True, json=True)
    saida.apurar(args)
    abas = _abas((tmp_path / "s" / "resultado.xlsx").read_bytes())
    partes = [nome for nome in abas if nome.startswith("classificacao (")]
    assert len(partes) == 5
    csv = (tmp_path / "s" / "classificacao.csv").read_text(encoding="utf-8-sig")
    assert sum(len(abas[p]) - 1 for p in partes) == len(csv.strip().splitlines()) - 1


def test_gravar_pasta_em_fluxo_tudo_ou_nada(tmp_path: Path) -> None:
    """Os arquivos chegam um a um; uma falha no meio não deixa nada gravado."""

    def arquivos() -> Iterator[tuple[str, bytes]]:
        yield "a.csv", b"1"
        raise RuntimeError("falha ao montar o segundo")

    with pytest.raises(RuntimeError):
        formatos.gravar_pasta(tmp_path / "s", arquivos())
    assert list(tmp_path.iterdir()) == []
    gravados = formatos.gravar_pasta(tmp_path / "s", iter([("a.csv", b"1"), ("b.csv", b"2")]))
    assert [p.name for p in gravados] == ["a.csv", "b.csv"]


def test_pasta_nova_com_as_permissoes_de_sempre(tmp_path: Path) -> None:
    """A pasta de saída nova tem as permissões da umask, não as só-do-dono da temporária."""
    mascara = os.umask(0o022)
    try:
        formatos.gravar_pasta(tmp_path / "s", {"a.csv": b"1"})
    finally:
        os.umask(mascara)
    assert stat.S_IMODE((tmp_path / "s").stat().st_mode) == 0o755
