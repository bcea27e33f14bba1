"""Criação do certame com a lei aplicável, cargos, reserva com a conta e homologação."""

from __future__ import annotations

from datetime import date
from decimal import Decimal
from pathlib import Path
from typing import Any

import pytest
from django.core.exceptions import ValidationError
from django.urls import reverse

from cotas_web.certames.models import Certame
from cotas_web.certames.selectors import reserva_por_cargo
from cotas_web.certames.services import cargo_adicionar, certame_criar, certame_homologar

from .conftest import entrar

pytestmark = pytest.mark.django_db


def test_lei_escolhida_pela_data_do_edital(rita: Any) -> None:
    nova = certame_criar(
        usuario=rita,
        nome="A",
        municipio="Montenegro/RS",
        data_edital=date(2025, 4, 4),
        tipo="concurso_publico",
    )
    assert nova.lei_id == "montenegro-rs/lei-7344-2025"
    assert nova.exige_comissao
    mostardas = certame_criar(
        usuario=rita,
        nome="B",
        municipio="Mostardas/RS",
        orgao="administracao_direta",
        data_edital=date(2019, 1, 29),
        tipo="concurso_publico",
    )
    assert mostardas.lei_id == "mostardas-rs/lei-3920-2019"
    assert not mostardas.exige_comissao


def test_edital_anterior_a_lei_e_erro_em_portugues(rita: Any) -> None:
    with pytest.raises(ValidationError, match="anterior a qualquer lei"):
        certame_criar(
            usuario=rita,
            nome="A",
            municipio="Mostardas/RS",
            orgao="administracao_direta",
            data_edital=date(2019, 1, 28),
            tipo="concurso_publico",
        )


def test_mostardas_nao_abrange_contratacao_temporaria(rita: Any) -> None:
    with pytest.raises(ValidationError, match="não abrange"):
        certame_criar(
            usuario=rita,
            nome="A",
            municipio="Mostardas/RS",
            orgao="administracao_direta",
            data_edital=date(2025, 1, 1),
            tipo="contratacao_temporaria",
        )


def test_reserva_por_cargo_com_memoria_de_calculo(certame: Any, rita: Any) -> None:
    cargo_adicionar(usuario=rita, certame=certame, codigo="ENF", nome="Enfermeiro", vagas_edital=13)
    cargo_adicionar(usuario=rita, certame=certame, codigo="ADM", nome="Agente", vagas_edital=2)
    reservas = {r.cargo.codigo: r for r in reserva_por_cargo(certame=certame)}
    assert reservas["ENF"].reservadas["negros"] == 3  # 13 × 20% = 2,6 → 3
    assert reservas["ENF"].ampla == 10
    assert reservas["ADM"].reservadas["negros"] == 0  # menos de 3 vagas
    assert reservas["PROF"].reservadas["negros"] == 1
    assert any("2,6" in linha for linha in reservas["ENF"].memoria)


def test_reserva_pcd_do_edital(rita: Any) -> None:
    c = certame_criar(
        usuario=rita,
        nome="A",
        municipio="Montenegro/RS",
        data_edital=date(2025, 6, 10),
        tipo="concurso_publico",
        pcd_percentual=Decimal(5),
        pcd_arredondamento="cima",
        pcd_teto=Decimal(20),
    )
    cargo_adicionar(usuario=rita, certame=c, codigo="X", nome="X", vagas_edital=10)
    (r,) = reserva_por_cargo(certame=c)
    assert r.reservadas == {"negros": 2, "pcd": 1}
    assert r.ampla == 7


def test_pagina_do_certame_mostra_lei_artigos_e_conta(client: Any, certame: Any, rita: Any) -> None:
    resposta = entrar(client, rita).get(reverse("certames:detalhe", args=[certame.pk]))
    html = resposta.content.decode()
    assert resposta.status_code == 200
    assert "Lei Ordinária nº 7.344" in html
    assert "art. 1º, § 2º" in html
    assert "Memória de cálculo" in html
    assert "10/06/2025" in html  # data no formato brasileiro


def test_criar_certame_pela_tela(client: Any, rita: Any) -> None:
    resposta = entrar(client, rita).post(
        reverse("certames:novo"),
        {
            "nome": "Concurso 02/2025",
            "municipio": "Montenegro/RS",
            "data_edital": "2025-07-01",
            "tipo": "contratacao_temporaria",
            "validade_ate": "",
            "pcd_percentual": "5",
            "pcd_arredondamento": "cima",
            "pcd_teto": "20",
            "desempate": "nota_pratica:maior",
            "pedido": "criar-pela-tela",  # (o código do formulário, que a página traz)
        },
    )
    assert resposta.status_code == 302
    from cotas_web.certames.models import Certame

    c = Certame.objects.get(nome="Concurso 02/2025")
    assert c.tipo == "contratacao_temporaria"
    assert c.desempate == [["nota_pratica", "maior"]]


def test_criar_certame_antes_da_lei_mostra_o_erro(client: Any, rita: Any) -> None:
    resposta = entrar(client, rita).post(
        reverse("certames:novo"),
        {
            "nome": "X",
            "municipio": "Mostardas/RS",
            "data_edital": "2018-01-01",
            "tipo": "concurso_publico",
            "pedido": "antes-da-lei",
        },
    )
    assert resposta.status_code == 200
    assert "anterior a qualquer lei" in resposta.content.decode()


def test_homologar_exige_verificacao_da_comissao(certame_com_candidatos: Any, rita: Any) -> None:
    with pytest.raises(ValidationError, match="sem parecer da comissão"):
        certame_homologar(usuario=rita, certame=certame_com_candidatos, data=date(2025, 8, 1))


def test_homologacao_congela_as_listas(
    certame_mostardas: Any, rita: Any, arquivo_csv: Path
) -> None:
    from cotas_web.candidatos.services import importacao_confirmar

    importacao_confirmar(
        usuario=rita, certame=certame_mostardas, caminho=arquivo_csv, nome_arquivo="r.csv"
    )
    certame_homologar(usuario=rita, certame=certame_mostardas, data=date(2025, 5, 1))
    certame_mostardas.refresh_from_db()
    with pytest.raises(ValidationError, match="homologado"):
        importacao_confirmar(
            usuario=rita, certame=certame_mostardas, caminho=arquivo_csv, nome_arquivo="r.csv"
        )
    with pytest.raises(ValidationError, match="homologado"):
        cargo_adicionar(
            usuario=rita, certame=certame_mostardas, codigo="Y", nome="Y", vagas_edital=1
        )
    with pytest.raises(ValidationError, match="homologado"):
        certame_homologar(usuario=rita, certame=certame_mostardas, data=date(2025, 5, 2))


@pytest.mark.django_db
def test_lei_que_so_abrange_alguns_orgaos_pede_o_orgao_e_recusa_o_de_fora(rita: Any) -> None:
    """Mostardas só abrange a administração direta (art. 1º): o certame diz quem faz a seleção;
    uma autarquia fica fora da lei, com o artigo; nada é criado sem o órgão."""
    comum = {
        "usuario": rita,
        "municipio": "Mostardas/RS",
        "data_edital": date(2025, 3, 1),
        "tipo": "concurso_publico",
    }
    with pytest.raises(ValidationError, match="abrange só administração direta"):
        certame_criar(nome="Sem órgão", **comum)
    with pytest.raises(
        ValidationError, match=r"não abrange concurso público de autarquia.*art\. 1º"
    ):
        certame_criar(nome="Autarquia", orgao="autarquia", **comum)
    assert not Certame.objects.filter(nome__in=["Sem órgão", "Autarquia"]).exists()
    certame = certame_criar(nome="Direta", orgao="administracao_direta", **comum)
    assert certame.orgao == "administracao_direta"


@pytest.mark.django_db
def test_o_orgao_aparece_na_pagina_do_certame(client: Any, rita: Any) -> None:
    certame = certame_criar(
        usuario=rita,
        nome="Direta",
        municipio="Mostardas/RS",
        orgao="administracao_direta",
        data_edital=date(2025, 3, 1),
        tipo="concurso_publico",
    )
    entrar(client, rita)
    html = client.get(reverse("certames:detalhe", args=[certame.pk])).content.decode()
    assert "Concurso público · Administração direta" in html
