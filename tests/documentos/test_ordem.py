"""Ordem de nomeação do exemplo: razões, fundamentos, substituições ligadas, e o gráfico."""

from __future__ import annotations

import xml.etree.ElementTree as ET

from cotas.documentos.fonte import FonteDocumentos
from cotas.documentos.grafico import faixas_do_cargo, grafico_ordem
from cotas.documentos.ordem import ordem_de_nomeacao

SVG = "{http://www.w3.org/2000/svg}"


def test_cada_ato_com_vaga_lista_razao_e_fundamento(fonte: FonteDocumentos) -> None:
    doc = ordem_de_nomeacao(fonte)
    nomeacoes, ocorrencias = doc.tabelas
    col = {nome: i for i, nome in enumerate(nomeacoes.colunas)}
    prof = [linha for linha in nomeacoes.linhas if linha[0] == "PROF-MAT"]
    assert [(linha[col["Vaga"]], linha[col["Lista"]]) for linha in prof][:8] == [
        (1, "Ampla concorrência"),
        (2, "Ampla concorrência"),
        (3, "Negros (pretos e pardos)"),
        (4, "Ampla concorrência"),
        (5, "Pessoas com deficiência"),
        (6, "Ampla concorrência"),
        (7, "Ampla concorrência"),
        (8, "Negros (pretos e pardos)"),
    ]
    oitava = prof[7]
    assert "A 8ª nomeação é reservada a negros" in str(oitava[col["Razão"]])
    assert "art. 15" in str(oitava[col["Fundamento legal"]])
    # A desistência de 20250057 (vaga 3) é recomposta pela lista de negros, e as duas se ligam.
    por_insc = {linha[col["Inscrição"]]: linha for linha in prof}
    assert por_insc["20250047"][col["Substitui"]] == "20250057 (nomeação 3)"
    assert por_insc["20250047"][col["Vaga"]] == 3
    assert por_insc["20250057"][col["Substituída por"]] == "20250047 (nomeação 11)"
    assert {linha[2] for linha in ocorrencias.linhas} == {"Desistência", "Anulação"}


def test_grafico_svg_acessivel(fonte: FonteDocumentos) -> None:
    figura = grafico_ordem(fonte, "PROF-MAT")
    raiz = ET.fromstring(figura.svg)
    assert raiz.get("role") == "img"
    titulo = raiz.find(f"{SVG}title")
    desc = raiz.find(f"{SVG}desc")
    assert titulo is not None
    assert titulo.text == "Ordem de nomeação — PROF-MAT (Professor de Matemática)"
    assert desc is not None and desc.text is not None
    assert "13 vagas providas" in desc.text
    assert "Negros (pretos e pardos): 3 (vagas 3, 8, 13)" in desc.text
    assert "Pessoas com deficiência: 1 (vaga 5)" in desc.text
    assert "23,1% das vagas; percentual da lei ou do edital: 20%" in desc.text
    barras = [r for r in raiz.iter(f"{SVG}rect") if r.find(f"{SVG}title") is not None]
    assert len(barras) == 13
    cores = [r.get("fill") for r in barras]
    assert cores[2] == cores[7] == cores[12] == "#d55e00"  # negros
    assert cores[4] == "#0072b2"  # PcD
    textos = " ".join(t.text or "" for t in raiz.iter(f"{SVG}text"))
    assert "lote 2 (01/10/2025)" in textos  # 3 novas vagas em 01/10/2025
    assert "Negros (pretos e pardos): 23,1% das vagas providas; lei ou edital: 20%" in textos


def test_faixas_seguem_o_ocupante_atual(fonte: FonteDocumentos) -> None:
    faixas = {f.vaga: f for f in faixas_do_cargo(fonte, "ENF")}
    assert faixas[8].inscricao == "20250101"  # substituiu 20250085, anulado
    assert faixas[8].lista == "negros"


def test_sem_nomeacao_publicada_nao_ha_titulo_dos_graficos(fonte: FonteDocumentos) -> None:
    """Sem nenhuma nomeação publicada por ato (a web antes da primeira portaria), o título
    "Gráficos da ordem de nomeação por cargo" ficava sobre nada."""
    from dataclasses import replace

    from cotas.documentos.documento import Titulo

    titulos = [b.texto for b in ordem_de_nomeacao(fonte).blocos if isinstance(b, Titulo)]
    assert "Gráficos da ordem de nomeação por cargo" in titulos
    sem_atos = replace(fonte, atos={})
    titulos = [b.texto for b in ordem_de_nomeacao(sem_atos).blocos if isinstance(b, Titulo)]
    assert "Gráficos da ordem de nomeação por cargo" not in titulos
