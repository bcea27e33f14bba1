"""Ajustes de tela, só na web, sobre o HTML que `cotas.documentos` gera para publicação.

O mesmo documento vira PDF, CSV e XLSX; aqui só se adapta a leitura numa tela pequena: cada tabela
vira uma região rolável com nome (legenda para leitores de tela) e o texto longo de uma célula — a
razão e o fundamento legal — fica recolhido em "Por quê", para as linhas ficarem curtas no celular.
"""

from __future__ import annotations

import re
from html import unescape

TABELA = re.compile(
    r'<h2 id="(?P<id>[^"]+)">(?P<titulo>.*?)</h2>\s*<div class="tabela-rolagem">'
    r"(?P<abre><table[^>]*>)",
    re.S,
)
# O gráfico da ordem de nomeação: numa caixa que rola de lado em vez de encolher o texto.
GRAFICO = re.compile(r'<svg\b[^>]*\bclass="grafico-ordem"[^>]*\bid="(?P<id>[^"]+)".*?</svg>', re.S)
CELULA_LONGA = re.compile(r"<td>(?P<texto>[^<]{90,})</td>")
TABELA_INTEIRA = re.compile(r"<table\b.*?</table>", re.S)
LINHA = re.compile(r"<tr>((?:(?!</tr>).)*<td\b.*?)</tr>", re.S)


def _recolher(texto: str, coluna: str) -> str:
    # "Por quê" só para a razão; outra coluna longa (o fundamento legal) recolhe com o próprio
    # título: nunca dois "Por quê" lado a lado.
    rotulo = "Por quê" if coluna in ("", "Razão") else coluna
    return f'<td><details class="porque"><summary>{rotulo}</summary><p>{texto}</p></details></td>'


def _recolher_da_tabela(m: re.Match[str]) -> str:
    tabela = m.group(0)
    colunas = [unescape(c) for c in re.findall(r'<th scope="col">(.*?)</th>', tabela)]

    def linha(mt: re.Match[str]) -> str:
        celulas = re.findall(r"<td\b[^>]*>.*?</td>", mt.group(1), re.S)
        saida = []
        for i, celula in enumerate(celulas):
            longa = CELULA_LONGA.fullmatch(celula)
            if longa and len(unescape(longa.group("texto"))) >= 90:
                celula = _recolher(longa.group("texto"), colunas[i] if i < len(colunas) else "")
            saida.append(celula)
        return "<tr>" + "".join(saida) + "</tr>"

    return LINHA.sub(linha, tabela)


def _regiao(m: re.Match[str]) -> str:
    ident, titulo = m.group("id"), m.group("titulo")
    return (
        f'<h2 id="{ident}">{titulo}</h2>\n'
        f'<div class="tabela-rolagem" role="region" tabindex="0" aria-labelledby="{ident}">'
        f'{m.group("abre")}<caption class="so-leitor">{titulo}</caption>'
    )


def _caixa_do_grafico(m: re.Match[str]) -> str:
    return (
        f'<div class="grafico-rolagem" role="region" tabindex="0" '
        f'aria-labelledby="{m.group("id")}-titulo">{m.group(0)}</div>'
    )


def para_tela(html: str) -> str:
    """Tabelas e gráficos roláveis e com nome; textos longos recolhidos em "Por quê"."""
    html = TABELA.sub(_regiao, html)
    html = GRAFICO.sub(_caixa_do_grafico, html)
    return TABELA_INTEIRA.sub(_recolher_da_tabela, html)
