"""Cada cenário legal em `cenarios/` roda e confere o que a lei manda esperar."""

from __future__ import annotations

import pytest

from cotas.motor import erros
from tests.motor.cenarios_legais import CenarioLegal, descrever, eventos, montar_certame, todos

CENARIOS = todos()


@pytest.mark.parametrize("cenario", CENARIOS, ids=[c.nome for c in CENARIOS])
def test_cenario_legal(cenario: CenarioLegal) -> None:
    esperado = cenario.esperado
    if "erro" in esperado:
        tipo = getattr(erros, esperado["erro"]["tipo"])
        with pytest.raises(tipo) as info:
            certame = montar_certame(cenario)
            certame.apurar(eventos(cenario))
        for trecho in esperado["erro"].get("contem", []):
            assert trecho in str(info.value), str(info.value)
        for trecho in esperado["erro"].get("nao_contem", []):
            assert trecho not in str(info.value), str(info.value)
        return

    certame = montar_certame(cenario)
    if "lei" in esperado:
        assert certame.regras.lei.id == esperado["lei"]
    certame.apurar(eventos(cenario))
    for cargo, quer in esperado.get("cargos", {}).items():
        if "reservadas" in quer:
            assert certame.reserva(cargo).reservadas == quer["reservadas"]
        if "vagas_reservadas" in quer:
            obtido: dict[str, list[int]] = {}
            for vaga in certame.vagas(cargo):
                if vaga.reservada_para:
                    obtido.setdefault(vaga.reservada_para, []).append(vaga.numero)
            assert obtido == quer["vagas_reservadas"]
        if "lista_geral" in quer:
            assert [c.inscricao for c in certame.listas(cargo).geral] == quer["lista_geral"]
        for grupo, lista in quer.get("listas_reservadas", {}).items():
            assert [c.inscricao for c in certame.listas(cargo).reservadas[grupo]] == lista
        if "nomeacoes" in quer:
            assert [descrever(n) for n in certame.nomeacoes(cargo)] == quer["nomeacoes"]
        textos = " ".join(n.razao.texto for n in certame.nomeacoes(cargo))
        textos += " ".join(o.razao.texto for o in certame.ocorrencias(cargo))
        for trecho in quer.get("razoes_contem", []):
            assert trecho in textos
        for trecho in quer.get("razoes_nao_contem", []):
            assert trecho not in textos, trecho
        razoes = [n.razao for n in certame.nomeacoes(cargo)]
        razoes += [o.razao for o in certame.ocorrencias(cargo)]
        citacoes = " | ".join(r.fundamento_curto() for r in razoes)
        for trecho in quer.get("fundamentos_contem", []):
            assert trecho in citacoes, citacoes
        for trecho in quer.get("fundamentos_nao_contem", []):
            assert trecho not in citacoes, citacoes
        for linha in quer.get("memoria_contem", []):
            assert any(linha in m for m in certame.reserva(cargo).memoria), certame.reserva(
                cargo
            ).memoria


def test_ha_cenarios() -> None:
    assert len(CENARIOS) >= 15
