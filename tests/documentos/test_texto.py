"""Números por extenso como nos atos oficiais, timbre do município e CPF mascarado."""

from __future__ import annotations

import pytest

from cotas.documentos.texto import (
    cabecalho_municipio,
    extenso,
    mascarar_cpf,
    nome_proprio,
    numero_e_extenso,
    vagas_por_extenso,
)


@pytest.mark.parametrize(
    ("n", "esperado"),
    [
        (1, "1 (uma)"),
        (2, "2 (duas)"),
        (3, "3 (três)"),
        (13, "13 (treze)"),
        (22, "22 (vinte e duas)"),
        (200, "200 (duzentas)"),
        (201, "201 (duzentas e uma)"),
    ],
)
def test_vagas_no_feminino(n: int, esperado: str) -> None:
    assert numero_e_extenso(n) == esperado


def test_masculino_e_plural() -> None:
    assert extenso(2) == "dois"
    assert numero_e_extenso(3, feminino=False) == "3 (três)"
    assert vagas_por_extenso(1) == "1 (uma) vaga"
    assert vagas_por_extenso(10) == "10 (dez) vagas"


def test_timbre_do_estado_e_o_nome_dele_no_ato() -> None:
    """O ente de uma lei estadual não tem UF: o timbre é o da República e o do estado, e o nome
    do órgão, quando o órgão não tem nome, lê-se com as preposições em minúsculas."""
    cabecalho = cabecalho_municipio("Estado do Rio de Janeiro")
    assert cabecalho == ("REPÚBLICA FEDERATIVA DO BRASIL", "ESTADO DO RIO DE JANEIRO")
    assert nome_proprio(cabecalho[1]) == "Estado do Rio de Janeiro"
    assert (
        nome_proprio("PREFEITURA MUNICIPAL DE SÃO MATEUS") == "Prefeitura Municipal de São Mateus"
    )
    assert nome_proprio("DE LUCCA") == "De Lucca"  # a primeira palavra sempre com maiúscula


def test_timbre_do_municipio() -> None:
    assert cabecalho_municipio("Montenegro/RS") == (
        "ESTADO DO RIO GRANDE DO SUL",
        "PREFEITURA MUNICIPAL DE MONTENEGRO",
    )


@pytest.mark.parametrize(
    ("cpf", "mascarado"),
    [
        ("12345678909", "***.456.789-**"),
        ("123.456.789-09", "***.456.789-**"),
        ("", ""),
        (None, ""),
        ("123", "***"),
    ],
)
def test_cpf_nunca_inteiro(cpf: str | None, mascarado: str) -> None:
    assert mascarar_cpf(cpf) == mascarado


def test_milhao_e_masculino_mesmo_contando_vagas() -> None:
    assert extenso(1_000_000, feminino=True) == "um milhão"
    assert extenso(2_200_000, feminino=True) == "dois milhões e duzentas mil"


def test_estado_com_a_preposicao_certa() -> None:
    assert cabecalho_municipio("Salvador/BA")[0] == "ESTADO DA BAHIA"
    assert cabecalho_municipio("Santos/SP")[0] == "ESTADO DE SÃO PAULO"
    assert cabecalho_municipio("Mostardas/RS")[0] == "ESTADO DO RIO GRANDE DO SUL"
