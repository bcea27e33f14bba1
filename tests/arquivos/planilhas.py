"""Planilhas de teste: XLSX pelo openpyxl, ODS montado à mão (zip + XML)."""

from __future__ import annotations

import zipfile
from collections.abc import Sequence
from pathlib import Path
from xml.sax.saxutils import escape

from openpyxl import Workbook


def escrever_xlsx(caminho: Path, linhas: list[list[object]]) -> Path:
    pasta = Workbook()
    aba = pasta.active
    assert aba is not None
    for linha in linhas:
        aba.append(linha)
    pasta.save(caminho)
    return caminho


# Uma aba: o nome, as linhas e se está visível.
Aba = tuple[str, Sequence[Sequence[object]], bool]


def escrever_xlsx_abas(caminho: Path, abas: list[Aba]) -> Path:
    pasta = Workbook()
    assert pasta.active is not None
    pasta.remove(pasta.active)
    for nome, linhas, visivel in abas:
        aba = pasta.create_sheet(nome)
        for linha in linhas:
            aba.append(linha)
        if not visivel:
            aba.sheet_state = "hidden"
    pasta.save(caminho)
    return caminho


_MANIFESTO = """<?xml version="1.0" encoding="UTF-8"?>
<manifest:manifest xmlns:manifest="urn:oasis:names:tc:opendocument:xmlns:manifest:1.0"
 manifest:version="1.2">
 <manifest:file-entry manifest:full-path="/"
  manifest:media-type="application/vnd.oasis.opendocument.spreadsheet"/>
 <manifest:file-entry manifest:full-path="content.xml" manifest:media-type="text/xml"/>
</manifest:manifest>
"""


def _celula(valor: object) -> str:
    if valor is None or valor == "":
        return "<table:table-cell/>"
    if isinstance(valor, int | float) and not isinstance(valor, bool):
        return (
            f'<table:table-cell office:value-type="float" office:value="{valor}">'
            f"<text:p>{valor}</text:p></table:table-cell>"
        )
    return (
        f'<table:table-cell office:value-type="string"><text:p>{escape(str(valor))}</text:p>'
        "</table:table-cell>"
    )


def escrever_ods(caminho: Path, linhas: list[list[object]]) -> Path:
    """Um ODS mínimo: `mimetype` sem compressão primeiro, manifesto e `content.xml`."""
    return escrever_ods_abas(caminho, [("Candidatos", linhas, True)])


def _tabela_ods(nome: str, linhas: Sequence[Sequence[object]], visivel: bool) -> str:
    corpo = "".join(
        "<table:table-row>" + "".join(_celula(v) for v in linha) + "</table:table-row>"
        for linha in linhas
    )
    estilo = "" if visivel else ' table:style-name="oculta"'
    return f'<table:table table:name="{escape(nome)}"{estilo}>{corpo}</table:table>'


def escrever_ods_abas(caminho: Path, abas: list[Aba]) -> Path:
    """O ODS com as abas dadas; uma aba oculta usa o estilo `table:display="false"`."""
    conteudo = (
        '<?xml version="1.0" encoding="UTF-8"?>'
        "<office:document-content"
        ' xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0"'
        ' xmlns:style="urn:oasis:names:tc:opendocument:xmlns:style:1.0"'
        ' xmlns:table="urn:oasis:names:tc:opendocument:xmlns:table:1.0"'
        ' xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0"'
        ' office:version="1.2">'
        '<office:automatic-styles><style:style style:name="oculta" style:family="table">'
        '<style:table-properties table:display="false"/></style:style>'
        "</office:automatic-styles>"
        "<office:body><office:spreadsheet>"
        + "".join(_tabela_ods(*aba) for aba in abas)
        + "</office:spreadsheet></office:body></office:document-content>"
    )
    with zipfile.ZipFile(caminho, "w") as zipado:
        zipado.writestr(
            zipfile.ZipInfo("mimetype"),
            "application/vnd.oasis.opendocument.spreadsheet",
            compress_type=zipfile.ZIP_STORED,
        )
        zipado.writestr("META-INF/manifest.xml", _MANIFESTO, compress_type=zipfile.ZIP_DEFLATED)
        zipado.writestr("content.xml", conteudo, compress_type=zipfile.ZIP_DEFLATED)
    return caminho
