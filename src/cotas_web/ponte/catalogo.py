"""O catálogo das leis para os formulários: as do pacote e as de fora, os entes, a lei de um
certame (antes de ele existir) e as colunas do arquivo de candidatos que ela pede."""

from __future__ import annotations

from datetime import date
from functools import lru_cache
from typing import TYPE_CHECKING

from cotas.motor.legislacao import (
    ESFERAS,
    Catalogo,
    Lei,
    carregar_lei,
    catalogo_padrao,
    dispositivo_federal,
    especificacao_de,
    montar_catalogo,
)
from cotas.motor.regras import lei_aplicavel

if TYPE_CHECKING:
    from cotas.arquivos.esquema import Esquema

__all__ = [
    "ESFERAS",
    "catalogo",
    "dispositivo_federal",
    "entes_por_esfera",
    "especificacao_de",
    "esquema_da_lei",
    "lei_do_certame",
    "municipios",
]


@lru_cache(maxsize=1)
def catalogo() -> Catalogo:
    """As leis do pacote e, se houver, as de `settings.COTAS_LEIS_EXTRAS` (caminhos de TOMLs: uma
    lei de teste, ou a de um ente que ainda não está no pacote)."""
    from pathlib import Path

    from django.conf import settings

    extras = [Path(p) for p in getattr(settings, "COTAS_LEIS_EXTRAS", ())]
    if not extras:
        return catalogo_padrao()
    leis = [carregar_lei(p.read_text(encoding="utf-8"), str(p)) for p in extras]
    return montar_catalogo([*catalogo_padrao().leis, *leis])


def municipios() -> list[str]:
    return list(catalogo().municipios())


def entes_por_esfera() -> list[tuple[str, list[tuple[str, str]]]]:
    """Os entes com lei no catálogo, agrupados pela esfera (a lista de escolha do certame):
    os municípios e os entes federais (`esfera`/`ente` da lei)."""
    esferas: dict[str, set[str]] = {}
    for lei in catalogo().leis:
        esferas.setdefault(getattr(lei, "esfera", "municipal"), set()).add(lei.municipio)
    nomes = {"municipal": "Municípios", "federal": "Esfera federal"}
    return [
        (nomes.get(esfera, esfera.capitalize()), [(e, e) for e in sorted(entes)])
        for esfera, entes in sorted(esferas.items(), key=lambda par: par[0] != "municipal")
    ]


def lei_do_certame(lei_id: str | None, municipio: str, data_edital: date) -> Lei:
    """A lei escolhida (`lei_id`) ou, sem ela, a do município em vigor na data do edital."""
    return catalogo().lei(lei_id) if lei_id else lei_aplicavel(catalogo(), municipio, data_edital)


def esquema_da_lei(lei: Lei) -> Esquema:
    """As colunas do arquivo de candidatos pela declaração da lei (antes de o certame existir)."""
    from cotas.arquivos.esquema import grupos_da_lei_no_arquivo, montar_esquema

    return montar_esquema(grupos_da_lei_no_arquivo(lei))
