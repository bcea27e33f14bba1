"""Listas para publicação: posições certas, CPF sempre mascarado, nada sensível (LGPD art. 11)."""

from __future__ import annotations

import re

from cotas.documentos.fonte import FonteDocumentos
from cotas.documentos.listas import listas_publicacao
from cotas.documentos.publicacao import arquivo

from .conftest import exigir_pdf, texto_pdf

CPF_INTEIRO = re.compile(r"\d{3}\.?\d{3}\.?\d{3}-?\d{2}")
SENSIVEIS = (
    "branca",
    "amarela",
    "indígena",
    "indigena",
    "nao_confirmado",
    "não confirmado",
    "não reconhecido",
    "heteroidentificação",
    "deficiente",
)


def test_listas_geral_e_reservadas_em_ordem(fonte: FonteDocumentos) -> None:
    (tabela,) = listas_publicacao(fonte).tabelas
    assert "Cor" not in " ".join(tabela.colunas) and "PcD" not in tabela.colunas
    enf = [linha for linha in tabela.linhas if linha[0] == "ENF"]
    listas = fonte.certame.listas("ENF")
    geral = [linha[3] for linha in enf if linha[1] == "Ampla concorrência"]
    negros = [linha[3] for linha in enf if linha[1] == "Negros (pretos e pardos)"]
    assert geral == [c.inscricao for c in listas.geral]
    assert negros == [c.inscricao for c in listas.reservadas["negros"]]
    assert [linha[2] for linha in enf if linha[1] == "Ampla concorrência"] == list(
        range(1, len(geral) + 1)
    )
    situacao = {linha[3]: linha[7] for linha in tabela.linhas}
    assert situacao["20250057"] == "Desistente (15/09/2025)"
    assert situacao["20250085"] == "Inscrição anulada (20/11/2025)"
    assert situacao["20250047"] == "Nomeado(a) na vaga 3"


def test_nenhum_cpf_inteiro_nem_dado_sensivel(fonte: FonteDocumentos) -> None:
    doc = listas_publicacao(fonte)
    cpfs = [c.cpf for c in fonte.certame.listas("ENF").geral if c.cpf]
    assert cpfs
    textos = {
        "html": arquivo(doc, "html").decode("utf-8"),
        "csv": arquivo(doc, "csv").decode("utf-8-sig"),
    }
    for formato, texto in textos.items():
        assert "***." in texto, formato
        assert not CPF_INTEIRO.search(texto), formato
        for cpf in cpfs:
            assert cpf not in texto, formato
        baixo = texto.lower()
        for palavra in SENSIVEIS:
            assert palavra not in baixo, (formato, palavra)


def test_pdf_das_listas_sem_cpf_inteiro(fonte: FonteDocumentos) -> None:
    exigir_pdf()
    texto = texto_pdf(arquivo(listas_publicacao(fonte), "pdf"))
    assert "Listas de classificação" in texto and "***." in texto
    assert not CPF_INTEIRO.search(texto.replace("\n", ""))


def test_trecho_das_listas_igual_a_tabela_publicada(fonte: FonteDocumentos) -> None:
    """`linhas_classificacao` (a página da API) dá as mesmas linhas da tabela publicada, em
    qualquer trecho: dentro de uma lista, atravessando da geral para uma reservada, só uma
    lista, além do fim."""
    from cotas.documentos.tabelas import (
        linhas_classificacao,
        listas_do_cargo,
        tabela_classificacao,
    )

    inteira = tabela_classificacao(fonte, ["ENF"]).linhas
    tamanhos = dict(listas_do_cargo(fonte, "ENF"))
    assert sum(tamanhos.values()) == len(inteira)
    geral = tamanhos["ampla"]
    # O cargo ENF do exemplo de Montenegro: 66 na ampla, 24 negros e 6 com deficiência.
    assert tamanhos == {"ampla": 66, "negros": 24, "pcd": 6}
    for inicio, fim in (
        (0, None),
        (0, 3),
        (2, 5),
        (geral - 2, geral + 2),
        (len(inteira), None),
        (len(inteira) - 1, len(inteira) + 50),
    ):
        assert linhas_classificacao(fonte, "ENF", inicio, fim) == inteira[inicio:fim], (inicio, fim)
    so_negros = [linha for linha in inteira if linha[1] == "Negros (pretos e pardos)"]
    assert linhas_classificacao(fonte, "ENF", 1, 3, "negros") == so_negros[1:3]
    assert linhas_classificacao(fonte, "ENF", lista="negros") == so_negros
