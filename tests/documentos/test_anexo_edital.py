"""Anexo do edital (Montenegro, art. 1º, § 4º) do exemplo: 10, 13 e 4 vagas."""

from __future__ import annotations

from cotas.documentos.anexo_edital import anexo_edital
from cotas.documentos.fonte import FonteDocumentos
from cotas.documentos.pagina import html_documento
from cotas.documentos.pdf import para_pdf

from .conftest import exigir_pdf, texto_pdf


def test_quadro_de_vagas_com_numeros_e_extenso(fonte: FonteDocumentos) -> None:
    doc = anexo_edital(fonte)
    (tabela,) = doc.tabelas
    assert tabela.colunas[:6] == (
        "Cargo", "Nome do cargo", "Vagas do edital", "Reservadas: Negros (pretos e pardos)",
        "Reservadas: Pessoas com deficiência", "Ampla concorrência",
    )
    numeros = {linha[0]: linha[2:6] for linha in tabela.linhas}
    # 20% de 10 = 2; 20% de 13 = 2,6 → 3; 20% de 4 = 0,8 → 1. PcD 5% para cima, teto 20%.
    assert numeros == {"PROF-MAT": (10, 2, 1, 7), "ENF": (13, 3, 1, 9), "AGT-ADM": (4, 1, 0, 3)}
    extenso = {linha[0]: linha[6] for linha in tabela.linhas}
    assert extenso["PROF-MAT"] == (
        "10 (dez) vagas: 2 (duas) reservadas a negros (pretos e pardos); 1 (uma) reservada a "
        "pessoas com deficiência; 7 (sete) de ampla concorrência"
    )
    assert "13 (treze) vagas: 3 (três) reservadas" in extenso["ENF"]
    fundamento = tabela.linhas[0][7]
    assert "art. 1º, caput" in fundamento and "art. 1º, § 2º" in fundamento


def test_texto_cita_os_artigos(fonte: FonteDocumentos) -> None:
    html = html_documento(anexo_edital(fonte))
    assert "art. 1º, § 4º" in html and "especificar o total de vagas" in html
    assert "13 (treze) vagas oferecidas, das quais 3 (três) reservadas" in html
    assert "20% × 13 = 2,6 → 3" in html
    assert "ESTADO DO RIO GRANDE DO SUL" in html
    assert "PREFEITURA MUNICIPAL DE MONTENEGRO" in html


def test_pdf_a4_com_timbre_e_paginas(fonte: FonteDocumentos) -> None:
    exigir_pdf()
    import io

    from pypdf import PdfReader

    conteudo = para_pdf(anexo_edital(fonte))
    leitor = PdfReader(io.BytesIO(conteudo))
    largura, altura = leitor.pages[0].mediabox.width, leitor.pages[0].mediabox.height
    assert (round(float(largura)), round(float(altura))) == (595, 842)  # A4 em pontos
    texto = texto_pdf(conteudo)
    total = len(leitor.pages)
    assert "ESTADO DO RIO GRANDE DO SUL" in texto
    assert "PREFEITURA MUNICIPAL DE MONTENEGRO" in texto
    for n in range(1, total + 1):
        assert f"Página {n} de {total}" in texto
    assert "13 (treze) vagas oferecidas" in " ".join(texto.split())
    assert "art. 1º, § 4º" in texto
