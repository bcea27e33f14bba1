"""As páginas de erro falam português, como o resto do sistema."""

from __future__ import annotations

from typing import Any

import pytest

pytestmark = pytest.mark.django_db


def test_pagina_inexistente_em_portugues(client: Any) -> None:
    resposta = client.get("/nao-existe/")
    assert resposta.status_code == 404
    html = resposta.content.decode()
    assert "Página não encontrada" in html
    assert "Not Found" not in html


def test_documento_nao_publicado_diz_por_que(client: Any, certame: Any) -> None:
    resposta = client.get(f"/publico/certames/{certame.pk}/documentos/nao-ha/")
    assert resposta.status_code == 404
    assert "Documento não publicado." in resposta.content.decode()


def test_listas_antes_da_homologacao_dizem_quando_saem(client: Any, certame: Any) -> None:
    """As listas pedidas antes da homologação: "Documento não publicado." não dizia que saem
    depois dela (a API já dizia)."""
    for doc, titulo in (
        ("listas", "Listas de classificação"),
        ("ordem-de-nomeacao", "Ordem de nomeação"),
    ):
        resposta = client.get(f"/publico/certames/{certame.pk}/documentos/{doc}/")
        assert resposta.status_code == 404
        assert (
            f"O documento “{titulo}” só se publica depois da homologação do resultado final, e "
            "este certame ainda não foi homologado." in resposta.content.decode()
        )
