"""Documentos datados e com nome (issue 21, item 7): todo documento público diz quando foi
gerado, a versão do certame e a lei aplicada; o arquivo leva o certame no nome; a ordem de
nomeação em PDF não gasta uma página por nomeação nem deixa a legenda do gráfico sobre o
rodapé."""

from __future__ import annotations

import io
from typing import Any

import pypdf
import pytest
from django.urls import reverse

from cotas_web.auditoria.selectors import versao_do_certame

from .test_publico import nomear_edital

pytestmark = pytest.mark.django_db


def _paginas(conteudo: bytes) -> list[str]:
    return [
        " ".join((p.extract_text() or "").split())
        for p in pypdf.PdfReader(io.BytesIO(conteudo)).pages
    ]


@pytest.mark.parametrize("doc", ["anexo-edital", "listas", "ordem-de-nomeacao"])
def test_documento_publico_datado_com_versao_lei_e_nome(
    client: Any, certame_homologado: Any, rita: Any, doc: str
) -> None:
    nomear_edital(certame_homologado, rita)
    versao = versao_do_certame(certame_homologado.pk)
    for formato in ("pdf", "html"):
        r = client.get(reverse("publico:baixar", args=[certame_homologado.pk, doc, formato]))
        assert r.status_code == 200
        assert f'filename="concurso-01-2025-{doc}.{formato}"' in r["Content-Disposition"]
        texto = " ".join(_paginas(r.content)) if formato == "pdf" else r.content.decode("utf-8")
        assert "Gerado em " in texto
        assert f"versão {versao} do certame" in texto
        assert f"lei aplicada: {certame_homologado.lei_titulo}" in texto


def test_ordem_de_cinco_nomeacoes_em_tres_paginas_com_o_grafico_inteiro(
    client: Any, certame_homologado: Any, rita: Any
) -> None:
    """Antes: uma nomeação por terço de página (a razão numa coluna estreita) e o gráfico mais
    alto que a página, com a legenda sobre o rodapé."""
    nomear_edital(certame_homologado, rita)
    assert certame_homologado.cargos.get().nomeacoes.count() == 5
    r = client.get(
        reverse("publico:baixar", args=[certame_homologado.pk, "ordem-de-nomeacao", "pdf"])
    )
    paginas = _paginas(r.content)
    assert len(paginas) == 3
    assert all(f"Portaria nº {100 + i}/2025" in paginas[0] for i in range(1, 5))
    assert "Portaria nº 105/2025" in paginas[1]
    grafico = paginas[2]  # inteiro, com a legenda, antes do rodapé
    assert grafico.index("Percentual acumulado") < grafico.index("Negros (pretos e pardos): 20%")
    assert grafico.index("Negros (pretos e pardos): 20%") < grafico.index("Página 3 de 3")
