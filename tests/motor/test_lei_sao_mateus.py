"""Lei 239/2003 de São Mateus/ES: o que o arquivo da lei cita foi lido no texto guardado, e o que
a lei não diz é desconhecido, não um valor escolhido em silêncio."""

from __future__ import annotations

from pathlib import Path

from cotas.motor.legislacao import catalogo_padrao

LEI = "sao-mateus-es/lei-239-2003"
FONTE = (
    Path(__file__).resolve().parents[2] / "docs" / "fontes" / "sao-mateus-es" / "lei-239-2003.txt"
)


def test_todo_texto_da_lei_de_sao_mateus_foi_lido_na_fonte() -> None:
    """Cada dispositivo citado está, palavra por palavra, no texto guardado (os trechos entre
    "[...]" um a um): nada reconstruído de memória."""
    fonte = " ".join(FONTE.read_text(encoding="utf-8").split())
    lei = catalogo_padrao().lei(LEI)
    refs = [lei.referencia_vigencia]
    refs += [v.referencia for p in lei.parametros.values() for v in p.valores]
    for ref in refs:
        for trecho in ref.texto.split("[...]"):
            assert trecho.strip() in fonte, (ref.artigo, trecho)


def test_o_que_a_lei_de_sao_mateus_nao_diz_fica_desconhecido() -> None:
    lei = catalogo_padrao().lei(LEI)
    assert set(lei.desconhecidos()) == {
        "afrodescendentes.limiar_vagas",
        "afrodescendentes.arredondamento",
        "afrodescendentes.fracao_entre_lotes",
        "afrodescendentes.concorrencia_concomitante",
        "afrodescendentes.desistencia",
        "ordem.alternancia_proporcionalidade",
        "falsidade.anulacao",
    }
