"""Injeção de fórmulas (issue 15, achado 2): um nome que começa com `=`, `+`, `-`, `@`, TAB ou
CR sai como texto em todo CSV e XLSX que o projeto escreve; números continuam números; um
caractere de controle no nome não derruba o escritor do XLSX."""

from __future__ import annotations

import csv
import io
import zipfile
from decimal import Decimal
from typing import Any

from openpyxl import load_workbook

from cotas.documentos.formatos import para_csv, para_xlsx
from cotas.documentos.tabelas import Tabela

HOSTIS = [
    '=HYPERLINK("http://x","y")',
    "@SUM(1+1)",
    "+cmd|' /C calc'!A0",
    "-2+3",
    "\t=1",
    "\r=1",
]


def _tabela(nomes: list[str]) -> Tabela:
    linhas: list[tuple[object, ...]] = [
        (i, nome, Decimal("-1.50")) for i, nome in enumerate(nomes, start=1)
    ]
    return Tabela(nome="lista", titulo="Lista", colunas=("ordem", "nome", "nota"), linhas=linhas)


def test_xlsx_escreve_texto_nunca_formula() -> None:
    livro = load_workbook(io.BytesIO(para_xlsx([_tabela(HOSTIS)])))
    aba = livro["lista"]
    celulas = [c for linha in aba.iter_rows() for c in linha]
    assert all(c.data_type != "f" for c in celulas)
    nomes = [aba.cell(row=i + 2, column=2) for i in range(len(HOSTIS))]
    # Como digitado, sem aspas a mais (o XML lê o CR como LF: é o fim de linha dele).
    assert [c.value for c in nomes] == [n.replace("\r", "\n") for n in HOSTIS]
    assert all(c.data_type == "s" for c in nomes)
    # A nota negativa é número de verdade, não texto.
    assert aba.cell(row=2, column=3).data_type == "n"
    assert aba.cell(row=2, column=3).value == -1.5


def _xml_das_abas(dados: bytes) -> str:
    with zipfile.ZipFile(io.BytesIO(dados)) as pacote:
        return "".join(
            pacote.read(n).decode("utf-8")
            for n in pacote.namelist()
            if n.startswith("xl/worksheets/sheet")
        )


def test_xlsx_sem_formula_no_arquivo_e_pelo_leitor_do_projeto() -> None:
    """No XML das abas não há fórmula nenhuma (`<f>`), e o python-calamine (o leitor de
    planilhas do projeto) lê os nomes hostis como o texto que são."""
    from python_calamine import CalamineWorkbook

    dados = para_xlsx([_tabela(HOSTIS)])
    assert "<f>" not in _xml_das_abas(dados) and "<f " not in _xml_das_abas(dados)
    linhas = CalamineWorkbook.from_filelike(io.BytesIO(dados)).get_sheet_by_name("lista")
    nomes = [linha[1] for linha in linhas.to_python()[1:]]
    assert nomes == [n.replace("\r", "\n") for n in HOSTIS]


# Textos que imitam o XML de texto formatado (`<r>...</r>`), que o XlsxWriter em memória
# constante copia para o arquivo sem escapar: o último tenta fechar a célula e abrir outra com
# uma fórmula.
XML_HOSTIL = [
    "<r></r>",
    "<r><t>Ana</t></r>",
    '<r><t>x</t></r></is></c><c r="Z9"><f>HYPERLINK("http://x","y")</f></c>'
    '<c r="Z10" t="inlineStr"><is><r><t>y</t></r>',
]


def test_xlsx_texto_que_imita_xml_sai_como_texto() -> None:
    dados = para_xlsx([_tabela(XML_HOSTIL)])
    xml = _xml_das_abas(dados)
    assert "<f>" not in xml and "HYPERLINK" in xml  # (o texto está lá, escapado)
    livro = load_workbook(io.BytesIO(dados))
    aba = livro["lista"]
    assert [aba.cell(row=i + 2, column=2).value for i in range(len(XML_HOSTIL))] == XML_HOSTIL
    assert all(c.data_type != "f" for linha in aba.iter_rows() for c in linha)
    assert aba.max_column == 3  # nenhuma célula enxertada em Z
    from python_calamine import CalamineWorkbook

    lidas = CalamineWorkbook.from_filelike(io.BytesIO(dados)).get_sheet_by_name("lista")
    assert [linha[1] for linha in lidas.to_python()[1:]] == XML_HOSTIL


def test_xlsx_texto_longo_que_imita_xml_depois_de_cortado() -> None:
    """Uma célula leva no máximo 32.767 caracteres: o texto mais longo é cortado, e um corte que
    terminasse em `</r>` não pode virar XML cru."""
    enxerto = XML_HOSTIL[2]
    longo = enxerto + "a" * (32_767 - len(enxerto) - 4) + "</r>" + "b" * 100
    dados = para_xlsx([_tabela([longo])])
    assert "<f>" not in _xml_das_abas(dados)
    valor = load_workbook(io.BytesIO(dados))["lista"].cell(row=2, column=2).value
    assert valor == longo[:32_767]


def test_csv_prefixa_aspas_simples_so_no_texto() -> None:
    texto = para_csv(_tabela(HOSTIS)).decode("utf-8-sig")
    linhas = list(csv.reader(io.StringIO(texto, newline=""), delimiter=";"))[1:]
    assert [linha[1] for linha in linhas] == ["'" + nome for nome in HOSTIS]
    assert all(linha[2] == "-1,50" for linha in linhas)  # o número não é tocado


def test_texto_inofensivo_fica_como_esta() -> None:
    nomes = ["Ana Souza", "Maria-José", "O'Neil", "—"]
    texto = para_csv(_tabela(nomes)).decode("utf-8-sig")
    linhas = list(csv.reader(io.StringIO(texto, newline=""), delimiter=";"))[1:]
    assert [linha[1] for linha in linhas] == nomes


def test_caractere_de_controle_nao_derruba_o_xlsx() -> None:
    nomes = ["Ana\x0cSouza", "Bia\x0b", "\x01Caio", "Davi\x1b[31m", "Eva\x00"]
    livro = load_workbook(io.BytesIO(para_xlsx([_tabela(nomes)])))
    valores = [livro["lista"].cell(row=i + 2, column=2).value for i in range(len(nomes))]
    assert valores == ["Ana\ufffdSouza", "Bia\ufffd", "\ufffdCaio", "Davi\ufffd[31m", "Eva\ufffd"]


def test_downloads_publicos_nao_levam_formula(client: Any, certame_homologado: Any) -> None:
    """Pela tela: o CSV e o XLSX públicos das listas com nomes hostis."""
    from django.urls import reverse

    from cotas_web.candidatos.models import Candidato

    candidatos = list(Candidato.objects.filter(certame=certame_homologado).order_by("pk"))
    for candidato, nome in zip(candidatos, HOSTIS[:5], strict=False):
        Candidato.objects.filter(pk=candidato.pk).update(nome=nome)
    pk = certame_homologado.pk
    r = client.get(reverse("publico:baixar", args=[pk, "listas", "xlsx"]))
    assert r.status_code == 200
    livro = load_workbook(io.BytesIO(r.content))
    valores = []
    for aba in livro.worksheets:
        for linha in aba.iter_rows():
            for c in linha:
                assert c.data_type != "f", (aba.title, c.coordinate, c.value)
                valores.append(c.value)
    assert HOSTIS[0] in valores
    r = client.get(reverse("publico:baixar", args=[pk, "listas", "csv"]))
    texto = r.content.decode("utf-8-sig")
    assert "'" + HOSTIS[0].replace('"', '""') in texto and ";" + HOSTIS[0] not in texto
