"""Escrita no registro de auditoria, sempre dentro da transação da mudança que registra."""

from __future__ import annotations

from typing import Any

from django.db import connection, transaction
from django.utils import timezone

from . import cadeia
from .models import Registro

# Chave (do PostgreSQL) da trava da cadeia dos registros sem certame.
_TRAVA_SEM_CERTAME = 0x41554454  # "AUDT"


def _travar_cadeia(certame_id: int | None) -> None:
    """A trava do certame (a mesma linha que os serviços travam antes de decidir): dois
    registros do mesmo certame nunca leem o mesmo anterior. No SQLite a transação já começa
    com a escrita reservada (BEGIN IMMEDIATE)."""
    if certame_id is None:
        if connection.vendor == "postgresql":
            with connection.cursor() as cursor:
                cursor.execute("SELECT pg_advisory_xact_lock(%s)", [_TRAVA_SEM_CERTAME])
        return
    Certame = Registro._meta.get_field("certame").related_model
    assert Certame is not None and not isinstance(Certame, str)
    list(Certame._default_manager.select_for_update().filter(pk=certame_id).values("pk"))


def _ultimo_hash(certame_id: int | None) -> str:
    ultimo = (
        Registro.objects.da_cadeia(certame_id)
        .order_by("-id")
        .values_list("hash", flat=True)
        .first()
    )
    return ultimo if ultimo is not None else cadeia.INICIO


def registrar(
    *,
    usuario: Any,
    certame: Any,
    acao: str,
    descricao: str,
    fundamento: str = "",
    dados: dict[str, Any] | None = None,
) -> Registro:
    if not transaction.get_connection().in_atomic_block:
        raise RuntimeError("A auditoria deve ser escrita na mesma transação da mudança.")
    autenticado = usuario is not None and getattr(usuario, "is_authenticated", False)
    certame_id = certame.pk if certame is not None else None
    _travar_cadeia(certame_id)
    registro = Registro(
        certame=certame,
        usuario=usuario if autenticado else None,
        usuario_nome=usuario.get_username() if autenticado else "sistema",
        quando=timezone.now(),
        acao=acao,
        descricao=descricao,
        fundamento=fundamento,
        dados=dados or {},
        anterior=_ultimo_hash(certame_id),
    )
    registro.hash = cadeia.selo(registro)
    registro.save(force_insert=True)
    return registro
