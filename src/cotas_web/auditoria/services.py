"""Escrita no registro de auditoria, sempre dentro da transação da mudança que registra."""

from __future__ import annotations

from typing import Any

from django.contrib.auth.models import AnonymousUser, User
from django.db import transaction

from .acoes import AcaoAuditada
from .models import Registro


def nome_no_registro(usuario: User) -> str:
    """Quem fez, como o registro o guarda: o nome da pessoa e o login ("Marta Souza (marta)");
    só o login se a conta não tem nome. O nome fica como era no dia do ato."""
    login = usuario.get_username()
    nome = usuario.get_full_name().strip()
    if not nome or nome == login:
        return login
    sufixo = f" ({login})"
    return nome[: 150 - len(sufixo)].rstrip() + sufixo


def registrar(
    *,
    usuario: User | AnonymousUser | None,
    certame: Any,
    acao: AcaoAuditada,
    descricao: str,
    fundamento: str = "",
    dados: dict[str, Any] | None = None,
) -> Registro:
    """Acrescenta um registro à cadeia do certame (o `save` o encadeia sob a trava). `acao`: um
    membro de `AcaoAuditada` (um texto solto seria um ato que a reencenação não conhece)."""
    if not transaction.get_connection().in_atomic_block:
        raise RuntimeError("A auditoria deve ser escrita na mesma transação da mudança.")
    if not isinstance(acao, AcaoAuditada):
        raise TypeError(f"ação de auditoria fora de AcaoAuditada: {acao!r}")
    autor = usuario if isinstance(usuario, User) else None  # (sem login: o sistema)
    return Registro.objects.create(
        certame=certame,
        usuario=autor,
        usuario_nome=nome_no_registro(autor) if autor is not None else "sistema",
        acao=acao,
        descricao=descricao,
        fundamento=fundamento,
        dados=dados or {},
    )
