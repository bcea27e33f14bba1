"""Só os parâmetros que a conta usa precisam ser conhecidos (`regras_aplicaveis(usados=...)`):
a reserva e a ordem de um cargo sob uma lei de que se conhece só o percentual (issue 13, item 7)."""

from __future__ import annotations

from datetime import date

import pytest

from cotas.motor.erros import ParametrosDesconhecidos
from cotas.motor.legislacao import Lei, catalogo_padrao
from cotas.motor.regras import parametros_da_contagem, regras_aplicaveis
from cotas.motor.reserva import calcular_reserva

LEI = "montenegro-rs/lei-4016-2004"
DIA = date(2020, 5, 1)
CONTA = {
    "negros.limiar_vagas": {"valor": 3, "justificativa": "Edital, item 4.1"},
    "negros.arredondamento": {"valor": "meio_para_cima", "justificativa": "Edital, item 4.2"},
}


def _lei() -> Lei:
    return catalogo_padrao().lei(LEI)


def test_a_reserva_usa_percentual_limiar_e_arredondamento_de_cada_grupo() -> None:
    reserva = {"negros.percentual", "negros.limiar_vagas", "negros.arredondamento"}
    assert parametros_da_contagem(_lei(), ordem=False) == reserva
    assert parametros_da_contagem(_lei(), ordem=True) == reserva | {
        "ordem.alternancia_proporcionalidade"
    }


def test_com_os_usados_a_conta_sai_sem_os_demais_parametros() -> None:
    regras = regras_aplicaveis(
        catalogo_padrao(),
        lei_id=LEI,
        data_edital=DIA,
        informados=CONTA,
        usados=parametros_da_contagem(_lei(), ordem=False),
    )
    assert calcular_reserva(regras, 13).reservadas == {"negros": 2}  # 12% × 13 = 1,56 → 2
    (negros,) = regras.grupos
    assert set(negros.referencias) == {"percentual", "limiar", "arredondamento"}
    assert regras.comissao is None and regras.falsidade is None
    assert "alternancia" not in regras.referencias


def test_falta_so_o_que_a_conta_usa() -> None:
    with pytest.raises(ParametrosDesconhecidos) as erro:
        regras_aplicaveis(
            catalogo_padrao(),
            lei_id=LEI,
            data_edital=DIA,
            informados={"negros.limiar_vagas": CONTA["negros.limiar_vagas"]},
            usados=parametros_da_contagem(_lei(), ordem=True),
        )
    assert erro.value.nomes == ["negros.arredondamento", "ordem.alternancia_proporcionalidade"]


def test_sem_usados_continua_pedindo_todos() -> None:
    with pytest.raises(ParametrosDesconhecidos) as erro:
        regras_aplicaveis(catalogo_padrao(), lei_id=LEI, data_edital=DIA, informados=CONTA)
    assert "abrangencia" in erro.value.nomes and "negros.desistencia" in erro.value.nomes


def test_quem_informa_que_ha_comissao_informa_como_ela_funciona() -> None:
    informados = {
        **CONTA,
        "heteroidentificacao.exigida": {"valor": True, "justificativa": "Edital, item 5"},
    }
    with pytest.raises(ParametrosDesconhecidos) as erro:
        regras_aplicaveis(
            catalogo_padrao(),
            lei_id=LEI,
            data_edital=DIA,
            informados=informados,
            usados=parametros_da_contagem(_lei(), ordem=False),
        )
    assert "heteroidentificacao.membros" in erro.value.nomes
