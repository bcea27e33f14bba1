"""A cadeia de hashes do registro de auditoria: cada registro sela o seu conteúdo e o hash do
registro anterior do mesmo certame. Alterar, apagar, inserir ou reordenar um registro quebra a
cadeia a partir dele; reescrevê-la inteira muda a cabeça exportada (`exportar_cabecas_auditoria`).

SHA-256 sobre um JSON canônico (chaves ordenadas, sem espaços) dos campos que importam. Funções
puras sobre qualquer objeto com os campos do `Registro` (também o modelo histórico das
migrações, que encadeia os registros que já existiam).
"""

from __future__ import annotations

import hashlib
import json
from datetime import UTC, datetime
from typing import Any

INICIO = ""  # o `anterior` do primeiro registro de cada cadeia


def _instante(quando: datetime) -> str:
    return quando.astimezone(UTC).strftime("%Y-%m-%dT%H:%M:%S.%fZ")


def _json(valor: Any) -> Any:
    """O valor como o banco o devolve (tuplas viram listas, chaves viram texto)."""
    return json.loads(json.dumps(valor))


def conteudo_canonico(registro: Any) -> bytes:
    campos = {
        "certame": registro.certame_id,
        "usuario": registro.usuario_id,
        "usuario_nome": registro.usuario_nome,
        "quando": _instante(registro.quando),
        "acao": registro.acao,
        "descricao": registro.descricao,
        "fundamento": registro.fundamento,
        "dados": _json(registro.dados),
        "anterior": registro.anterior,
    }
    return json.dumps(campos, sort_keys=True, ensure_ascii=False, separators=(",", ":")).encode(
        "utf-8"
    )


def selo(registro: Any) -> str:
    """O hash do registro: do seu conteúdo e do hash do anterior."""
    return hashlib.sha256(conteudo_canonico(registro)).hexdigest()
