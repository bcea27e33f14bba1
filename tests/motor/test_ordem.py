"""Ordem de nomeação: colisões entre grupos, teto PcD e razões."""

from __future__ import annotations

from dataclasses import replace
from datetime import date
from decimal import Decimal
from fractions import Fraction

from cotas.motor.aritmetica import Arredondamento, arredondar, formatar
from cotas.motor.legislacao import catalogo_padrao
from cotas.motor.ordem import ordem_de_nomeacao
from cotas.motor.regras import (
    BaseDoLimiar,
    FracaoEntreLotes,
    ParametrosPcd,
    Regras,
    regras_aplicaveis,
)


def montenegro(pcd: ParametrosPcd | None = None) -> Regras:
    return regras_aplicaveis(
        catalogo_padrao(), municipio="Montenegro/RS", data_edital=date(2025, 6, 10), pcd=pcd
    )


def reservadas(vagas: list, grupo: str) -> list[int]:  # type: ignore[type-arg]
    return [v.numero for v in vagas if v.reservada_para == grupo]


def test_sequencia_3_8_13_18_e_pcd_5_21_41() -> None:
    vagas = ordem_de_nomeacao(montenegro(ParametrosPcd()), [45])
    assert reservadas(vagas, "negros") == [3, 8, 13, 18, 23, 28, 33, 38, 43]
    assert reservadas(vagas, "pcd") == [5, 21, 41]


def test_colisao_decidida_pelo_parametro_de_prioridade() -> None:
    r = montenegro(ParametrosPcd(percentual=Decimal(20), arredondamento="meio", teto=Decimal(100)))
    padrao = ordem_de_nomeacao(r, [10])
    assert reservadas(padrao, "negros") == [3, 8]
    assert reservadas(padrao, "pcd") == [4, 9]
    assert "prioridade_colisao" in padrao[2].razao.texto
    invertida = ordem_de_nomeacao(r, [10], prioridade=("pcd", "negros"))
    assert reservadas(invertida, "pcd") == [3, 8]
    assert reservadas(invertida, "negros") == [4, 9]


def test_lote_termina_quite_mesmo_com_colisao_na_ultima_vaga() -> None:
    r = montenegro(ParametrosPcd(percentual=Decimal(20), arredondamento="meio", teto=Decimal(40)))
    vagas = ordem_de_nomeacao(r, [3])
    assert reservadas(vagas, "negros") == [2]
    assert reservadas(vagas, "pcd") == [3]
    assert "termina" in vagas[1].razao.texto


def test_fracao_por_lote_perde_a_fracao() -> None:
    r = montenegro()
    negros = replace(r.grupos[0], fracao_entre_lotes=FracaoEntreLotes.POR_LOTE)
    por_lote = replace(r, grupos=(negros,))
    assert reservadas(ordem_de_nomeacao(por_lote, [2, 2, 2, 2, 2]), "negros") == []
    assert reservadas(ordem_de_nomeacao(r, [2, 2, 2, 2, 2]), "negros") == [3, 8]


def test_limiar_sobre_o_edital_quando_assim_parametrizado() -> None:
    r = montenegro()
    so_edital = replace(r, grupos=(replace(r.grupos[0], base_do_limiar=BaseDoLimiar.EDITAL),))
    assert reservadas(ordem_de_nomeacao(so_edital, [2, 5]), "negros") == []
    assert reservadas(ordem_de_nomeacao(r, [2, 5]), "negros") == [3]


def test_toda_vaga_tem_razao_com_fundamento() -> None:
    for vaga in ordem_de_nomeacao(montenegro(ParametrosPcd()), [30]):
        assert vaga.razao.texto.startswith(f"A {vaga.numero}ª nomeação")
        assert vaga.razao.fundamentos


def test_oitava_nomeacao_explica_a_conta() -> None:
    oitava = ordem_de_nomeacao(montenegro(), [10])[7]
    assert oitava.reservada_para == "negros"
    assert "20% × 8 = 1,6 → 2" in oitava.razao.texto
    citacoes = oitava.razao.fundamento_curto()
    assert "art. 1º, § 2º" in citacoes and "art. 15" in citacoes


def test_arredondamentos_nomeados() -> None:
    assert arredondar(Fraction(5, 2), Arredondamento.MEIO_PARA_CIMA) == 3
    assert arredondar(Fraction(12, 5), Arredondamento.MEIO_PARA_CIMA) == 2
    assert arredondar(Fraction(1, 20), Arredondamento.CIMA) == 1
    assert arredondar(Fraction(19, 20), Arredondamento.BAIXO) == 0
    assert formatar(Fraction(1, 3)) == "0,3333…"
    assert formatar(Fraction(13, 5)) == "2,6"


def test_migracao_entre_grupos_antes_de_reverter_a_ampla() -> None:
    """Desenho para mais grupos (ex.: Decreto 12.536/2025): vaga reservada sem candidato migra
    pela ordem do grupo antes de reverter à ampla."""
    from cotas.motor.candidatos import Candidato, CorRaca
    from cotas.motor.certame import Certame

    r = montenegro(ParametrosPcd())
    negros, pcd = r.grupos
    com_migracao = replace(r, grupos=(replace(negros, migracao=("pcd",)), pcd))
    candidatos = [
        Candidato(f"B{i}", f"B{i}", "C", Decimal(100 - i), cor_raca=CorRaca.BRANCA)
        for i in range(1, 6)
    ] + [
        Candidato("P1", "P1", "C", Decimal(50), cor_raca=CorRaca.BRANCA, pcd=True),
        Candidato("P2", "P2", "C", Decimal(40), cor_raca=CorRaca.AMARELA, pcd=True),
    ]
    certame = Certame(com_migracao, {"C": 5}, candidatos)
    certame.abrir()
    por_vaga = {n.vaga: n for n in certame.nomeacoes("C")}
    assert (por_vaga[3].modalidade, por_vaga[3].reservada_para) == ("pcd", "negros")
    assert por_vaga[3].inscricao == "P1"
    assert "revertida para a lista de pessoas com deficiência" in por_vaga[3].razao.texto
    assert por_vaga[5].inscricao == "P2" and por_vaga[5].modalidade == "pcd"
    sem = Certame(r, {"C": 5}, candidatos)
    sem.abrir()
    assert {n.vaga: n.modalidade for n in sem.nomeacoes("C")}[3] == "ampla"


def test_pcd_cita_o_decreto_e_a_lei_federal_so_quando_o_edital_os_segue() -> None:
    padrao = montenegro(ParametrosPcd()).grupo("pcd")
    assert padrao is not None
    assert padrao.referencias["arredondamento"].norma == "Decreto federal 9.508/2018"
    assert padrao.referencias["teto"].norma == "Lei federal 8.112/1990"
    assert padrao.referencias["reversao"].norma == "Edital"  # não o art. 14 (negros)
    proprio = montenegro(
        ParametrosPcd(percentual=Decimal(10), arredondamento="meio", teto=Decimal(30))
    ).grupo("pcd")
    assert proprio is not None
    assert proprio.referencias["arredondamento"].norma == "Edital"
    assert proprio.referencias["teto"].norma == "Edital"
