"""XLSX: uma tabela maior que o limite de linhas de uma aba segue em outras abas, sem perdas."""

from __future__ import annotations

import io
import os
import stat
from argparse import Namespace
from collections.abc import Iterator
from concurrent.futures import Executor
from datetime import date
from decimal import Decimal
from pathlib import Path
from typing import Any

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


def test_a_mesma_tabela_em_dois_livros_preparada_uma_vez() -> None:
    """A tabela guarda as abas preparadas para o escritor (`formatos._abas_no_livro`): em dois
    livros, ao mesmo tempo, as mesmas linhas nos dois; a coluna de tipos misturados (que vai
    linha a linha) também, e a de notas com duas casas."""
    mista = Tabela(
        "ocorrencias", "Ocorrências", ("Cargo", "Vaga"), [("A", 3), ("A", "63 a 100.000")]
    )
    notas = Tabela(
        "classificacao", "Classificação", ("Inscrição", "Nota"), [("001", Decimal("7.5"))]
    )
    with formatos.livros_em_paralelo() as livros:
        futuros = [livros.submit(formatos.para_xlsx, [notas, mista]) for _ in range(2)]
        primeiro, segundo = (_abas(f.result()) for f in futuros)
    esperado = {
        "classificacao": [("Inscrição", "Nota"), ("001", 7.5)],
        "ocorrencias": [("Cargo", "Vaga"), ("A", 3), ("A", "63 a 100.000")],
    }
    assert primeiro == segundo == esperado
    assert set(mista.preparos) == set(notas.preparos) == {"xlsx"}
    terceiro = load_workbook(io.BytesIO(formatos.para_xlsx([notas, mista])))
    assert terceiro["classificacao"]["B2"].number_format == "0.00"


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


def test_gravar_pasta_espera_os_livros_em_paralelo(tmp_path: Path) -> None:
    """Um livro que outra linha de execução escreve (`Future`) entra no manifesto na sua vez e
    vai para o disco quando fica pronto; o que vem depois dele não espera."""
    import threading

    liberar = threading.Event()

    def livro() -> bytes:
        assert liberar.wait(10)
        return b"PK livro"

    def arquivos(livros: Executor) -> Iterator[tuple[str, formatos.Conteudo]]:
        yield "a.csv", b"1"
        yield "b.xlsx", livros.submit(livro)
        yield "c.html", iter([b"<p>", b"c</p>"])  # (não espera o livro)
        liberar.set()

    with formatos.livros_em_paralelo() as livros:
        gravados = formatos.gravar_pasta(tmp_path / "s", arquivos(livros))
    assert [p.name for p in gravados] == ["a.csv", "b.xlsx", "c.html"]
    assert (tmp_path / "s" / "b.xlsx").read_bytes() == b"PK livro"
    assert (
        (tmp_path / "s" / formatos.MANIFESTO)
        .read_text(encoding="utf-8")
        .endswith("a.csv\nb.xlsx\nc.html\n")
    )


def test_livro_que_falha_em_paralelo_nao_deixa_nada(tmp_path: Path) -> None:
    def livro() -> bytes:
        raise RuntimeError("falha ao escrever o livro")

    with formatos.livros_em_paralelo() as livros:
        arquivos: list[tuple[str, formatos.Conteudo]] = [
            ("a.csv", b"1"),
            ("b.xlsx", livros.submit(livro)),
        ]
        with pytest.raises(RuntimeError, match="livro"):
            formatos.gravar_pasta(tmp_path / "s", iter(arquivos))
    assert list(tmp_path.iterdir()) == []


def test_pasta_nova_com_as_permissoes_de_sempre(tmp_path: Path) -> None:
    """A pasta de saída nova tem as permissões da umask, não as só-do-dono da temporária."""
    mascara = os.umask(0o022)
    try:
        formatos.gravar_pasta(tmp_path / "s", {"a.csv": b"1"})
    finally:
        os.umask(mascara)
    assert stat.S_IMODE((tmp_path / "s").stat().st_mode) == 0o755


def _abas_calamine(dados: bytes) -> dict[str, list[list[Any]]]:
    from python_calamine import CalamineWorkbook

    livro = CalamineWorkbook.from_filelike(io.BytesIO(dados))
    return {nome: livro.get_sheet_by_name(nome).to_python() for nome in livro.sheet_names}


def test_abas_divididas_lidas_pelo_leitor_do_projeto(monkeypatch: pytest.MonkeyPatch) -> None:
    """As abas numeradas também pelo python-calamine (o leitor de planilhas do projeto): o
    cabeçalho em cada uma, as linhas na ordem, nenhuma a mais nem a menos."""
    monkeypatch.setattr(formatos, "LINHAS_POR_ABA", 3)  # o cabeçalho e 2 linhas
    linhas: list[tuple[object, ...]] = [(f"{i:03d}", i, Decimal(i) / 4) for i in range(5)]
    abas = _abas_calamine(formatos.para_xlsx([Tabela("lista", "L", ("a", "b", "c"), linhas)]))
    assert list(abas) == ["lista (1)", "lista (2)", "lista (3)"]
    assert [len(aba) for aba in abas.values()] == [3, 3, 2]
    assert all(aba[0] == ["a", "b", "c"] for aba in abas.values())
    lidas = [tuple(linha) for aba in abas.values() for linha in aba[1:]]
    assert lidas == [(i, float(b), float(c)) for i, b, c in linhas]  # type: ignore[arg-type]


def test_limite_exato_de_uma_aba_nao_divide(monkeypatch: pytest.MonkeyPatch) -> None:
    """Com o cabeçalho, exatamente `LINHAS_POR_ABA` linhas cabem numa aba; uma a mais divide."""
    monkeypatch.setattr(formatos, "LINHAS_POR_ABA", 4)
    cheia = Tabela("t", "T", ("a",), [(i,) for i in range(3)])
    assert list(_abas(formatos.para_xlsx([cheia]))) == ["t"]
    mais_uma = Tabela("t", "T", ("a",), [(i,) for i in range(4)])
    abas = _abas(formatos.para_xlsx([mais_uma]))
    assert abas == {"t (1)": [("a",), (0,), (1,), (2,)], "t (2)": [("a",), (3,)]}


def test_tipos_de_cada_celula() -> None:
    """Números como números (inteiros, reais, a nota em duas casas), a data como data, a
    verdade como booleano, o texto vazio e o `None` como célula vazia."""
    from datetime import datetime

    linha = (7, 2.5, Decimal("8.125"), date(2025, 3, 1), True, "", None, "fim")
    colunas = ("int", "float", "nota", "data", "bool", "vazio", "nada", "texto")
    dados = formatos.para_xlsx([Tabela("tipos", "Tipos", colunas, [linha])])
    aba = load_workbook(io.BytesIO(dados))["tipos"]
    celulas = next(aba.iter_rows(min_row=2, max_row=2))
    assert [c.value for c in celulas] == [
        7, 2.5, 8.125, datetime(2025, 3, 1), True, None, None, "fim"
    ]  # fmt: skip
    assert [c.data_type for c in celulas[:5]] == ["n", "n", "n", "d", "b"]
    assert celulas[2].number_format == "0.00" and celulas[3].number_format == "dd/mm/yyyy"
    assert all(c.font.bold for c in aba[1]) and not celulas[7].font.bold


def test_nomes_de_aba_repetidos_nao_derrubam_o_livro() -> None:
    """Duas tabelas de mesmo nome (sem distinguir maiúsculas, como o Excel) viram duas abas."""
    a = Tabela("Lista", "A", ("x",), [(1,)])
    b = Tabela("lista", "B", ("x",), [(2,)])
    abas = _abas(formatos.para_xlsx([a, b]))
    assert abas == {"Lista": [("x",), (1,)], "lista1": [("x",), (2,)]}


def test_o_escritor_de_xlsx_e_um_so() -> None:
    """Ninguém em `src/` escreve XLSX por fora de `formatos.para_xlsx` (o openpyxl fica só nos
    testes, para ler de volta e montar planilhas de entrada)."""
    import re

    importa = re.compile(r"^\s*(?:from|import)\s+(openpyxl|xlsxwriter)\b", re.MULTILINE)
    raiz = Path(__file__).resolve().parents[2] / "src"
    usam = sorted(
        (str(p.relative_to(raiz)), m.group(1))
        for p in raiz.rglob("*.py")
        for m in importa.finditer(p.read_text(encoding="utf-8"))
    )
    assert usam == [("cotas/documentos/formatos.py", "xlsxwriter")]


# Textos que pedem aspas, escape ou neutralização, em colunas de um tipo só e misturadas.
_DIFICEIS = ["", " ", "a;b", 'a"b', "a\rb", "a\nb", "a\r\nb", " x ", "\t", "=1", "-2", "@x"]
_DIFICEIS += ["+x", "'=1", "<b>&amp;</b>", "O'Neil", "—", "\\", "null", "\x00", "\u2028"]


def _tabela_dificil() -> Tabela:
    n = len(_DIFICEIS)
    mistas: list[object] = [7, None, True, "x", 2.5, "", "<r>y</r>"]
    linhas: list[tuple[object, ...]] = [
        (
            _DIFICEIS[i],
            _DIFICEIS[n - 1 - i],
            i,
            Decimal(i) / 4,
            mistas[i % len(mistas)],
            date(2025, 3, i + 1) if i % 3 else "-",
            "Ampla concorrência" if i % 2 else "",
        )
        for i in range(n)
    ]
    return Tabela("t", "T", ("a", "b", "n", "nota", "mista", "data", "lista"), linhas)


def test_csv_coluna_a_coluna_igual_ao_modulo_csv_linha_a_linha(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """O CSV escrito em colunas (e em trechos) é, byte a byte, o que o módulo `csv` escreve
    linha a linha com `texto_seguro_csv` em cada célula: as mesmas aspas e neutralizações."""
    import csv

    monkeypatch.setattr(formatos, "_LINHAS_POR_TRECHO", 5)
    tabela = _tabela_dificil()
    esperado = io.StringIO()
    escritor = csv.writer(esperado, delimiter=";", lineterminator="\r\n")
    for linha in [tabela.colunas, *tabela.linhas]:
        escritor.writerow([formatos.texto_seguro_csv(v) for v in linha])
    assert formatos.para_csv(tabela) == ("\ufeff" + esperado.getvalue()).encode("utf-8")
    # Uma coluna só, com a linha de um campo vazio (que o `csv` escreve `""`).
    uma = Tabela("u", "U", ("a",), [("",), ("=x",), ("a;b",)])
    assert formatos.para_csv(uma) == '\ufeffa\r\n""\r\n\'=x\r\n"a;b"\r\n'.encode()


def test_html_coluna_a_coluna_igual_celula_a_celula(monkeypatch: pytest.MonkeyPatch) -> None:
    """As linhas do HTML desenhadas em colunas (e em trechos) são as de cada célula
    desenhada sozinha."""
    from cotas.documentos import pagina

    monkeypatch.setattr(pagina, "_LINHAS_POR_TRECHO", 5)
    tabela = _tabela_dificil()
    linhas = "\n".join(
        "<tr>" + "".join(pagina._celula(v) for v in linha) + "</tr>" for linha in tabela.linhas
    )
    assert linhas in pagina.html_tabela(tabela)


def test_xlsx_em_colunas_com_os_valores_do_escritor_celula_a_celula() -> None:
    """O livro escrito coluna a coluna tem, lido de volta, os mesmos valores e tipos do livro
    escrito célula a célula pelo XlsxWriter (o caminho do modelo de importação)."""
    tabela = _tabela_dificil()
    # Colunas de um tipo só (texto, inteiro, nota), com vazios: vão num quadro do polars.
    linhas: list[tuple[object, ...]] = [(a, b, n, d, x) for a, b, n, d, _, _, x in tabela.linhas]
    so_um_tipo = Tabela(
        "u", "U", ("a", "b", "n", "nota", "lista"), [*linhas, (None, "", 0, None, "")]
    )
    vazia = Tabela("vazia", "V", ("x", "y"), [])
    tabelas = [tabela, so_um_tipo, vazia]
    em_colunas = formatos.para_xlsx(tabelas)
    celula_a_celula = formatos._xlsx_celula_a_celula(tabelas, celulas_de_texto=False)
    assert _abas_calamine(em_colunas) == _abas_calamine(celula_a_celula)

    def tipos(dados: bytes) -> list[list[list[tuple[object, str, str]]]]:
        # (O formato de número de uma célula de texto não muda o que ela mostra: o escritor em
        # colunas dá o de data ao texto que vem depois de uma data na coluna.)
        livro = load_workbook(io.BytesIO(dados))
        return [
            [
                [
                    (c.value, c.data_type, "" if c.data_type == "s" else c.number_format)
                    for c in linha
                ]
                for linha in aba.iter_rows()
            ]
            for aba in livro.worksheets
        ]

    assert tipos(em_colunas) == tipos(celula_a_celula)
    # A nota misturada com outros valores, cada célula no seu formato (célula a célula).
    for valores in ([Decimal("1.5"), 2, date(2025, 1, 2)], [date(2025, 1, 2), 2, Decimal("1.5")]):
        mista = Tabela("m", "M", ("a", "b"), [("x", v) for v in valores])
        aba = load_workbook(io.BytesIO(formatos.para_xlsx([mista])))["m"]
        formatos_lidos = [c.number_format for c in aba["B"][1:]]
        esperados = {Decimal: "0.00", int: "General", date: "dd/mm/yyyy"}
        assert formatos_lidos == [esperados[type(v)] for v in valores]


@pytest.mark.parametrize("celulas_de_texto", [False, True])  # (os dois escritores)
def test_o_livro_leva_a_data_do_documento_e_nao_a_hora_da_gravacao(
    celulas_de_texto: bool,
) -> None:
    """Com SOURCE_DATE_EPOCH, o mesmo livro dá os mesmos bytes: a data de `docProps/core.xml` é
    a do documento (`criado_em`), não a hora em que o escritor o gravou; o resto do zip fica
    como o escritor o fez e a planilha se lê igual."""
    import time
    import zipfile
    from datetime import UTC, datetime

    tabela = Tabela("reserva", "Reserva", ("cargo", "vagas"), [("PROF", 3), ("ADM", 1)])
    quando = datetime(2026, 1, 1, 12, 30, tzinfo=UTC)
    primeiro = formatos.para_xlsx([tabela], celulas_de_texto=celulas_de_texto, criado_em=quando)
    time.sleep(1.1)  # (o escritor põe a hora com segundos: a do segundo livro é outra)
    segundo = formatos.para_xlsx([tabela], celulas_de_texto=celulas_de_texto, criado_em=quando)
    assert primeiro == segundo
    sem_data = formatos.para_xlsx([tabela], celulas_de_texto=celulas_de_texto)
    zip_com, zip_sem = zipfile.ZipFile(io.BytesIO(primeiro)), zipfile.ZipFile(io.BytesIO(sem_data))
    assert zip_com.testzip() is None
    core = zip_com.read("docProps/core.xml").decode()
    assert ">2026-01-01T12:30:00Z</dcterms:created>" in core
    assert ">2026-01-01T12:30:00Z</dcterms:modified>" in core
    assert "2026-01-01T12:30:00Z" not in zip_sem.read("docProps/core.xml").decode()
    assert zip_com.namelist() == zip_sem.namelist()
    for nome in zip_sem.namelist():
        if nome != "docProps/core.xml":
            assert zip_com.read(nome) == zip_sem.read(nome), nome
    assert _abas(primeiro) == _abas(sem_data)
    assert load_workbook(io.BytesIO(primeiro)).properties.created == datetime(2026, 1, 1, 12, 30)


def test_zip_sem_a_data_do_livro_volta_como_veio() -> None:
    """Um zip sem `docProps/core.xml` (ou que não é zip) não é tocado: a data só se troca onde
    ela está."""
    import zipfile
    from datetime import UTC, datetime

    from cotas.documentos.data_do_livro import data_no_livro

    saida = io.BytesIO()
    with zipfile.ZipFile(saida, "w", zipfile.ZIP_DEFLATED) as z:
        z.writestr("xl/workbook.xml", "<workbook/>")
    quando = datetime(2026, 1, 1, tzinfo=UTC)
    assert data_no_livro(saida.getvalue(), quando) == saida.getvalue()
    assert data_no_livro(b"nao e zip", quando) == b"nao e zip"
