"""A página da consulta pública guardada por versão da situação publicada
(publico/consultas_guardadas.py): a mesma inscrição pedida de novo custa uma consulta ao banco;
um ato a renova; quem entrou nunca recebe a página de outro."""

from __future__ import annotations

from datetime import date
from typing import Any

import pytest
from django.test import Client
from django.urls import reverse

from .conftest import entrar
from .test_publico import nomear_edital

pytestmark = pytest.mark.django_db


def test_a_mesma_inscricao_de_novo_custa_uma_consulta(
    client: Any, certame_homologado: Any, django_assert_num_queries: Any
) -> None:
    url = reverse("publico:consulta", args=[certame_homologado.pk])
    primeira = client.get(url, {"inscricao": "1008"})
    assert primeira.status_code == 200
    with django_assert_num_queries(1):  # o marcador da publicação, com o último ato ao lado
        segunda = client.get(url, {"inscricao": "1008"})
    assert segunda.status_code == 200
    assert segunda.content == primeira.content
    # Outra inscrição não recebe a página da primeira.
    outra = client.get(url, {"inscricao": "1007"}).content.decode()
    assert "Inscrição 1007" in outra and "Inscrição 1008" not in outra


def test_um_ato_renova_a_pagina_guardada(client: Any, certame_homologado: Any, rita: Any) -> None:
    url = reverse("publico:consulta", args=[certame_homologado.pk])
    antes = client.get(url, {"inscricao": "1006"}).content.decode()
    assert "ainda não nomeado(a)" in antes
    client.get(url, {"inscricao": "1006"})  # (guardada)
    nomear_edital(certame_homologado, rita)
    depois = client.get(url, {"inscricao": "1006"}).content.decode()
    assert "nomeado(a) na vaga 3" in depois and "Portaria nº 103/2025" in depois


def test_quem_entrou_nunca_recebe_a_pagina_guardada(
    client: Any, certame_homologado: Any, rita: Any
) -> None:
    url = reverse("publico:consulta", args=[certame_homologado.pk])
    anonima = Client()
    for _ in range(2):
        assert "Entrar" in anonima.get(url, {"inscricao": "1008"}).content.decode()
    entrar(client, rita)
    texto = client.get(url, {"inscricao": "1008"}).content.decode()
    assert "Sair" in texto  # (o cabeçalho de quem entrou)
    # E a de quem entrou não fica para o visitante seguinte.
    assert "Sair" not in anonima.get(url, {"inscricao": "1008"}).content.decode()


def test_correcao_renova_a_pagina_guardada(client: Any, certame_homologado: Any, rita: Any) -> None:
    """Uma correção depois da homologação muda a posição: a página guardada antes não volta."""
    from cotas_web.candidatos.correcoes import candidato_corrigir
    from cotas_web.candidatos.models import Candidato

    url = reverse("publico:consulta", args=[certame_homologado.pk])
    antes = client.get(url, {"inscricao": "1008"}).content.decode()
    assert "8º" in antes
    candidato = Candidato.objects.get(certame=certame_homologado, inscricao="1008")
    candidato_corrigir(
        usuario=rita, candidato=candidato, campo="nota", valor="99.99",
        motivo="Erro de digitação", fundamento="Edital, item 9", data=date(2025, 8, 2),
    )  # fmt: skip
    depois = client.get(url, {"inscricao": "1008"}).content.decode()
    assert "1º" in depois and "Correção depois da homologação" in depois
