"""O alcance da lei como dado: os tipos de seleção (`abrangencia`, com o estágio) e, por tipo, os
órgãos e entidades que ela abrange (`orgaos.<tipo>`); fora dele, um erro com o artigo."""

from __future__ import annotations

from datetime import date

import pytest

from cotas.motor.erros import SelecaoNaoAbrangida
from cotas.motor.legislacao import carregar_lei, catalogo_padrao, montar_catalogo
from cotas.motor.regras import orgaos_abrangidos, regras_aplicaveis
from tests.motor.test_grupos import _parametro, lei_de_teste


def test_mostardas_so_abrange_a_administracao_direta() -> None:
    catalogo = catalogo_padrao()
    dia = date(2023, 3, 1)
    regras_aplicaveis(
        catalogo, municipio="Mostardas/RS", data_edital=dia, orgao="administracao_direta"
    )
    with pytest.raises(SelecaoNaoAbrangida, match=r"de autarquia.*3\.920/2019.*art\. 1º"):
        regras_aplicaveis(catalogo, municipio="Mostardas/RS", data_edital=dia, orgao="autarquia")


def test_lei_15142_contratacao_temporaria_so_na_direta_autarquias_e_fundacoes() -> None:
    lei = catalogo_padrao().lei("federal/lei-15142-2025")
    dia = date(2026, 1, 5)
    assert orgaos_abrangidos(lei, "contratacao_temporaria", dia) == (
        "administracao_direta",
        "autarquia",
        "fundacao",
    )
    assert "empresa_publica" in (orgaos_abrangidos(lei, "concurso_publico", dia) or ())


def test_lei_sem_restricao_de_orgaos_abrange_todos() -> None:
    lei = catalogo_padrao().lei("montenegro-rs/lei-7344-2025")
    assert orgaos_abrangidos(lei, "concurso_publico", date(2025, 6, 1)) is None
    regras_aplicaveis(
        catalogo_padrao(),
        municipio="Montenegro/RS",
        data_edital=date(2025, 6, 1),
        orgao="legislativo",
    )


def test_estagio_so_quando_a_lei_o_abrange() -> None:
    with pytest.raises(SelecaoNaoAbrangida, match="seleção de estagiários"):
        regras_aplicaveis(
            catalogo_padrao(),
            municipio="Montenegro/RS",
            data_edital=date(2025, 6, 1),
            tipo="estagio",
        )
    texto = lei_de_teste(("20",)).replace('["concurso_publico"]', '["concurso_publico", "estagio"]')
    texto += _parametro("orgaos.estagio", '["legislativo"]')
    lei = carregar_lei(texto, "teste.toml")
    catalogo = montar_catalogo([lei])
    dia = date(2026, 3, 1)
    regras = regras_aplicaveis(
        catalogo, lei_id=lei.id, data_edital=dia, tipo="estagio", orgao="legislativo"
    )
    assert regras.tipo.value == "estagio"
    with pytest.raises(SelecaoNaoAbrangida, match="Poder Legislativo"):
        regras_aplicaveis(
            catalogo, lei_id=lei.id, data_edital=dia, tipo="estagio", orgao="administracao_direta"
        )
