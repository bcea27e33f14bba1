"""Um `Documento` em DOCX (python-docx), o formato editável que o diário oficial pede para
colar: o timbre no cabeçalho de cada página, o título, os parágrafos, as tabelas e o carimbo
(gerado em, versão, lei) no rodapé. Os gráficos vão só pela legenda (o SVG não entra no DOCX).
"""

from __future__ import annotations

from io import BytesIO

from docx import Document as NovoDocx
from docx.enum.section import WD_ORIENT
from docx.enum.text import WD_ALIGN_PARAGRAPH
from docx.shared import Cm, Pt

from cotas.documentos.documento import Documento, Figura, Paragrafo, Titulo
from cotas.documentos.formatos import texto_celula
from cotas.documentos.pagina import linhas_do_timbre
from cotas.documentos.tabelas import Tabela

TIPO_DOCX = "application/vnd.openxmlformats-officedocument.wordprocessingml.document"


def para_docx(doc: Documento) -> bytes:
    arquivo = NovoDocx()
    estilo = arquivo.styles["Normal"]
    estilo.font.name = "DejaVu Sans"
    estilo.font.size = Pt(10)
    secao = arquivo.sections[0]
    secao.page_width, secao.page_height = Cm(21), Cm(29.7)
    if doc.paisagem:
        secao.orientation = WD_ORIENT.LANDSCAPE
        secao.page_width, secao.page_height = secao.page_height, secao.page_width
    cabecalho = secao.header.paragraphs[0]
    cabecalho.text = "\n".join(linhas_do_timbre(doc))
    cabecalho.alignment = WD_ALIGN_PARAGRAPH.CENTER
    for corrida in cabecalho.runs:
        corrida.bold = True
    rodape = secao.footer.paragraphs[0]
    rodape.text = f"{doc.certame} — {doc.titulo}" + (f"\n{doc.carimbo}" if doc.carimbo else "")
    arquivo.add_heading(doc.titulo, level=1)
    for bloco in doc.blocos:
        if isinstance(bloco, Titulo):
            arquivo.add_heading(bloco.texto, level=min(max(bloco.nivel, 2), 4))
        elif isinstance(bloco, Paragrafo):
            p = arquivo.add_paragraph(bloco.texto)
            if bloco.classe == "assinatura":
                p.alignment = WD_ALIGN_PARAGRAPH.CENTER
            elif bloco.classe == "ato":
                p.alignment = WD_ALIGN_PARAGRAPH.JUSTIFY
        elif isinstance(bloco, Tabela):
            _tabela(arquivo, bloco)
        elif isinstance(bloco, Figura):
            arquivo.add_paragraph(bloco.legenda)
    if doc.carimbo:
        arquivo.add_paragraph(doc.carimbo).runs[0].font.size = Pt(8)
    saida = BytesIO()
    arquivo.save(saida)
    return saida.getvalue()


def _tabela(arquivo: object, tabela: Tabela) -> None:
    from docx.document import Document as Docx

    assert isinstance(arquivo, Docx)
    arquivo.add_heading(tabela.titulo, level=3)
    if not tabela.linhas:
        arquivo.add_paragraph("Nenhum registro.")
        return
    t = arquivo.add_table(rows=1, cols=len(tabela.colunas))
    t.style = "Table Grid"
    for celula, coluna in zip(t.rows[0].cells, tabela.colunas, strict=True):
        celula.text = coluna
        for corrida in celula.paragraphs[0].runs:
            corrida.bold = True
    for linha in tabela.linhas:
        celulas = t.add_row().cells
        for celula, valor in zip(celulas, linha, strict=False):
            celula.text = texto_celula(valor)
