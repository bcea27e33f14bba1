from typing import Any

from django.http import HttpRequest

from .permissoes import papel_de


def papel(request: HttpRequest) -> dict[str, Any]:
    p = papel_de(request.user)
    return {
        "papel": p,
        "eh_admin": p == "administrador",
        "eh_comissao": p == "comissao",
        "eh_auditor": p == "auditor",
    }
