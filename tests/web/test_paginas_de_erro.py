"""As páginas de erro falam português, como o resto do sistema."""

from __future__ import annotations

import re
from collections.abc import Iterator
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
        # O título diz o que é: ainda não publicado, não "Página não encontrada".
        html = resposta.content.decode()
        assert "<h1>Documento ainda não publicado</h1>" in html
        assert "Página não encontrada" not in html
        # E leva aonde ir: o anexo do edital e a página do certame (antes, um beco sem saída).
        assert f'href="/publico/certames/{certame.pk}/documentos/anexo-edital/">Anexo' in html
        assert f'href="/publico/certames/{certame.pk}/">Página do certame' in html
    outra = client.get("/publico/nao-ha/").content.decode()
    assert "<h1>Página não encontrada</h1>" in outra


# Um id que não cabe no inteiro do banco (64 bits com sinal): o maior mais um.
ID_ENORME = 2**63


def _rotas_com_id(padroes: Any = None, prefixo: str = "") -> Iterator[str]:
    """Cada rota do projeto com um id (`<id:...>`; `<int:...>`, o do Django), com o prefixo dos
    includes."""
    from django.urls import URLResolver, get_resolver

    for p in get_resolver().url_patterns if padroes is None else padroes:
        rota = prefixo + str(p.pattern)
        if isinstance(p, URLResolver):
            yield from _rotas_com_id(p.url_patterns, rota)
        elif re.search(r"<(id|int):", rota):
            yield rota


def _endereco(rota: str, id_: int) -> str:
    """A rota com `id_` em cada id e um valor qualquer nos demais campos."""
    valores = {"id": str(id_), "int": str(id_), "uuid": "00000000-0000-0000-0000-000000000000"}
    return "/" + re.sub(r"<(\w+):\w+>", lambda m: valores.get(m.group(1), "x"), rota)


def test_id_enorme_em_qualquer_endereco_e_a_404(client: Any) -> None:
    """O `<int:...>` do Django aceitava qualquer número de dígitos; o id maior que o do banco
    chegava às consultas (o SQL da consulta pública dava 500, OverflowError). Agora nenhum
    endereço com um id desses existe: a 404 de sempre, antes do login e de qualquer consulta."""
    rotas = list(_rotas_com_id())
    assert len(rotas) > 60  # (todas as dos apps, com as da API e dos feeds)
    for rota in rotas:
        endereco = _endereco(rota, ID_ENORME)
        resposta = client.get(endereco)
        assert resposta.status_code == 404, (endereco, resposta.status_code)
        if not endereco.startswith("/api/"):
            assert "Página não encontrada" in resposta.content.decode(), endereco


def test_consulta_com_id_enorme_e_a_404_tambem_com_a_casca(
    client: Any, certame_homologado: Any
) -> None:
    """A consulta de quem chega sem sessão lê o marcador em SQL montado à mão quando há cascas
    na memória: com um id enorme, era o OverflowError do SQLite (500)."""
    url = f"/publico/certames/{certame_homologado.pk}/consulta/"
    assert client.get(url, {"inscricao": "1006"}).status_code == 200  # (a casca montada)
    resposta = client.get(f"/publico/certames/{ID_ENORME}/consulta/", {"inscricao": "1"})
    assert resposta.status_code == 404 and "Página não encontrada" in resposta.content.decode()
    # O maior id que o banco guarda é um endereço: o certame que não existe.
    resposta = client.get(f"/publico/certames/{ID_ENORME - 1}/consulta/", {"inscricao": "1"})
    assert resposta.status_code == 404 and "Página não encontrada" in resposta.content.decode()
