from __future__ import annotations

from typing import Any

from django import template

from cotas_web.auditoria.integridade import verificar_cadeia

register = template.Library()


@register.inclusion_tag("auditoria/estado_da_cadeia.html")
def estado_da_cadeia(certame_id: int) -> dict[str, Any]:
    """O estado da cadeia do certame, conferida agora, para a página de histórico."""
    return {"estado": verificar_cadeia(certame_id)}


@register.filter
def quem(registro: Any) -> str:
    """Quem fez o ato, pelo nome (`selectors.quem_fez`)."""
    from cotas_web.auditoria.selectors import quem_fez

    return quem_fez(registro)
