"""Um regulamento que completa a lei a partir da data dele, para os editais publicados depois:
o que a lei deixa a ele é desconhecido até a véspera (o operador informa) e, do dia dele em
diante, vem dele, com a sua norma e o seu artigo."""

from __future__ import annotations

from collections.abc import Mapping
from datetime import date

import pytest

from cotas.motor.erros import LeiInvalida, ParametrosDesconhecidos
from cotas.motor.legislacao import carregar_lei, montar_catalogo
from cotas.motor.regras import Regras, regras_aplicaveis
from tests.motor.test_grupos import NOMES, _parametro, lei_de_teste

VESPERA, DECRETO = date(2026, 3, 10), date(2026, 3, 11)


def _com_regulamento(percentuais: tuple[str, ...] = ("25", "3", "2")) -> str:
    """A lei de teste com os percentuais dos grupos deixados ao regulamento."""
    texto = lei_de_teste(percentuais)
    for nome in NOMES[: len(percentuais)]:
        texto = texto.replace(_parametro(f"{nome}.percentual", f'"{_pct(texto, nome)}"'), "")
    for nome, percentual in zip(NOMES, percentuais, strict=False):
        texto += (
            f'[[parametros]]\nnome = "{nome}.percentual"\ndesconhecido = true\nate = {VESPERA}\n'
        )
        texto += (
            f'[[parametros]]\nnome = "{nome}.percentual"\nvalor = "{percentual}"\n'
            f"desde = {DECRETO}\n"
            f'norma = "Decreto de teste"\nartigo = "art. 2º"\n'
            f'texto = "Reservam-se {percentual}%."\n'
        )
    return texto


def _pct(texto: str, nome: str) -> str:
    marca = f'nome = "{nome}.percentual"\nvalor = "'
    inicio = texto.index(marca) + len(marca)
    return texto[inicio : texto.index('"', inicio)]


def _regras(dia: date, informados: Mapping[str, object] | None = None) -> Regras:
    lei = carregar_lei(_com_regulamento(), "teste.toml")
    return regras_aplicaveis(
        montar_catalogo([lei]), data_edital=dia, lei_id=lei.id, informados=informados
    )


def test_edital_do_dia_do_decreto_segue_o_decreto() -> None:
    r = _regras(DECRETO)
    percentual = {g.nome: g.percentual for g in r.grupos}
    assert percentual == {"pretos_pardos": 25, "indigenas": 3, "quilombolas": 2}
    (ref,) = r.grupo("indigenas").ref("percentual")  # type: ignore[union-attr]
    assert (ref.norma, ref.artigo) == ("Decreto de teste", "art. 2º")


def test_edital_da_vespera_do_decreto_precisa_que_o_operador_informe() -> None:
    with pytest.raises(ParametrosDesconhecidos) as erro:
        _regras(VESPERA)
    assert "indigenas.percentual" in str(erro.value)
    informados = {
        f"{n}.percentual": {"valor": v, "justificativa": "Edital, item 3"}
        for n, v in zip(NOMES, ("20", "5", "5"), strict=False)
    }
    r = _regras(VESPERA, informados)
    assert {g.nome: g.percentual for g in r.grupos}["indigenas"] == 5


def test_depois_do_decreto_o_operador_nao_informa_o_que_ele_fixa() -> None:
    with pytest.raises(LeiInvalida, match="não é uma lacuna"):
        _regras(DECRETO, {"indigenas.percentual": {"valor": "5", "justificativa": "x"}})


def test_valor_do_regulamento_antes_do_fim_do_desconhecido_e_recusado() -> None:
    texto = _com_regulamento().replace(f"desde = {DECRETO}", f"desde = {VESPERA}", 1)
    with pytest.raises(LeiInvalida, match="desconhecido até"):
        carregar_lei(texto, "teste.toml")
