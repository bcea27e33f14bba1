"""A impressão digital dos fatos que decidem um certame e que só uma importação muda: os
candidatos como vieram do resultado da banca (nota, cor/raça, opções, cargo...).

A cabeça exportada (`exportar_cabecas_auditoria`) leva essa impressão; enquanto o registro não
tiver uma importação nova depois dela, os candidatos têm de dar a mesma impressão. Uma nota ou
uma cor/raça mudada direto no banco, sem ato e sem registro, aparece em
`verificar_auditoria --cabecas`.
"""

from __future__ import annotations

import hashlib
import json
from typing import Any

from django.apps import apps

from .models import Registro

# O ato que muda os candidatos importados (candidatos.services), e os campos que outros atos
# registrados mudam depois (o parecer da comissão, a anulação por declaração falsa).
ACAO_IMPORTACAO = "candidatos_importados"
MUDAM_POR_ATO = frozenset({"id", "heteroidentificacao", "anulado_em"})


def _campos(modelo: Any) -> list[str]:
    return sorted(f.attname for f in modelo._meta.concrete_fields if f.name not in MUDAM_POR_ATO)


def impressao_dos_candidatos(certame_id: int) -> str:
    """SHA-256 dos candidatos do certame, campo a campo (menos os que mudam por ato)."""
    candidato = apps.get_model("candidatos", "Candidato")
    campos = _campos(candidato)
    soma = hashlib.sha256()
    linhas = (
        candidato._default_manager.filter(certame_id=certame_id).order_by("id").values_list(*campos)
    )
    for linha in linhas.iterator(chunk_size=20_000):
        soma.update(json.dumps(linha, default=str, ensure_ascii=False).encode("utf-8"))
        soma.update(b"\n")
    return soma.hexdigest()


def importou_depois(certame_id: int, registro_id: int) -> bool:
    """Há uma importação registrada depois do registro `registro_id` desta cadeia?"""
    return (
        Registro.objects.da_cadeia(certame_id)
        .filter(pk__gt=registro_id, acao=ACAO_IMPORTACAO)
        .exists()
    )
