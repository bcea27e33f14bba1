"""Formatos brasileiros em toda página: datas dd/mm/aaaa, horário de Brasília, vírgula decimal."""

from __future__ import annotations

import re
from datetime import UTC, datetime
from decimal import Decimal
from typing import Any

import pytest
from django.conf import settings
from django.urls import reverse

from cotas_web.auditoria.models import Registro
from cotas_web.contas.templatetags.formatos import nota, numero

from .conftest import entrar

pytestmark = pytest.mark.django_db


def test_configuracao_pt_br_e_horario_de_brasilia() -> None:
    assert settings.LANGUAGE_CODE == "pt-br"
    assert settings.TIME_ZONE == "America/Sao_Paulo"
    assert settings.USE_I18N and settings.USE_TZ and settings.USE_THOUSAND_SEPARATOR


@pytest.mark.parametrize(
    ("valor", "esperado"),
    [
        (Decimal("87.5"), "87,50"),
        (Decimal("87.5000"), "87,50"),
        (Decimal("87.125"), "87,125"),
        (Decimal("1234.5"), "1.234,50"),
        ("90", "90,00"),
        (None, ""),
    ],
)
def test_nota_com_virgula_e_sem_perder_casas(valor: Any, esperado: str) -> None:
    assert nota(valor) == esperado


@pytest.mark.parametrize(
    ("valor", "esperado"), [(Decimal("5.00"), "5"), ("7.50", "7,5"), (Decimal("12.25"), "12,25")]
)
def test_numero_so_com_as_casas_que_tem(valor: Any, esperado: str) -> None:
    assert numero(valor) == esperado


def test_paginas_mostram_notas_e_percentuais_com_virgula(
    client: Any, certame_com_candidatos: Any, rita: Any
) -> None:
    from cotas_web.certames.models import Certame

    Certame.objects.filter(pk=certame_com_candidatos.pk).update(
        pcd_percentual=Decimal("7.5"), pcd_teto=Decimal("20"), pcd_arredondamento="cima"
    )
    entrar(client, rita)
    pk = certame_com_candidatos.pk
    lista = client.get(reverse("candidatos:lista", args=[pk])).content.decode()
    assert "90,00" in lista and "87,50" not in lista
    assert not re.search(r"<td>\d+\.\d+</td>", lista), "nota com ponto decimal"
    candidato = certame_com_candidatos.candidatos.get(inscricao="1002")
    detalhe = client.get(reverse("candidatos:detalhe", args=[pk, candidato.pk])).content.decode()
    assert "85,00" in detalhe
    certame = client.get(reverse("certames:detalhe", args=[pk])).content.decode()
    assert "PcD (edital): 7,5%" in certame and "teto 20%" in certame


def test_historico_em_horario_de_brasilia(
    client: Any, certame_com_candidatos: Any, rita: Any
) -> None:
    # 15/07/2025 às 15:00 UTC são 12:00 em Brasília (UTC-3).
    Registro.objects.create(
        certame=certame_com_candidatos,
        usuario=rita,
        usuario_nome="rita",
        acao="teste",
        descricao="Registro de hora conhecida.",
        quando=datetime(2025, 7, 15, 15, 0, tzinfo=UTC),
    )
    html = (
        entrar(client, rita)
        .get(reverse("certames:historico", args=[certame_com_candidatos.pk]))
        .content.decode()
    )
    assert "15/07/2025 12:00:00" in html
