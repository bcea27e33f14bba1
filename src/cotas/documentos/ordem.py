"""Ordem de nomeação: cada ato com a vaga, a lista, a razão e o fundamento legal; as
substituições ligadas a quem substituem; e o gráfico de cada cargo.

A ordem segue a alternância e a proporcionalidade da lei (parâmetro
`ordem.alternancia_proporcionalidade`, citado com o artigo e o texto dela;
docs/INTERPRETACAO.md#ordem-de-nomeacao).
"""

from __future__ import annotations

from cotas.documentos.correcoes import blocos_das_correcoes
from cotas.documentos.documento import Documento, Paragrafo, Titulo
from cotas.documentos.fonte import FonteDocumentos
from cotas.documentos.grafico import grafico_ordem
from cotas.documentos.tabelas import tabela_nomeacoes, tabela_ocorrencias


def ordem_de_nomeacao(f: FonteDocumentos) -> Documento:
    doc = Documento("ordem-de-nomeacao", "Ordem de nomeação", f.nome, f.municipio, paisagem=True)
    alternancia = f.regras.ref("alternancia")
    if alternancia:
        ref = alternancia[0]
        doc.blocos.append(Paragrafo(f"{ref.citacao()}: “{ref.texto}”", "nota"))
    if f.atos is not None:
        doc.blocos.append(
            Paragrafo("Constam só as nomeações já publicadas por ato (portaria).", "nota")
        )
    doc.blocos.append(tabela_nomeacoes(f))
    doc.blocos.append(tabela_ocorrencias(f))
    doc.blocos.extend(blocos_das_correcoes(f))
    # (o título só com algum gráfico: sem nomeação publicada, ficava sobre nada)
    graficos = [grafico_ordem(f, cargo) for cargo in f.cargos if f.nomeacoes(cargo)]
    if graficos:
        doc.blocos.append(Titulo("Gráficos da ordem de nomeação por cargo"))
        doc.blocos += graficos
    return doc
