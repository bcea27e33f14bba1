"""A memória partilhada dos planos (`MemoriaDosPlanos`) não muda nenhuma vaga nem razão.

Os cargos de um certame partilham contas e decisões já feitas por outros cargos; aqui, cada
cargo de um certame aleatório é planejado de novo sozinho, sem memória, e tem de dar as mesmas
vagas, com as mesmas razões, palavra por palavra.
"""

from __future__ import annotations

from dataclasses import replace
from datetime import date
from fractions import Fraction

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cotas.motor.aritmetica import Arredondamento
from cotas.motor.legislacao import catalogo_padrao
from cotas.motor.ordem import MemoriaDosPlanos, PlanoDeVagas
from cotas.motor.regras import (
    BaseDoLimiar,
    FracaoEntreLotes,
    ParametrosPcd,
    Regras,
    regras_aplicaveis,
)
from tests.hipoteses import exemplos


def _regras(
    municipio: str,
    pcd: bool,
    por_lote: bool,
    so_edital: bool,
    percentuais: tuple[Fraction, Fraction] | None = None,
    arredondamento: Arredondamento | None = None,
) -> Regras:
    r = regras_aplicaveis(
        catalogo_padrao(),
        municipio=municipio,
        data_edital=date(2025, 6, 10),
        pcd=ParametrosPcd() if pcd else None,
    )
    grupos = tuple(
        replace(
            g,
            fracao_entre_lotes=FracaoEntreLotes.POR_LOTE if por_lote else g.fracao_entre_lotes,
            base_do_limiar=BaseDoLimiar.EDITAL if so_edital else g.base_do_limiar,
            percentual=percentuais[i] if percentuais else g.percentual,
            arredondamento=arredondamento or g.arredondamento,
        )
        for i, g in enumerate(r.grupos)
    )
    return replace(r, grupos=grupos)


@settings(max_examples=exemplos(300), suppress_health_check=[HealthCheck.too_slow])
@given(
    municipio=st.sampled_from(["Montenegro/RS", "Mostardas/RS"]),
    pcd=st.booleans(),
    por_lote=st.booleans(),
    so_edital=st.booleans(),
    prioridade=st.sampled_from([None, ("pcd", "negros")]),
    # Percentuais e arredondamentos fora das leis: grupos que colidem no fim de um lote, onde a
    # reserva é forçada (com as leis reais, isso não acontece no primeiro lote).
    percentuais=st.none()
    | st.tuples(
        st.fractions(Fraction(1, 10), Fraction(1, 2), max_denominator=20),
        st.fractions(Fraction(1, 10), Fraction(1, 2), max_denominator=20),
    ),
    arredondamento=st.none() | st.sampled_from(list(Arredondamento)),
    # (lotes pequenos com frequência: abaixo do limiar e no fim do lote as contas mudam)
    cargos=st.lists(
        st.lists(st.one_of(st.integers(1, 6), st.integers(1, 60)), min_size=1, max_size=3),
        min_size=1,
        max_size=12,
    ),
)
def test_memoria_partilhada_da_o_mesmo_plano(
    municipio: str,
    pcd: bool,
    por_lote: bool,
    so_edital: bool,
    prioridade: tuple[str, ...] | None,
    percentuais: tuple[Fraction, Fraction] | None,
    arredondamento: Arredondamento | None,
    cargos: list[list[int]],
) -> None:
    regras = _regras(municipio, pcd, por_lote, so_edital, percentuais, arredondamento)
    memoria = MemoriaDosPlanos()
    for lotes in cargos:
        partilhado = PlanoDeVagas(regras, prioridade, memoria)
        sozinho = PlanoDeVagas(regras, prioridade)
        for quantidade in lotes:
            assert partilhado.acrescentar_lote(quantidade) == sozinho.acrescentar_lote(quantidade)
        assert partilhado.vagas == sozinho.vagas
        assert partilhado.atribuidas == sozinho.atribuidas
