"""Anexo do edital (Montenegro, art. 1º, § 4º) do exemplo: 10, 13 e 4 vagas."""

from __future__ import annotations

import pytest

from cotas.documentos.anexo_edital import anexo_edital
from cotas.documentos.fonte import FonteDocumentos
from cotas.documentos.pagina import html_documento
from cotas.documentos.pdf import para_pdf

from .conftest import exigir_pdf, texto_pdf


def _texto(celula: object) -> str:
    assert isinstance(celula, str), celula
    return celula


def test_quadro_de_vagas_com_numeros_e_extenso(fonte: FonteDocumentos) -> None:
    doc = anexo_edital(fonte)
    (tabela,) = doc.tabelas
    assert tabela.colunas[:6] == (
        "Cargo",
        "Nome do cargo",
        "Vagas do edital",
        "Reservadas: Negros (pretos e pardos)",
        "Reservadas: Pessoas com deficiência",
        "Ampla concorrência",
    )
    numeros = {linha[0]: linha[2:6] for linha in tabela.linhas}
    # 20% de 10 = 2; 20% de 13 = 2,6 → 3; 20% de 4 = 0,8 → 1. PcD 5% para cima, teto 20%.
    assert numeros == {"PROF-MAT": (10, 2, 1, 7), "ENF": (13, 3, 1, 9), "AGT-ADM": (4, 1, 0, 3)}
    extenso = {linha[0]: _texto(linha[6]) for linha in tabela.linhas}
    assert extenso["PROF-MAT"] == (
        "10 (dez) vagas: 2 (duas) reservadas a negros (pretos e pardos); 1 (uma) reservada a "
        "pessoas com deficiência; 7 (sete) de ampla concorrência"
    )
    assert "13 (treze) vagas: 3 (três) reservadas" in extenso["ENF"]
    fundamento = _texto(tabela.linhas[0][7])
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


def test_reserva_do_edital_feita_uma_vez_e_igual_a_calculada(
    fonte: FonteDocumentos, monkeypatch: pytest.MonkeyPatch
) -> None:
    """O quadro do anexo é a reserva só das vagas do edital: a mesma que `calcular_reserva`
    dá, feita uma vez por fonte (num cargo de 100.000 vagas o plano leva segundos; o anexo
    a pedia duas vezes por cargo). Sem novas vagas no cargo, vem do plano do próprio livro."""
    from cotas.documentos import fonte as modulo
    from cotas.motor.reserva import calcular_reserva

    nova = FonteDocumentos(
        fonte.nome, fonte.regras, fonte.certame, fonte.nomes_cargos, fonte.data_edital
    )
    chamadas: list[int] = []

    def contar(regras: object, vagas: int, cargo: str | None = None) -> object:
        chamadas.append(vagas)
        return calcular_reserva(regras, vagas, cargo=cargo)  # type: ignore[arg-type]

    monkeypatch.setattr(modulo, "calcular_reserva", contar)
    anexo_edital(nova)
    com_novas_vagas = [c for c in nova.cargos if len(nova.certame.lotes(c)) > 1]
    assert com_novas_vagas and len(com_novas_vagas) < len(nova.cargos)
    assert chamadas == [nova.certame.cargos[c] for c in com_novas_vagas]
    for cargo in nova.cargos:
        esperada = calcular_reserva(nova.regras, nova.certame.cargos[cargo])
        r = nova.reserva_do_edital(cargo)
        assert (r.vagas, r.reservadas, r.ampla, r.memoria) == (
            esperada.vagas,
            esperada.reservadas,
            esperada.ampla,
            esperada.memoria,
        )
        assert r.razoes == esperada.razoes
