"""Escrita no registro de auditoria, sempre dentro da transação da mudança que registra."""

from __future__ import annotations

from typing import Any

from django.contrib.auth.models import AnonymousUser, User
from django.db import transaction

from .models import Registro


def registrar(
    *,
    usuario: User | AnonymousUser | None,
    certame: Any,
    acao: str,
    descricao: str,
    fundamento: str = "",
    dados: dict[str, Any] | None = None,
) -> Registro:
    """Acrescenta um registro à cadeia do certame (o `save` o encadeia sob a trava)."""
    if not transaction.get_connection().in_atomic_block:
        raise RuntimeError("A auditoria deve ser escrita na mesma transação da mudança.")
    autor = usuario if isinstance(usuario, User) else None  # (sem login: o sistema)
    return Registro.objects.create(
        certame=certame,
        usuario=autor,
        usuario_nome=autor.get_username() if autor is not None else "sistema",
        acao=acao,
        descricao=descricao,
        fundamento=fundamento,
        dados=dados or {},
    )
