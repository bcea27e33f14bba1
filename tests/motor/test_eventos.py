"""Uma reencenação só (`Certame.apurar`): o livro decide a ordem dos eventos do mesmo dia e diz
qual evento a lei recusou."""

from __future__ import annotations

from datetime import date
from decimal import Decimal

import pytest

from cotas.motor.candidatos import Candidato, CorRaca, Heteroidentificacao
from cotas.motor.certame import Certame
from cotas.motor.erros import ErroCotas, EventoInvalido
from cotas.motor.eventos import Evento, TipoEvento, ordenar_no_dia
from cotas.motor.legislacao import catalogo_padrao
from cotas.motor.regras import regras_aplicaveis

EDITAL = date(2025, 6, 10)
DIA = date(2025, 8, 1)


def _certame() -> Certame:
    regras = regras_aplicaveis(catalogo_padrao(), municipio="Montenegro/RS", data_edital=EDITAL)
    negro = {
        "cor_raca": CorRaca.PARDA,
        "reservas": frozenset({"negros"}),
        "verificacoes": (("negros", Heteroidentificacao.CONFIRMADO),),
    }
    candidatos = [
        Candidato("A1", "A1", "C", Decimal(100)),
        Candidato("A2", "A2", "C", Decimal(99)),
        Candidato("A3", "A3", "C", Decimal(98)),
        Candidato("N1", "N1", "C", Decimal(90), **negro),  # type: ignore[arg-type]
        Candidato("N2", "N2", "C", Decimal(80), **negro),  # type: ignore[arg-type]
        Candidato("A4", "A4", "C", Decimal(70)),
    ]
    return Certame(regras, {"C": 3}, candidatos)


SAIDA = Evento(DIA, TipoEvento.DESISTENCIA, inscricao="N1")
NOVAS = Evento(DIA, TipoEvento.NOVAS_VAGAS, cargo="C", quantidade=1, justificativa="lei nova")


def _nomeacoes(eventos: list[Evento]) -> list[tuple[int, str, str]]:
    certame = _certame().apurar(eventos)
    return [(n.vaga, n.inscricao, n.modalidade) for n in certame.nomeacoes("C")]


def test_no_mesmo_dia_a_saida_vem_antes_das_novas_vagas_qualquer_que_seja_a_ordem_dada() -> None:
    """A vaga reservada que N1 deixa é de N2, o negro posteriormente classificado; a nova vaga
    (de ampla) vai ao próximo da lista geral. A ordem em que os fatos do dia foram listados
    não decide."""
    esperado = [(1, "A1", "ampla"), (2, "A2", "ampla"), (3, "N1", "negros")]
    esperado += [(3, "N2", "negros"), (4, "A3", "ampla")]
    assert _nomeacoes([SAIDA, NOVAS]) == esperado
    assert _nomeacoes([NOVAS, SAIDA]) == esperado


def test_ordenar_no_dia_nao_muda_a_ordem_entre_dias() -> None:
    depois = Evento(date(2025, 9, 1), TipoEvento.DESISTENCIA, inscricao="A1")
    assert ordenar_no_dia([depois, NOVAS, SAIDA]) == [depois, SAIDA, NOVAS]
    with pytest.raises(EventoInvalido, match="fora da ordem cronológica"):
        _certame().apurar([depois, NOVAS])


def test_o_erro_diz_qual_evento_a_lei_recusou() -> None:
    invalido = Evento(DIA, TipoEvento.DESISTENCIA, inscricao="ninguem")
    with pytest.raises(ErroCotas) as info:
        _certame().apurar([SAIDA, invalido])
    assert info.value.evento is invalido


def test_abertura_na_data_dada() -> None:
    certame = _certame().apurar([], abertura=date(2025, 7, 1))
    assert {n.data for n in certame.nomeacoes("C")} == {date(2025, 7, 1)}


def test_com_ao_recusar_os_eventos_seguintes_ainda_sao_aplicados() -> None:
    invalido = Evento(DIA, TipoEvento.DESISTENCIA, inscricao="ninguem")
    recusados: list[ErroCotas] = []
    certame = _certame().apurar([invalido, SAIDA, NOVAS], ao_recusar=recusados.append)
    assert [e.evento for e in recusados] == [invalido]
    assert [n.inscricao for n in certame.nomeacoes("C")][-2:] == ["N2", "A3"]
