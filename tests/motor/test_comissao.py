"""A decisão da comissão sobre um candidato: regra e artigo vêm da lei do certame."""

from __future__ import annotations

from datetime import date

import pytest

from cotas.motor.comissao import decidir_verificacao
from cotas.motor.erros import LeiInvalida
from cotas.motor.legislacao import carregar_lei, catalogo_padrao
from cotas.motor.regras import RegraComissao, regras_aplicaveis

LEI = "montenegro-rs/lei-7344-2025"


def _regra() -> RegraComissao:
    regras = regras_aplicaveis(
        catalogo_padrao(), lei_id=LEI, data_edital=date(2025, 6, 10), tipo="concurso_publico"
    )
    assert regras.comissao is not None
    return regras.comissao


def _decidir(votos: list[bool], **fatos: bool) -> tuple[str, str, tuple[str, ...]]:
    fatos = {"compareceu": True, "recusou_filmagem": False, "recusou_perguntas": False, **fatos}
    d = decidir_verificacao(_regra(), votos=votos, **fatos)
    return d.resultado, d.razao, tuple(r.artigo for r in d.fundamentos)


def _artigo(nome: str) -> str:
    return catalogo_padrao().lei(LEI).parametros[nome].valores[0].referencia.artigo


def test_maioria_dos_votos_reconhece_com_o_artigo_da_lei() -> None:
    resultado, razao, artigos = _decidir([True, True, False])
    assert resultado == "confirmado" and "2 de 3" in razao
    assert artigos == (_artigo("heteroidentificacao.decisao"),)


def test_sem_maioria_nao_reconhece_e_segue_o_destino_da_lei() -> None:
    resultado, razao, artigos = _decidir([True, False, False])
    assert resultado == "nao_confirmado" and "ampla concorrência" in razao
    assert artigos == (
        _artigo("heteroidentificacao.decisao"),
        _artigo("heteroidentificacao.nao_reconhecido"),
    )
    # empate não é maioria
    assert _decidir([True, False])[0] == "nao_confirmado"


@pytest.mark.parametrize(
    ("fatos", "esperado"),
    [
        ({"compareceu": False}, "ausente"),
        ({"recusou_filmagem": True}, "recusou_filmagem"),
        ({"recusou_perguntas": True}, "recusou_perguntas"),
    ],
)
def test_quem_falta_ou_recusa_nao_e_analisado(fatos: dict[str, bool], esperado: str) -> None:
    resultado, _, artigos = _decidir([True, True, True], **fatos)
    assert resultado == esperado
    assert artigos == (_artigo("heteroidentificacao.nao_reconhecido"),)


def test_lei_com_regra_de_decisao_que_o_motor_nao_conhece_e_recusada() -> None:
    from tests.motor.test_legislacao import lei

    comissao = {
        "heteroidentificacao.exigida": "true",
        "heteroidentificacao.membros": "3",
        "heteroidentificacao.momento": '"aprovados_antes_da_homologacao"',
        "heteroidentificacao.posse_apos_parecer": "true",
        "heteroidentificacao.recursos": "true",
        "heteroidentificacao.recorrentes": '["candidato"]',
        "heteroidentificacao.registro_audiovisual": "false",
        "heteroidentificacao.nao_reconhecido": '"ampla"',
        "heteroidentificacao.decisao_base": '"membros"',
    }
    with pytest.raises(
        LeiInvalida, match=r"heteroidentificacao\.decisao.*maioria, fracao, unanimidade"
    ):
        carregar_lei(lei(**comissao, **{"heteroidentificacao.decisao": '"sorteio"'}), "teste.toml")
    # uma fração sem o percentual não é regra: falta o parâmetro, com o nome
    with pytest.raises(LeiInvalida, match=r"faltam.*heteroidentificacao\.decisao_percentual"):
        carregar_lei(lei(**comissao, **{"heteroidentificacao.decisao": '"fracao"'}), "teste.toml")
    # filmagem sem o destino de quem a recusa também não
    comissao["heteroidentificacao.registro_audiovisual"] = "true"
    with pytest.raises(LeiInvalida, match=r"faltam.*heteroidentificacao\.recusa_filmagem"):
        carregar_lei(lei(**comissao, **{"heteroidentificacao.decisao": '"maioria"'}), "t.toml")


def test_quem_recusa_a_filmagem_tem_a_razao_do_destino_proprio() -> None:
    """A lei que elimina quem recusa a filmagem, mas põe na ampla quem não é reconhecido: a
    razão de quem recusou diz a eliminação e cita o dispositivo da recusa (não "segue
    concorrendo", o destino do não reconhecido)."""
    from dataclasses import replace
    from types import SimpleNamespace
    from typing import Any

    from cotas.motor.classificacao import razao_nao_reconhecido
    from cotas.motor.glossario import Heteroidentificacao
    from cotas.motor.razoes import Referencia

    regras = regras_aplicaveis(
        catalogo_padrao(), lei_id=LEI, data_edital=date(2025, 6, 10), tipo="concurso_publico"
    )
    assert regras.comissao is not None
    recusa = Referencia("Lei de teste", "art. 10", "Quem recusa a filmagem é eliminado.")
    comissao = replace(
        regras.comissao,
        nao_reconhecido="ampla",
        recusa_filmagem="eliminado",
        referencias={**regras.comissao.referencias, "recusa_filmagem": recusa},
    )
    regras = replace(regras, comissao=comissao)
    grupo = next(g for g in regras.grupos_da_lei if g.verificacao == "heteroidentificacao")
    candidato: Any = SimpleNamespace(inscricao="0007")
    razao = razao_nao_reconhecido(grupo, regras, candidato, Heteroidentificacao.RECUSOU_FILMAGEM)
    assert "é eliminado do concurso" in razao.texto and "segue concorrendo" not in razao.texto
    assert recusa in razao.fundamentos
    nao = razao_nao_reconhecido(grupo, regras, candidato, Heteroidentificacao.NAO_CONFIRMADO)
    assert "segue concorrendo às vagas de ampla concorrência" in nao.texto
    assert recusa not in nao.fundamentos
