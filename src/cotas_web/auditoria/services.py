"""Escrita no registro de auditoria, sempre dentro da transação da mudança que registra."""

from __future__ import annotations

from typing import Any

from django.db import transaction

from .models import Registro


def registrar(
    *,
    usuario: Any,
    certame: Any,
    acao: str,
    descricao: str,
    fundamento: str = "",
    dados: dict[str, Any] | None = None,
) -> Registro:
    """Acrescenta um registro à cadeia do certame (o `save` o encadeia sob a trava)."""
    if not transaction.get_connection().in_atomic_block:
        raise RuntimeError("A auditoria deve ser escrita na mesma transação da mudança.")
    autenticado = usuario is not None and getattr(usuario, "is_authenticated", False)
    return Registro.objects.create(
        certame=certame,
        usuario=usuario if autenticado else None,
        usuario_nome=usuario.get_username() if autenticado else "sistema",
        acao=acao,
        descricao=descricao,
        fundamento=fundamento,
        dados=dados or {},
    )
