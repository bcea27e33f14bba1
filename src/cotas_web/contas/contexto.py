from typing import Any

from django.http import HttpRequest

from .permissoes import SISTEMA, administra_o_sistema, nome_do_papel, papel_de


def papel(request: HttpRequest) -> dict[str, Any]:
    # Sem `user` quando o erro veio antes da autenticação (um Host recusado): página 400.
    usuario = getattr(request, "user", None)
    p = papel_de(usuario)
    return {
        # (quem só administra o sistema não age em certame: as páginas dele são as públicas)
        "papel": None if p == SISTEMA else p,
        "nome_do_papel": nome_do_papel(usuario),
        "eh_admin": p == "administrador",
        "eh_comissao": p == "comissao",
        "eh_auditor": p == "auditor",
        "eh_sistema": administra_o_sistema(usuario),
    }
