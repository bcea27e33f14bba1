"""O livro do certame lê as listas só pelo protocolo: de uma lista de `Candidato` ou de uma
tabela, o mesmo código.

Aqui, a estrutura: o livro (`cotas.motor.certame`) nunca pergunta que forma tem nas mãos (a
tabela em colunas é a única que decide), e as listas cumprem os protocolos de
`cotas.motor.listas`.
"""

from __future__ import annotations

import ast
import inspect
from datetime import date
from decimal import Decimal

import cotas.motor.certame as modulo_certame
from cotas.motor.candidatos import Candidato, CorRaca, Heteroidentificacao
from cotas.motor.certame import Certame
from cotas.motor.classificacao import CriterioDesempate, Valor, chave_de_classificacao
from cotas.motor.colunar import InscritosColunares, TabelaCandidatos
from cotas.motor.legislacao import catalogo_padrao
from cotas.motor.listas import Inscritos, ListaDeClassificacao
from cotas.motor.regras import regras_aplicaveis

EDITAL = date(2025, 6, 10)


def _arvore_do_certame() -> ast.Module:
    return ast.parse(inspect.getsource(modulo_certame))


def test_certame_nao_pergunta_a_forma_das_listas() -> None:
    """Nenhum isinstance/getattr/hasattr/type() no livro: quem decide a forma são os protocolos."""
    chamadas = [
        (no.lineno, no.func.id)
        for no in ast.walk(_arvore_do_certame())
        if isinstance(no, ast.Call)
        and isinstance(no.func, ast.Name)
        and no.func.id in {"isinstance", "getattr", "hasattr", "type"}
    ]
    assert chamadas == []


def test_certame_nao_importa_a_forma_em_colunas() -> None:
    modulos = {
        no.module
        for no in ast.walk(_arvore_do_certame())
        if isinstance(no, ast.ImportFrom) and no.module is not None
    }
    assert "cotas.motor.colunar" not in modulos


def _certame(candidatos: object) -> Certame:
    regras = regras_aplicaveis(catalogo_padrao(), municipio="Montenegro/RS", data_edital=EDITAL)
    return Certame(regras, {"A": 3}, candidatos)  # type: ignore[arg-type]


def test_as_duas_formas_cumprem_os_protocolos() -> None:
    candidatos = [
        Candidato(
            f"I{i}",
            f"P{i}",
            "A",
            Decimal(10 - i),
            cor_raca=CorRaca.PARDA,
            reservas=frozenset({"negros"}),
            verificacoes=(("negros", Heteroidentificacao.CONFIRMADO),),
        )
        for i in range(1, 6)
    ]
    de_uma_lista = _certame(candidatos)
    de_uma_tabela = _certame(TabelaCandidatos.de_candidatos(candidatos))
    for certame in (de_uma_lista, de_uma_tabela):
        assert isinstance(certame._inscritos, InscritosColunares)
        assert isinstance(certame._inscritos, Inscritos)
        listas = certame.listas("A")
        for lista in (listas.geral, *listas.reservadas.values()):
            assert isinstance(lista, ListaDeClassificacao)
        geral = listas.geral
        assert geral.inscricoes() == ["I1", "I2", "I3", "I4", "I5"]
        assert geral.inscricao_em(4) == "I5" and geral.inscricao_em(5) is None
        assert geral.posicao_de("I3") == 2 and geral.posicao_de("nada") is None
        negros = listas.reservadas["negros"]
        assert negros.contem("I2") and not negros.contem("nada")
        assert negros.posicao_de("I4") == 3
        assert negros.candidato("I4") == candidatos[3]


def test_a_ordem_e_declarada_uma_vez_como_dados() -> None:
    """A chave: nota (maior primeiro); pessoa idosa primeiro, a mais velha antes; os critérios
    do edital, o informado antes do vazio, no sentido do edital."""
    chave = chave_de_classificacao((CriterioDesempate("titulos", "menor"),))
    assert [(k.valor, k.sentido, k.coluna) for k in chave] == [
        (Valor.NOTA, "maior", ""),
        (Valor.IDOSO, "maior", ""),
        (Valor.NASCIMENTO_DO_IDOSO, "menor", ""),
        (Valor.TEM_CRITERIO, "maior", "titulos"),
        (Valor.CRITERIO, "menor", "titulos"),
    ]
