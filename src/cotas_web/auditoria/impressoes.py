"""A impressão digital dos fatos que decidem um certame e que só um ato registrado cria: os
candidatos como vieram do resultado da banca (nota, cor/raça, opções, cargo...) e as nomeações
como a portaria as fez (candidato, vaga, lista, portaria...).

A cabeça exportada (`exportar_cabecas_auditoria`) leva essas impressões. Enquanto o registro
não tiver, depois dela, um ato que crie esses fatos (uma importação, uma nomeação), os fatos
têm de dar a mesma impressão: uma nota, uma cor/raça ou uma nomeação mudada direto no banco,
sem ato e sem registro, aparece em `verificar_auditoria --cabecas`.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass

from django.apps import apps

from .models import Registro


@dataclass(frozen=True)
class Fato:
    nome: str  # a chave na cabeça exportada
    rotulo: str  # na mensagem
    modelo: str  # "app.Modelo"
    do_certame: str  # o filtro que liga uma linha ao certame
    mudam_por_ato: frozenset[str]  # campos que outros atos registrados mudam depois
    criado_por: frozenset[str]  # as ações do registro que criam ou trocam essas linhas


FATOS = (
    Fato(
        "candidatos",
        "os candidatos",
        "candidatos.Candidato",
        "certame_id",
        # a verificação de cada grupo (comissão, documentos) e a anulação por declaração falsa
        frozenset({"id", "verificacoes", "anulado_em"}),
        # (a troca e a remoção de uma importação e a correção registrada também os mudam)
        frozenset(
            {
                "candidatos_importados",
                "importacao_removida",
                "importacao_substituida",
                "candidato_corrigido",
            }
        ),
    ),
    Fato(
        "nomeacoes",
        "as nomeações",
        "nomeacoes.Nomeacao",
        "cargo__certame_id",
        # posse, desistência, prazo sem posse, final de fila, anulação e o ato que a torna sem
        # efeito (campos novos: fora da impressão, as cabeças exportadas antes deles continuam
        # a conferir)
        frozenset(
            {
                "id",
                "situacao",
                "posse_em",
                "encerrada_em",
                "sem_efeito_em",
                "sem_efeito_ato",
                "sem_efeito_autoridade",
                "sem_efeito_motivo",
            }
        ),
        frozenset({"nomeacao"}),
    ),
)


def impressao(fato: Fato, certame_id: int) -> str:
    """SHA-256 das linhas do certame, campo a campo (menos os que mudam por ato)."""
    modelo = apps.get_model(fato.modelo)
    campos = sorted(
        f.attname for f in modelo._meta.concrete_fields if f.name not in fato.mudam_por_ato
    )
    soma = hashlib.sha256()
    linhas = (
        modelo._default_manager.filter(**{fato.do_certame: certame_id})
        .order_by("id")
        .values_list(*campos)
    )
    for linha in linhas.iterator(chunk_size=20_000):
        soma.update(json.dumps(linha, default=str, ensure_ascii=False).encode("utf-8"))
        soma.update(b"\n")
    return soma.hexdigest()


def impressoes(certame_id: int | None) -> dict[str, str]:
    if certame_id is None:
        return {}
    return {f.nome: impressao(f, certame_id) for f in FATOS}


def mudaram_sem_ato(antes: dict[str, str], certame_id: int, registro_id: int) -> list[str]:
    """Os rótulos dos fatos cuja impressão mudou sem um ato registrado que os pudesse criar
    depois do registro `registro_id` (o último da cabeça exportada)."""
    mudaram = []
    for fato in FATOS:
        if fato.nome not in antes:
            continue
        depois = Registro.objects.da_cadeia(certame_id).filter(
            pk__gt=registro_id, acao__in=fato.criado_por
        )
        if not depois.exists() and impressao(fato, certame_id) != antes[fato.nome]:
            mudaram.append(fato.rotulo)
    return mudaram
