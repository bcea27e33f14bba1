from typing import Any

from django.http import HttpRequest

from .permissoes import papel_de


def papel(request: HttpRequest) -> dict[str, Any]:
    # Sem `user` quando o erro veio antes da autenticação (um Host recusado): página 400.
    p = papel_de(getattr(request, "user", None))
    return {
        "papel": p,
        "eh_admin": p == "administrador",
        "eh_comissao": p == "comissao",
        "eh_auditor": p == "auditor",
    }
