"""A ordem que o edital publica (`cotas.motor.regras_do_edital.OrdemDoEdital`): a tabela de
posições seguida exatamente, uma a cada N vagas, e a recusa, com as duas citações, do que dá a
um grupo menos do que a conta da lei no total oferecido."""

from __future__ import annotations

from datetime import date

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cotas.motor.erros import ReservaAbaixoDaLei
from cotas.motor.legislacao import catalogo_padrao
from cotas.motor.ordem import PlanoDeVagas, ordem_de_nomeacao
from cotas.motor.razoes import Referencia
from cotas.motor.regras import Regras, regras_aplicaveis
from cotas.motor.regras_do_edital import A_CADA, TABELA, OrdemDoEdital, RegrasDoEdital, aplicar
from cotas.motor.reserva import calcular_reserva
from tests.hipoteses import exemplos

ITEM = Referencia("Edital nº 20/2026", "item 5.2", "As nomeações observarão a tabela.")


def _mostardas() -> Regras:
    """Lei 3.920/2019 de Mostardas/RS: 20%, a partir de 3 vagas, fração de 0,5 para cima."""
    return regras_aplicaveis(
        catalogo_padrao(), lei_id="mostardas-rs/lei-3920-2019", data_edital=date(2026, 3, 2)
    )


LEI = _mostardas()


def _com(ordem: OrdemDoEdital) -> Regras:
    return aplicar(LEI, RegrasDoEdital("Edital nº 20/2026", ordem=ordem))


def _conta_da_lei(vagas: int) -> int:
    """A reserva de negros pela lei sozinha (a alternância pelo total corrido)."""
    return calcular_reserva(LEI, vagas).reservadas["negros"]


def test_a_tabela_e_seguida_como_publicada_e_cita_o_item_e_a_lei() -> None:
    regras = _com(OrdemDoEdital(TABELA, ITEM, {2: "negros", 7: "negros"}, ate=10))
    vagas = ordem_de_nomeacao(regras, [10])
    assert [v.numero for v in vagas if v.reservada_para] == [2, 7]
    # a alternância da lei daria a 3ª e a 8ª
    assert [v.numero for v in ordem_de_nomeacao(LEI, [10]) if v.reservada_para] == [3, 8]
    citacoes = vagas[6].razao.fundamento_curto()
    assert citacoes.startswith("Edital nº 20/2026, item 5.2; Lei Municipal 3.920/2019")
    assert "art. 1º" in citacoes and "art. 4º" in citacoes and "art. 5º, § 2º" in citacoes
    assert "pela tabela de posições do edital (2ª, 7ª)" in vagas[6].razao.texto


def test_a_tabela_que_da_menos_que_a_lei_e_recusada_com_as_duas_citacoes() -> None:
    regras = _com(OrdemDoEdital(TABELA, ITEM, {7: "negros"}, ate=10))
    with pytest.raises(ReservaAbaixoDaLei) as erro:
        ordem_de_nomeacao(regras, [10])
    mensagem = str(erro.value)
    assert mensagem.startswith("Edital nº 20/2026, item 5.2 (tabela de posições do edital (7ª))")
    assert "1 vaga das 10 oferecidas; a lei manda reservar 2 vagas (20% × 10 = 2" in mensagem
    assert "Lei Municipal 3.920/2019 de Mostardas/RS, art. 1º" in mensagem


def test_vaga_alem_do_fim_da_tabela_e_recusada() -> None:
    plano = PlanoDeVagas(_com(OrdemDoEdital(TABELA, ITEM, {2: "negros", 7: "negros"}, ate=10)))
    plano.acrescentar_lote(10)
    with pytest.raises(ReservaAbaixoDaLei, match="vai até a 10ª nomeação; a 11ª vaga"):
        plano.acrescentar_lote(1)


def test_novas_vagas_conferidas_no_novo_total() -> None:
    # 2ª e 7ª até a 15ª: com 10 vagas, 2 (a lei: 2); com mais 3, 13 vagas: 2 (a lei: 2,6 → 3)
    plano = PlanoDeVagas(_com(OrdemDoEdital(TABELA, ITEM, {2: "negros", 7: "negros"}, ate=15)))
    plano.acrescentar_lote(10)
    with pytest.raises(ReservaAbaixoDaLei, match="2 vagas das 13 oferecidas"):
        plano.acrescentar_lote(3)


def test_uma_a_cada_cinco() -> None:
    regras = _com(OrdemDoEdital(A_CADA, ITEM, a_cada=5, lista="negros"))
    vagas = ordem_de_nomeacao(regras, [20])
    assert [v.numero for v in vagas if v.reservada_para] == [5, 10, 15, 20]
    assert calcular_reserva(regras, 20).reservadas == {"negros": 4}
    with pytest.raises(ReservaAbaixoDaLei, match="0 vagas das 3 oferecidas"):
        ordem_de_nomeacao(regras, [3])


@settings(max_examples=exemplos(150), deadline=None)
@given(
    posicoes=st.sets(st.integers(1, 30), max_size=12),
    vagas=st.integers(1, 30),
)
def test_propriedade_a_tabela_e_seguida_exatamente_ou_recusada(
    posicoes: set[int], vagas: int
) -> None:
    """Para qualquer tabela: ou o motor recusa (e só quando ela dá menos do que a lei no total
    oferecido), ou cada vaga é exatamente a da tabela."""
    tabela = dict.fromkeys(sorted(posicoes), "negros")
    regras = _com(OrdemDoEdital(TABELA, ITEM, tabela, ate=30))
    da_tabela = sum(1 for p in posicoes if p <= vagas)
    if da_tabela < _conta_da_lei(vagas):
        with pytest.raises(ReservaAbaixoDaLei):
            ordem_de_nomeacao(regras, [vagas])
        return
    obtidas = ordem_de_nomeacao(regras, [vagas])
    assert [v.reservada_para for v in obtidas] == [tabela.get(k) for k in range(1, vagas + 1)]
    assert calcular_reserva(regras, vagas).reservadas == {"negros": da_tabela}


@settings(max_examples=exemplos(150), deadline=None)
@given(n=st.integers(1, 12), lotes=st.lists(st.integers(1, 25), min_size=1, max_size=3))
def test_propriedade_uma_a_cada_n_nunca_da_menos_que_a_lei(n: int, lotes: list[int]) -> None:
    """Uma a cada N vagas, em qualquer sequência de lotes: depois de cada lote aceito, o grupo
    tem ao menos a conta da lei naquele total; o lote que daria menos é recusado."""
    plano = PlanoDeVagas(_com(OrdemDoEdital(A_CADA, ITEM, a_cada=n, lista="negros")))
    total = 0
    for i, quantidade in enumerate(lotes):
        total += quantidade
        lei = calcular_reserva(LEI, lotes[: i + 1]).reservadas["negros"]
        if total // n < lei:
            with pytest.raises(ReservaAbaixoDaLei):
                plano.acrescentar_lote(quantidade)
            return
        plano.acrescentar_lote(quantidade)
        assert plano.atribuidas["negros"] == total // n >= lei
