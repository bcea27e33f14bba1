"""A página da consulta pública montada da casca da versão (publico/casca_da_consulta.py): é a
mesma, byte a byte, que o modelo inteiro daria; qualquer inscrição, depois da primeira, custa
uma consulta ao banco; um ato e uma correção trocam a casca; quem entrou nunca recebe a casca
de outro."""

from __future__ import annotations

import time
from datetime import date
from typing import Any

import pytest
from django.test import Client
from django.urls import reverse

from .conftest import entrar
from .test_publico import nomear_edital

pytestmark = pytest.mark.django_db

# Encontrada e aguardando, nomeada (depois de `nomear_edital`), inexistente, e uma que o modelo
# tem de escapar (no campo do formulário e na frase "Nenhuma inscrição …").
INSCRICOES = ("1008", "1006", "1001", "9999", "<b>\"&'x")


def _paginas(url: str, inscricoes: tuple[str, ...]) -> dict[str, bytes]:
    visitante = Client()  # (sem sessão: o visitante de todo dia)
    return {i: visitante.get(url, {"inscricao": i}).content for i in inscricoes}


def test_a_pagina_da_casca_e_a_do_modelo_inteiro(
    certame_homologado: Any, rita: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    from cotas_web.publico import casca_da_consulta

    nomear_edital(certame_homologado, rita)
    url = reverse("publico:consulta", args=[certame_homologado.pk])
    da_casca = _paginas(url, INSCRICOES)
    assert casca_da_consulta.pode_servir(Client().get(url).wsgi_request)  # (a casca existe)
    # Sem casca: cada página sai do modelo inteiro, como sai para quem entrou.
    monkeypatch.setattr(casca_da_consulta, "chave", lambda *_: None)
    casca_da_consulta.esquecer()
    do_modelo = _paginas(url, INSCRICOES)
    assert da_casca == do_modelo
    texto = da_casca["1006"].decode()
    assert "Inscrição 1006" in texto and "Portaria nº 103/2025" in texto
    assert "Nenhuma inscrição 9999 neste certame." in da_casca["9999"].decode()
    escapada = da_casca["<b>\"&'x"].decode()
    assert "<b>" not in escapada and 'value="&lt;b&gt;&quot;&amp;&#x27;x"' in escapada


def test_outra_inscricao_depois_da_primeira_custa_uma_consulta(
    client: Any, certame_homologado: Any, django_assert_num_queries: Any
) -> None:
    url = reverse("publico:consulta", args=[certame_homologado.pk])
    assert client.get(url, {"inscricao": "1008"}).status_code == 200
    # O marcador da publicação, com o último ato e a linha da inscrição ao lado.
    with django_assert_num_queries(1):
        outra = client.get(url, {"inscricao": "1007"})
    texto = outra.content.decode()
    assert outra.status_code == 200
    assert "Inscrição 1007" in texto and "Inscrição 1008" not in texto


def test_um_ato_renova_a_casca(client: Any, certame_homologado: Any, rita: Any) -> None:
    url = reverse("publico:consulta", args=[certame_homologado.pk])
    antes = client.get(url, {"inscricao": "1006"}).content.decode()
    assert "ainda não nomeado(a)" in antes
    client.get(url, {"inscricao": "1006"})  # (da casca)
    nomear_edital(certame_homologado, rita)
    depois = client.get(url, {"inscricao": "1006"}).content.decode()
    assert "nomeado(a) na vaga 3" in depois and "Portaria nº 103/2025" in depois


def test_a_casca_vence_com_o_orgao_guardado(
    client: Any, certame_homologado: Any, rita: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    """O nome do órgão, no cabeçalho da casca, muda sem ato: a casca vence no prazo do órgão
    guardado, como o cabeçalho das outras páginas."""
    from cotas_web.identidade.models import VALIDADE_DA_MEMORIA, Orgao

    url = reverse("publico:consulta", args=[certame_homologado.pk])
    agora = [1000.0]
    monkeypatch.setattr(time, "monotonic", lambda: agora[0])
    assert "Prefeitura de Teste" not in client.get(url, {"inscricao": "1008"}).content.decode()
    orgao = Orgao.atual()
    orgao.nome = "Prefeitura de Teste"
    orgao.save()
    Orgao.esquecer()
    assert "Prefeitura de Teste" not in client.get(url, {"inscricao": "1007"}).content.decode()
    agora[0] += VALIDADE_DA_MEMORIA + 1
    assert "Prefeitura de Teste" in client.get(url, {"inscricao": "1007"}).content.decode()


def test_quem_entrou_nunca_recebe_a_casca(client: Any, certame_homologado: Any, rita: Any) -> None:
    url = reverse("publico:consulta", args=[certame_homologado.pk])
    anonima = Client()
    for _ in range(2):
        assert "Entrar" in anonima.get(url, {"inscricao": "1008"}).content.decode()
    entrar(client, rita)
    texto = client.get(url, {"inscricao": "1008"}).content.decode()
    assert "Sair" in texto  # (o cabeçalho de quem entrou)
    # E a de quem entrou não fica para o visitante seguinte.
    assert "Sair" not in anonima.get(url, {"inscricao": "1007"}).content.decode()


def test_correcao_renova_a_casca(client: Any, certame_homologado: Any, rita: Any) -> None:
    """Uma correção depois da homologação muda a posição: a casca de antes não volta."""
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


def test_um_modelo_que_poe_a_inscricao_duas_vezes_e_recusado(certame_homologado: Any) -> None:
    """Se o modelo da página puser a inscrição noutro lugar, a casca daria outra página que o
    modelo: falha alto em vez de servir a página errada."""
    from cotas_web.publico import casca_da_consulta

    with pytest.raises(RuntimeError, match="uma vez"):
        casca_da_consulta.montar(
            (1, 1, 1, 1),
            certame_homologado,
            "",
            lambda i, r: f"<title>{i}</title><input value='{i}'>{r}",
        )
    assert not casca_da_consulta._CASCAS


def test_o_processo_guarda_no_maximo_as_cascas_mais_recentes(
    certame_homologado: Any, settings: Any
) -> None:
    """Um número limitado de cascas por processo (`PUBLICO_CASCAS_NA_MEMORIA`): a menos usada
    sai; a lida há pouco fica."""
    from cotas_web.publico import casca_da_consulta

    settings.PUBLICO_CASCAS_NA_MEMORIA = 2
    pagina = "<input value='{i}'>{r}"
    for versao in (1, 2):
        casca_da_consulta.montar(
            (1, 1, versao, 1), certame_homologado, "", lambda i, r: pagina.format(i=i, r=r)
        )
    casca_da_consulta._CASCAS.move_to_end((1, 1, 1, 1))  # (a versão 1 lida por último)
    casca_da_consulta.montar(
        (1, 1, 3, 1), certame_homologado, "", lambda i, r: pagina.format(i=i, r=r)
    )
    assert list(casca_da_consulta._CASCAS) == [(1, 1, 1, 1), (1, 1, 3, 1)]
