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
    r'(?P<abre><table[^>]*>)',
    re.S,
)
CELULA_LONGA = re.compile(r"<td>(?P<texto>[^<]{90,})</td>")


def _recolher(m: re.Match[str]) -> str:
    return (
        '<td><details class="porque"><summary>Por quê</summary>'
        f"<p>{m.group('texto')}</p></details></td>"
    )


def _regiao(m: re.Match[str]) -> str:
    ident, titulo = m.group("id"), m.group("titulo")
    return (
        f'<h2 id="{ident}">{titulo}</h2>\n'
        f'<div class="tabela-rolagem" role="region" tabindex="0" aria-labelledby="{ident}">'
        f'{m.group("abre")}<caption class="so-leitor">{titulo}</caption>'
    )


def para_tela(html: str) -> str:
    """Tabelas roláveis e com legenda; textos longos recolhidos em "Por quê"."""
    html = TABELA.sub(_regiao, html)
    return CELULA_LONGA.sub(
        lambda m: _recolher(m) if len(unescape(m.group("texto"))) >= 90 else m.group(0), html
    )
