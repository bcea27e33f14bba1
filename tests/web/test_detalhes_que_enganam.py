"""Detalhes da web que enganavam o usuário (issue 14, itens 12 a 15)."""

from __future__ import annotations

import re
from datetime import date
from typing import Any

import pytest
from django.urls import reverse

from cotas_web.nomeacoes.selectors import propostas_do_motor
from cotas_web.nomeacoes.services import nomeacao_confirmar, vagas_novas_ofertar

from .conftest import entrar

pytestmark = pytest.mark.django_db


def _texto(resposta: Any) -> str:
    """O texto visível da página, sem marcação e com os espaços reduzidos."""
    html = resposta.content.decode()
    html = re.sub(r"<(script|style)[^>]*>.*?</\1>", " ", html, flags=re.S)
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html))


def _confirmar_todas(certame: Any, rita: Any, dia: date = date(2025, 8, 3)) -> None:
    for p in propostas_do_motor(certame=certame):
        nomeacao_confirmar(usuario=rita, cargo=p.cargo, inscricao=p.inscricao,
                           portaria=f"{100 + p.ordem}/2025", data_portaria=dia)


# --- Item 12: vagas oferecidas até agora, por lote ------------------------------------------


def test_paginas_do_certame_mostram_as_vagas_oferecidas_por_lote(
    client: Any, certame_homologado: Any, rita: Any
) -> None:
    _confirmar_todas(certame_homologado, rita)
    cargo = certame_homologado.cargos.get()
    vagas_novas_ofertar(usuario=rita, cargo=cargo, data=date(2025, 10, 1), quantidade=3,
                        justificativa="Lei cria 3 cargos")
    entrar(client, rita)
    for nome in ("certames:detalhe", "certames:publico"):
        texto = _texto(client.get(reverse(nome, args=[certame_homologado.pk])))
        assert "edital: 5" in texto, nome
        assert "novas vagas em 01/10/2025: 3" in texto, nome
        assert "total 8" in texto, nome
        # A reserva é a do motor sobre os dois lotes (a memória de cálculo o diz).
        assert "Vagas oferecidas: 8 (lotes: 5 + 3)." in texto, nome
