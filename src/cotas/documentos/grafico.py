"""Gráfico da ordem de nomeação de um cargo, desenhado direto em SVG (sem matplotlib).

Em cima, uma faixa com uma barra por vaga, na ordem em que as vagas foram providas, colorida
pela lista de onde veio quem a ocupa; embaixo, o percentual acumulado de cada lista reservada
comparado ao percentual da lei (linha tracejada). Acessível: `<title>`, `<desc>` e legenda em
texto; as cores vêm da paleta Okabe–Ito (distinguíveis por quem não vê cores) e cada lista tem
também um padrão próprio na legenda.

As coordenadas usam ponto flutuante só para desenhar; os percentuais escritos vêm de frações.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from decimal import ROUND_HALF_UP, Decimal
from fractions import Fraction
from html import escape

from cotas.documentos.documento import Figura
from cotas.documentos.fonte import FonteDocumentos
from cotas.documentos.tabelas import rotulo_lista
from cotas.documentos.texto import data_br
from cotas.motor.regras import AMPLA, PCD, RegraGrupo

# A ampla e a do edital (PcD) com cor fixa; os grupos de cada lei, na ordem em que aparecem.
CORES = {AMPLA: "#9e9e9e", PCD: "#0072b2"}
CORES_EXTRAS = ("#d55e00", "#009e73", "#cc79a7", "#e69f00", "#56b4e9")
SEM_OCUPANTE = "#ffffff"


@dataclass(frozen=True)
class Faixa:
    """Uma vaga do gráfico: número, lote, a quem era devida e de que lista veio o ocupante."""

    vaga: int
    lote: int
    reservada_para: str | None
    lista: str | None  # None: sem ocupante publicado
    inscricao: str = ""

    @property
    def revertida(self) -> bool:
        return (
            self.reservada_para is not None
            and self.lista is not None
            and self.lista != self.reservada_para
        )


def faixas_do_cargo(f: FonteDocumentos, cargo: str) -> list[Faixa]:
    """Cada vaga provida por nomeação publicada, com a lista do seu ocupante atual."""
    vagas = {v.numero: v for v in f.certame.vagas(cargo)}
    ultima: dict[int, tuple[str, str]] = {}
    for n in f.nomeacoes(cargo):
        ultima[n.vaga] = (n.modalidade, n.inscricao)
    ocupantes = f.certame.ocupantes(cargo)
    saida = []
    for numero in sorted(ultima):
        lista, inscricao = ultima[numero]
        v = vagas.get(numero)
        if ocupantes.get(numero) != inscricao:
            lista, inscricao = "", ""  # vaga que ficou vaga (ex.: anulação sem substituto)
        saida.append(
            Faixa(
                numero,
                v.lote if v else 1,
                v.reservada_para if v else None,
                lista or None,
                inscricao,
            )
        )
    return saida


def sem_candidato(f: FonteDocumentos, cargo: str) -> str:
    """As vagas que ficaram sem candidato, em faixas: "vagas 63 a 100.000; vaga 13" ("":
    nenhuma). O gráfico desenha só as vagas providas; estas vão em texto, uma faixa por vez."""
    return "; ".join(
        ("vaga " if o.quantidade == 1 else "vagas ") + o.vagas
        for o in f.certame.ocorrencias(cargo)
        if o.tipo == "vaga_sem_candidato"
    )


def _pct(fr: Fraction) -> str:
    """Fração → "23,1%" (uma casa, meio para cima), só para leitura."""
    valor = (Decimal(fr.numerator) * 100 / Decimal(fr.denominator)).quantize(
        Decimal("0.1"), rounding=ROUND_HALF_UP
    )
    return f"{valor}".replace(".", ",").removesuffix(",0") + "%"


def _lei(g: RegraGrupo) -> Fraction:
    """O percentual do grupo (guardado em pontos percentuais) como fração das vagas."""
    return g.percentual / 100


def _cor(lista: str | None, extras: dict[str, str]) -> str:
    if lista is None:
        return SEM_OCUPANTE
    if lista in CORES:
        return CORES[lista]
    return extras.setdefault(lista, CORES_EXTRAS[len(extras) % len(CORES_EXTRAS)])


def _ident(cargo: str) -> str:
    return "grafico-ordem-" + re.sub(r"[^A-Za-z0-9_-]", "-", cargo)


def _acumulados(faixas: list[Faixa], grupos: list[RegraGrupo]) -> dict[str, list[Fraction]]:
    """Percentual acumulado de cada lista reservada, vaga a vaga (frações exatas)."""
    acumulados: dict[str, list[Fraction]] = {g.nome: [] for g in grupos}
    contagem = {g.nome: 0 for g in grupos}
    for k, faixa in enumerate(faixas, start=1):
        for g in grupos:
            if faixa.lista == g.nome:
                contagem[g.nome] += 1
            acumulados[g.nome].append(Fraction(contagem[g.nome], k))
    return acumulados


def _descricao(
    faixas: list[Faixa],
    grupos: list[RegraGrupo],
    acumulados: dict[str, list[Fraction]],
    vazias: str,
) -> str:
    """O que o gráfico mostra, em texto, para quem não o vê."""
    por_lista: dict[str, list[int]] = {}
    for faixa in faixas:
        por_lista.setdefault(faixa.lista or "", []).append(faixa.vaga)
    frases = []
    for lista, numeros in por_lista.items():
        rotulo = rotulo_lista(lista) if lista else "Sem ocupante"
        vagas_txt = ", ".join(map(str, numeros))
        vagas = "vaga" if len(numeros) == 1 else "vagas"
        frases.append(f"{rotulo}: {len(numeros)} ({vagas} {vagas_txt})")
    revertidas = [fx.vaga for fx in faixas if fx.revertida]
    providas = "1 vaga provida" if len(faixas) == 1 else f"{len(faixas)} vagas providas"
    descricao = f"{providas}. " + "; ".join(frases) + "."
    if vazias:
        descricao += f" Sem candidato: {vazias}."
    if revertidas:
        descricao += f" Revertidas à ampla concorrência: vagas {', '.join(map(str, revertidas))}."
    for g in grupos:
        if faixas:
            descricao += (
                f" Ao final, {rotulo_lista(g.nome).lower()} ocupam "
                f"{_pct(acumulados[g.nome][-1])} das vagas; percentual da lei ou do edital: "
                f"{_pct(_lei(g))}."
            )
    return descricao


@dataclass(frozen=True)
class _Geometria:
    """Onde cada parte do gráfico fica: a faixa das vagas, o gráfico do acumulado e a legenda."""

    n: int
    celula: float
    teto: Fraction
    linhas_legenda: int
    esquerda: int = 56
    direita: int = 16
    faixa_y: int = 40
    faixa_h: int = 30
    graf_y: int = 110
    graf_h: int = 150

    @property
    def largura(self) -> float:
        return max(self.esquerda + self.direita + self.celula * max(self.n, 1), 560)

    @property
    def legenda_y(self) -> int:
        return self.graf_y + self.graf_h + 56

    @property
    def altura(self) -> int:
        return self.legenda_y + 18 * self.linhas_legenda + 8

    def x_de(self, k: int) -> float:
        return self.esquerda + self.celula * (k - 1)

    def y_de(self, p: Fraction) -> float:
        return self.graf_y + self.graf_h - float(p / self.teto) * self.graf_h


def _geometria(n: int, acumulados: dict[str, list[Fraction]], linhas_legenda: int) -> _Geometria:
    maximo = max([Fraction(1, 2)] + [p for lst in acumulados.values() for p in lst])
    teto = Fraction(int(maximo * 10 + Fraction(9, 10)), 10) or Fraction(1, 2)
    celula = max(4.0, min(22.0, 760 / max(n, 1)))
    return _Geometria(n, celula, teto, linhas_legenda)


def grafico_ordem(f: FonteDocumentos, cargo: str) -> Figura:
    faixas = faixas_do_cargo(f, cargo)
    grupos = list(f.regras.grupos)
    ident = _ident(cargo)
    nome_cargo = f.nome_cargo(cargo)
    titulo = f"Ordem de nomeação — {cargo}" + (f" ({nome_cargo})" if nome_cargo else "")
    acumulados = _acumulados(faixas, grupos)
    vazias = sem_candidato(f, cargo)
    descricao = _descricao(faixas, grupos, acumulados, vazias)
    revertidas = any(fx.revertida for fx in faixas)
    linhas_legenda = 2 + len(grupos) + (1 if revertidas else 0) + (1 if vazias else 0)
    geo = _geometria(len(faixas), acumulados, linhas_legenda)

    # (Os grupos da lei na ordem dela: a mesma cor para o mesmo grupo em todo gráfico.)
    extras: dict[str, str] = {}
    for g in f.regras.grupos_da_lei:
        _cor(g.nome, extras)
    p: list[str] = [
        f'<svg xmlns="http://www.w3.org/2000/svg" class="grafico-ordem" id="{ident}" '
        f'role="img" aria-labelledby="{ident}-titulo {ident}-desc" '
        f'viewBox="0 0 {geo.largura:.0f} {geo.altura:.0f}" width="{geo.largura:.0f}" '
        f'height="{geo.altura:.0f}" font-family="DejaVu Sans, Arial, sans-serif" font-size="11">',
        f'<title id="{ident}-titulo">{escape(titulo)}</title>',
        f'<desc id="{ident}-desc">{escape(descricao)}</desc>',
        f'<text x="{geo.esquerda}" y="18" font-size="13" font-weight="bold">'
        f"{escape(titulo)}</text>",
        f'<text x="{geo.esquerda}" y="{geo.faixa_y - 6}">Vagas na ordem de nomeação (cor: lista '
        "de quem ocupa a vaga)</text>",
    ]
    p += _barras(faixas, geo, extras)
    p += _lotes(f, cargo, faixas, geo)
    p += _eixos(geo)
    p += _linhas_dos_grupos(grupos, acumulados, geo, extras)
    p += _legenda(grupos, acumulados, geo, extras, revertidas, vazias)
    p.append("</svg>")
    return Figura(ident, "\n".join(p), f"{titulo}. {descricao}")


def _barras(faixas: list[Faixa], geo: _Geometria, extras: dict[str, str]) -> list[str]:
    """Uma barra por vaga, na cor da lista de quem a ocupa; a revertida com um traço."""
    p = []
    celula, faixa_y, faixa_h = geo.celula, geo.faixa_y, geo.faixa_h
    for k, faixa in enumerate(faixas, start=1):
        x = geo.x_de(k)
        cor = _cor(faixa.lista, extras)
        rotulo = rotulo_lista(faixa.lista) if faixa.lista else "sem ocupante"
        dica = f"Vaga {faixa.vaga}: {rotulo}"
        if faixa.reservada_para:
            dica += f" (reservada a {rotulo_lista(faixa.reservada_para).lower()})"
        p.append(
            f'<rect x="{x:.1f}" y="{faixa_y}" width="{celula - 1:.1f}" height="{faixa_h}" '
            f'fill="{cor}" stroke="#333" stroke-width="0.5"><title>{escape(dica)}</title></rect>'
        )
        if faixa.revertida:
            p.append(
                f'<line x1="{x:.1f}" y1="{faixa_y + faixa_h}" x2="{x + celula - 1:.1f}" '
                f'y2="{faixa_y}" stroke="#000" stroke-width="1.5"/>'
            )
        if geo.n <= 40 or k == 1 or k % 10 == 0:
            p.append(
                f'<text x="{x + (celula - 1) / 2:.1f}" y="{faixa_y + faixa_h + 12}" '
                f'text-anchor="middle" font-size="9">{faixa.vaga}</text>'
            )
    return p


def _lotes(f: FonteDocumentos, cargo: str, faixas: list[Faixa], geo: _Geometria) -> list[str]:
    """Uma linha tracejada onde começa cada novo lote de vagas, com a data da oferta."""
    datas = {
        lt.numero: f" ({data_br(lt.data)})" for lt in f.certame.lotes(cargo) if lt.data is not None
    }
    p = []
    for k in range(2, len(faixas) + 1):
        if faixas[k - 1].lote != faixas[k - 2].lote:
            x = geo.x_de(k) - 0.5
            p.append(
                f'<line x1="{x:.1f}" y1="{geo.faixa_y - 4}" x2="{x:.1f}" '
                f'y2="{geo.graf_y + geo.graf_h}" stroke="#333" stroke-dasharray="2 2"/>'
                f'<text x="{x + 2:.1f}" y="{geo.graf_y - 4}" font-size="9">lote '
                f"{faixas[k - 1].lote}{datas.get(faixas[k - 1].lote, '')}</text>"
            )
    return p


def _eixos(geo: _Geometria) -> list[str]:
    """Os eixos do percentual acumulado, com uma marca a cada 10%."""
    esquerda, base = geo.esquerda, geo.graf_y + geo.graf_h
    p = [
        f'<line x1="{esquerda}" y1="{base}" x2="{geo.largura - geo.direita}" '
        f'y2="{base}" stroke="#333"/>'
        f'<line x1="{esquerda}" y1="{geo.graf_y}" x2="{esquerda}" y2="{base}" '
        'stroke="#333"/>'
    ]
    marca = Fraction(0)
    while marca <= geo.teto:
        y = geo.y_de(marca)
        p.append(
            f'<line x1="{esquerda - 3}" y1="{y:.1f}" x2="{esquerda}" y2="{y:.1f}" stroke="#333"/>'
            f'<text x="{esquerda - 6}" y="{y + 3:.1f}" text-anchor="end" font-size="9">'
            f"{_pct(marca)}</text>"
        )
        marca += Fraction(1, 10)
    p.append(
        f'<text x="{esquerda}" y="{base + 20}">Percentual acumulado das vagas de cada '
        "lista reservada (linha cheia)</text>"
        f'<text x="{esquerda}" y="{base + 34}">e percentual da lei ou do edital '
        "(linha tracejada)</text>"
    )
    return p


def _linhas_dos_grupos(
    grupos: list[RegraGrupo],
    acumulados: dict[str, list[Fraction]],
    geo: _Geometria,
    extras: dict[str, str],
) -> list[str]:
    """De cada lista reservada, o percentual da lei (tracejado) e o acumulado (linha cheia)."""
    p = []
    for g in grupos:
        cor = _cor(g.nome, extras)
        y = geo.y_de(min(_lei(g), geo.teto))
        p.append(
            f'<line x1="{geo.esquerda}" y1="{y:.1f}" x2="{geo.largura - geo.direita}" '
            f'y2="{y:.1f}" stroke="{cor}" stroke-dasharray="6 3" stroke-width="1.5"/>'
        )
        pontos = " ".join(
            f"{geo.x_de(k) + (geo.celula - 1) / 2:.1f},{geo.y_de(min(v, geo.teto)):.1f}"
            for k, v in enumerate(acumulados[g.nome], start=1)
        )
        if pontos:
            p.append(f'<polyline points="{pontos}" fill="none" stroke="{cor}" stroke-width="2"/>')
    return p


def _legenda(
    grupos: list[RegraGrupo],
    acumulados: dict[str, list[Fraction]],
    geo: _Geometria,
    extras: dict[str, str],
    revertidas: bool,
    vazias: str,
) -> list[str]:
    """A legenda em texto: a cor de cada lista, o percentual final de cada grupo e os sinais."""
    esquerda, y = geo.esquerda, geo.legenda_y
    p = []
    itens: list[tuple[str, str]] = [(AMPLA, rotulo_lista(AMPLA))]
    itens += [(g.nome, rotulo_lista(g.nome)) for g in grupos]
    for lista, rotulo in itens:
        p.append(
            f'<rect x="{esquerda}" y="{y - 9}" width="12" height="10" '
            f'fill="{_cor(lista, extras)}" stroke="#333" stroke-width="0.5"/>'
            f'<text x="{esquerda + 18}" y="{y}">{escape(rotulo)}</text>'
        )
        y += 18
    for g in grupos:
        final = acumulados[g.nome][-1] if geo.n else Fraction(0)
        p.append(
            f'<text x="{esquerda}" y="{y}">{escape(rotulo_lista(g.nome))}: '
            f"{_pct(final)} das vagas providas; lei ou edital: {_pct(_lei(g))}</text>"
        )
        y += 18
    if revertidas:
        p.append(
            f'<text x="{esquerda}" y="{y}">Traço diagonal: vaga reservada revertida '
            "(sem candidatos da lista)</text>"
        )
        y += 18
    if vazias:
        p.append(f'<text x="{esquerda}" y="{y}">Sem candidato: {escape(vazias)}</text>')
    return p
