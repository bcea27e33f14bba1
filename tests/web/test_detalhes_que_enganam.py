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


# --- Item 13: na consulta pública de um certame grande, as posições verdadeiras ---------------


@pytest.fixture
def certame_grande(certame_mostardas: Any, rita: Any, tmp_path: Any) -> Any:
    """400 aprovados em PROF (5 vagas); um em cada quatro, negro pela reserva."""
    from cotas_web.candidatos.services import importacao_confirmar
    from cotas_web.certames.services import certame_homologar
    from cotas_web.nomeacoes.services import vagas_edital_ofertar

    from .conftest import csv_candidatos

    linhas = [
        (str(2000 + i), f"Pessoa {i}", f"{100000000 + i * 7919:09d}", "PROF",
         f"{900 - i}.0", "parda" if i % 4 == 0 else "branca", "sim" if i % 4 == 0 else "nao")
        for i in range(1, 401)
    ]
    caminho = tmp_path / "grande.csv"
    caminho.write_text(csv_candidatos(linhas), encoding="utf-8")
    importacao_confirmar(usuario=rita, certame=certame_mostardas, caminho=caminho,
                         nome_arquivo="grande.csv")
    c = certame_homologar(usuario=rita, certame=certame_mostardas, data=date(2025, 8, 1))
    vagas_edital_ofertar(usuario=rita, certame=c, data=date(2025, 8, 2))
    return c


def test_consulta_alem_da_projecao_diz_as_posicoes_e_que_a_conta_nao_foi_feita(
    client: Any, certame_grande: Any
) -> None:
    # 2380 é o 380º da lista geral e o 95º da lista de negros: além das 300 vagas projetadas.
    r = client.get(reverse("publico:consulta", args=[certame_grande.pk]), {"inscricao": "2380"})
    texto = _texto(r)
    assert r.status_code == 200
    assert "Mais de" not in texto and "mais de" not in texto
    assert "380º de 400 na lista de ampla concorrência" in texto
    assert "95º de 100 na lista de negros" in texto
    assert "não foi calculad" in texto
    assert "Nomeações que vêm antes da sua" not in texto  # nenhuma contagem parcial


def test_consulta_ao_alcance_da_projecao_continua_com_a_conta(
    client: Any, certame_grande: Any
) -> None:
    r = client.get(reverse("publico:consulta", args=[certame_grande.pk]), {"inscricao": "2010"})
    texto = _texto(r)
    assert "Nomeações que vêm antes da sua" in texto and "não foi calculad" not in texto
