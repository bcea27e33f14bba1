"""Um `Documento` em HTML: página inteira (arquivo .html publicado) ou fragmento (para a web).

Sem Jinja nem Django: f-strings e `html.escape` em todo texto que vem de fora.
"""

from __future__ import annotations

import os
import re
import tempfile
from collections.abc import Generator, Iterator
from decimal import Decimal
from html import escape

from cotas.documentos.documento import Documento, Figura, Paragrafo, Titulo
from cotas.documentos.formatos import texto_celula
from cotas.documentos.tabelas import Tabela
from cotas.documentos.texto import cabecalho_municipio

ESTILO = """
body{font-family:"DejaVu Sans",system-ui,sans-serif;margin:1.5rem;color:#1a1a1a;line-height:1.4}
.timbre{text-align:center;font-weight:bold;margin:0 0 1rem;line-height:1.3}
h1{font-size:1.4rem}h2{font-size:1.15rem;margin-top:1.8rem}h3{font-size:1rem}
table{border-collapse:collapse;width:100%;font-size:.85rem;margin:.5rem 0 1.5rem}
th,td{border:1px solid #999;padding:.25rem .35rem;text-align:left;vertical-align:top}
th{background:#e8e8e8}td.num{text-align:right;white-space:nowrap}td.curta{white-space:nowrap}
figure{margin:1rem 0}figcaption{font-size:.85rem;color:#333}
svg.grafico-ordem{max-width:100%;height:auto}
@media screen{.tabela-rolagem{overflow-x:auto}}
.nota{font-size:.85rem;color:#333}
.carimbo{font-size:.8rem;color:#333;border-top:1px solid #999;margin-top:2rem;padding-top:.3rem}
.assinatura{margin-top:2.5rem;text-align:center}
.ato p{text-align:justify}
"""

# No PDF: o gráfico com altura fixa (inteiro, com a legenda, numa página, sem invadir o rodapé:
# largura 100% o fazia mais alto que a página deitada) e as colunas de texto longo (a razão, o
# fundamento) numa segunda linha de cada entrada (`_pedacos_tabela`).
ESTILO_PDF = """
@page{size:TAMANHO;margin:2.6cm 1.6cm 2.4cm 1.6cm;
  @top-center{content:"TIMBRE";white-space:pre;font-family:"DejaVu Sans";
    font-size:9pt;font-weight:bold;text-align:center}
  @bottom-right{content:"Página " counter(page) " de " counter(pages);
    font-family:"DejaVu Sans";font-size:8pt}
  @bottom-left{content:"RODAPE";white-space:pre;font-family:"DejaVu Sans";font-size:7pt}}
body{margin:0;font-size:9pt}
.timbre{display:none}
table{font-size:7pt;page-break-inside:auto}tr{page-break-inside:avoid}
thead{display:table-header-group}
tbody.entrada{break-inside:avoid}tr.detalhe td{border-top:none;padding-left:1.5em}
h2{page-break-after:avoid}figure{page-break-inside:avoid;break-before:auto}
svg.grafico-ordem{width:auto;max-width:100%;height:ALTURA_GRAFICO}
.carimbo{display:none}
"""
# Colunas cujo texto médio passa disto (caracteres) são "longas" (razão, fundamento).
TEXTO_LONGO = 60


def _numerico(valor: object) -> bool:
    return isinstance(valor, int | Decimal) and not isinstance(valor, bool)


def _celula(valor: object) -> str:
    texto = texto_celula(valor)
    if _numerico(valor):
        return f'<td class="num">{escape(texto)}</td>'
    if texto and len(texto) <= 16 and " " not in texto:  # inscrição, CPF mascarado, data
        return f'<td class="curta">{escape(texto)}</td>'
    return f"<td>{escape(texto)}</td>"


def html_tabela(tabela: Tabela) -> str:
    return "\n".join(_pedacos_tabela(tabela))


def _pedacos_tabela(tabela: Tabela, *, para_pdf: bool = False) -> Iterator[str]:
    """A tabela em pedaços (um por linha), que quem junta separa com quebras de linha. No PDF,
    as colunas de texto longo (a razão, o fundamento) vão numa segunda linha da mesma entrada,
    de margem a margem: numa coluna estreita, cada nomeação ocupava um terço da página."""
    yield f'<h2 id="{escape(tabela.nome)}">{escape(tabela.titulo)}</h2>'
    if not tabela.linhas:
        yield "<p>Nenhum registro.</p>"
        return
    longas = _colunas_longas(tabela) if para_pdf else set()
    curtas = [i for i in range(len(tabela.colunas)) if i not in longas]
    yield f'<div class="tabela-rolagem"><table data-tabela="{escape(tabela.nome)}"><thead><tr>'
    for i in curtas:
        yield f'<th scope="col">{escape(tabela.colunas[i])}</th>'
    yield "</tr></thead>" if longas else "</tr></thead><tbody>"
    if not longas:
        yield from _linhas_html(tabela)
        yield "</tbody></table></div>"
        return
    for linha in tabela.linhas:
        celulas = "".join(_celula(linha[i]) for i in curtas if i < len(linha))
        detalhe = " ".join(
            f"<strong>{escape(tabela.colunas[i])}:</strong> {escape(texto_celula(linha[i]))}"
            for i in sorted(longas)
            if i < len(linha) and texto_celula(linha[i])
        )
        yield (
            f'<tbody class="entrada"><tr>{celulas}</tr>'
            f'<tr class="detalhe"><td colspan="{len(curtas)}">{detalhe}</td></tr></tbody>'
        )
    yield "</table></div>"


# Linhas desenhadas de cada vez por `_linhas_html`: a memória de um trecho, não a da tabela.
_LINHAS_POR_TRECHO = 20_000


# Linhas a partir das quais uma tabela de vários documentos guarda o seu HTML para o seguinte.
LINHAS_PARA_GUARDAR_O_HTML = 100_000


def _linhas_html(tabela: Tabela) -> Generator[str, None, None]:
    """As linhas `<tr>` da tabela (`_desenhar_linhas_html`). A tabela grande que vai a vários
    documentos (a classificação de um milhão de linhas, no relatório e nas listas) é desenhada
    uma vez: o texto vai para um arquivo temporário ao lado (só quando o desenho chega ao fim),
    e o documento seguinte o relê (`_relidas`), em trechos cortados numa quebra de linha, que
    quem junta os trechos põe de volta: o mesmo texto."""
    guardado = tabela.preparos.get("html")
    if isinstance(guardado, _HtmlGuardado):
        yield from guardado.trechos()
        return
    if not tabela.em_varios_documentos or len(tabela.linhas) < LINHAS_PARA_GUARDAR_O_HTML:
        yield from _desenhar_linhas_html(tabela)
        return
    novo = _HtmlGuardado()
    for trecho in _desenhar_linhas_html(tabela):
        novo.acrescentar(trecho)
        yield trecho
    tabela.preparos["html"] = novo


class _HtmlGuardado:
    """Os trechos de `_linhas_html` num arquivo temporário (apagado quando o objeto sai da
    memória), separados por quebras de linha, em UTF-8. Relido por posição (`os.pread`), sem
    mexer na posição do arquivo: duas leituras ao mesmo tempo não se atrapalham."""

    _BLOCO = 1 << 22  # bytes relidos de cada vez

    def __init__(self) -> None:
        # (Vive com o objeto, que o fecha e apaga ao sair da memória: não cabe num `with`.)
        self._arquivo = tempfile.TemporaryFile()  # noqa: SIM115
        self._tamanho = 0

    def acrescentar(self, trecho: str) -> None:
        dados = (b"\n" if self._tamanho else b"") + trecho.encode("utf-8")
        self._arquivo.write(dados)
        self._tamanho += len(dados)

    def trechos(self) -> Iterator[str]:
        """O texto guardado em trechos que, juntos com quebras de linha, dão o mesmo texto:
        cada bloco lido é cortado na última quebra de linha dele, que quem junta põe de volta
        (em UTF-8, o byte da quebra de linha nunca é parte de outro caractere)."""
        self._arquivo.flush()
        descritor, resto = self._arquivo.fileno(), b""
        for posicao in range(0, self._tamanho, self._BLOCO):
            bloco = resto + os.pread(descritor, self._BLOCO, posicao)
            corte = bloco.rfind(b"\n")
            if corte < 0:
                resto = bloco
                continue
            yield bloco[:corte].decode("utf-8")
            resto = bloco[corte + 1 :]
        yield resto.decode("utf-8")


def _desenhar_linhas_html(tabela: Tabela) -> Iterator[str]:
    """As linhas `<tr>` da tabela (sem colunas longas), em trechos de linhas separadas por
    quebras de linha (o mesmo texto que uma a uma), desenhadas coluna a coluna: as células de
    uma coluna são do mesmo tipo, e o texto de cada valor repetido (cargo, lista, situação) é
    feito uma vez. Uma tabela irregular (linhas de tamanhos diferentes) vai linha a linha."""
    linhas, largura = tabela.linhas, len(tabela.colunas)
    if set(map(len, linhas)) != {largura}:
        for linha in linhas:
            yield f"<tr>{''.join(_celula(linha[i]) for i in range(min(largura, len(linha))))}</tr>"
        return
    for inicio in range(0, len(linhas), _LINHAS_POR_TRECHO):
        trecho = linhas[inicio : inicio + _LINHAS_POR_TRECHO]
        colunas = [_celulas_da_coluna(valores) for valores in zip(*trecho, strict=True)]
        yield "\n".join(f"<tr>{''.join(celulas)}</tr>" for celulas in zip(*colunas, strict=True))


def _celulas_da_coluna(valores: tuple[object, ...]) -> list[str]:
    """As células (`_celula`) de uma coluna de uma vez. Só texto, só inteiros ou só notas
    (`Decimal`, cujo texto depende só do valor): cada valor distinto desenhado uma vez; outra
    mistura de tipos, célula a célula."""
    tipos = set(map(type, valores))
    if tipos == {int}:
        return [f'<td class="num">{v}</td>' for v in valores]
    if tipos == {str}:
        # (Sem nada a escapar na coluna inteira, conferida de uma vez, o texto vai como está.)
        textos: tuple[str, ...] = valores  # type: ignore[assignment]
        juntos = "".join(textos)
        escapar = any(c in juntos for c in _A_ESCAPAR)
        feitas: dict[object, str] = {}
        for t in textos:
            if t not in feitas:
                feitas[t] = _celula_de_texto(t, escape(t) if escapar else t)
        return [feitas[t] for t in textos]
    if tipos == {Decimal}:
        feitas = {}
        for v in valores:
            if v not in feitas:
                feitas[v] = _celula(v)
        return [feitas[v] for v in valores]
    return [_celula(v) for v in valores]


# O que `html.escape` troca (procurado caractere a caractere: cada busca é em C).
_A_ESCAPAR = "&<>\"'"


def _celula_de_texto(texto: str, escapado: str) -> str:
    """A `_celula` de um texto (`str`), com o texto já escapado."""
    if texto and len(texto) <= 16 and " " not in texto:
        return f'<td class="curta">{escapado}</td>'
    return f"<td>{escapado}</td>"


def _colunas_longas(tabela: Tabela, amostra: int = 50) -> set[int]:
    """As colunas de texto longo (pela média das primeiras linhas), que o PDF alarga."""
    linhas = tabela.linhas[:amostra]
    if not linhas:
        return set()
    return {
        i
        for i in range(len(tabela.colunas))
        if sum(len(texto_celula(linha[i])) for linha in linhas if i < len(linha)) / len(linhas)
        > TEXTO_LONGO
    }


def html_figura(figura: Figura) -> str:
    return (
        f'<figure id="figura-{escape(figura.nome)}">{figura.svg}'
        f"<figcaption>{escape(figura.legenda)}</figcaption></figure>"
    )


def fragmento_html(doc: Documento) -> str:
    """Só os blocos do documento, para embutir numa página da aplicação web."""
    return "\n".join(_pedacos_fragmento(doc))


def _pedacos_fragmento(doc: Documento, *, para_pdf: bool = False) -> Iterator[str]:
    algum = False
    for bloco in doc.blocos:
        if isinstance(bloco, Titulo):
            nivel = min(max(bloco.nivel, 2), 4)
            yield f"<h{nivel}>{escape(bloco.texto)}</h{nivel}>"
        elif isinstance(bloco, Paragrafo):
            classe = f' class="{escape(bloco.classe)}"' if bloco.classe else ""
            yield f"<p{classe}>{escape(bloco.texto)}</p>"
        elif isinstance(bloco, Tabela):
            yield from _pedacos_tabela(bloco, para_pdf=para_pdf)
        elif isinstance(bloco, Figura):
            yield html_figura(bloco)
        else:
            continue
        algum = True
    if not algum:
        yield ""  # (o fragmento vazio ainda ocupa a sua linha na página)


_CSS_LITERAL = frozenset(" .,:-/()ºª–—")


def _css_texto(texto: str) -> str:
    """O texto dentro de uma string CSS entre aspas: fora letras, dígitos e pontuação
    inofensiva, cada caractere vira um escape hexadecimal (`"` → `\\22 `), então nenhum nome
    fecha a string, a regra ou o `<style>` (`<` → `\\3c `), nem quebra a linha."""
    return "".join(c if c.isalnum() or c in _CSS_LITERAL else f"\\{ord(c):x} " for c in texto)


def _estilo_pdf(**valores: str) -> str:
    """ESTILO_PDF com os valores no lugar das marcas, de uma vez só (um valor que contenha o
    nome de outra marca não é substituído de novo)."""
    return re.sub("|".join(valores), lambda m: valores[m.group()], ESTILO_PDF)


def html_documento(doc: Documento, *, para_pdf: bool = False) -> str:
    """A página inteira, com o timbre do município. Para o PDF, o timbre e a numeração das
    páginas vão nas margens de cada página (`@page`)."""
    return "\n".join(_pedacos_documento(doc, para_pdf=para_pdf))


def linhas_do_timbre(doc: Documento) -> tuple[str, ...]:
    """O timbre do documento: o do órgão, se ele o tem; senão, o do município."""
    return doc.timbre or tuple(x for x in cabecalho_municipio(doc.municipio) if x)


def _pedacos_documento(doc: Documento, *, para_pdf: bool) -> Iterator[str]:
    timbre = linhas_do_timbre(doc)
    estilo = ESTILO
    if para_pdf:
        rodape = f"{doc.certame} — {doc.titulo}"
        if doc.carimbo:
            rodape += "\n" + doc.carimbo
        estilo += _estilo_pdf(
            TIMBRE="\\A ".join(_css_texto(linha) for linha in timbre),
            TAMANHO="A4 landscape" if doc.paisagem else "A4",
            RODAPE="\\A ".join(_css_texto(linha) for linha in rodape.split("\n")),
            ALTURA_GRAFICO="10cm" if doc.paisagem else "14cm",
        )
    yield from (
        "<!DOCTYPE html>",
        '<html lang="pt-BR"><head><meta charset="utf-8">',
        '<meta name="viewport" content="width=device-width, initial-scale=1">',
        f"<title>{escape(doc.titulo)} — {escape(doc.certame)}</title>",
        f"<style>{estilo}</style></head><body>",
        '<header class="timbre">'
        + "".join(f"<div>{escape(x)}</div>" for x in timbre)
        + "</header>",
        f"<h1>{escape(doc.titulo)}</h1>",
        f"<p><strong>{escape(doc.certame)}</strong></p>",
    )
    yield from _pedacos_fragmento(doc, para_pdf=para_pdf)
    if doc.carimbo:
        yield f'<p class="carimbo">{escape(doc.carimbo)}</p>'
    yield "</body></html>"


def para_html_documento(doc: Documento) -> bytes:
    """A página em UTF-8, codificada pedaço a pedaço: a página inteira nunca existe também como
    texto (num certame de um milhão de inscrições, o relatório tem centenas de MB)."""
    return b"".join(html_em_pedacos(doc))


def html_em_pedacos(doc: Documento) -> Iterator[bytes]:
    """`para_html_documento` em pedaços, para quem grava em disco à medida que chegam: nem a
    página inteira nem todos os pedaços ficam na memória."""
    separador = b""
    for pedaco in _pedacos_documento(doc, para_pdf=False):
        yield separador + pedaco.encode("utf-8")
        separador = b"\n"
