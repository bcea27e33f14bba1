"""`{% orgao as o %}`: a identidade do órgão, para o cabeçalho e o rodapé de toda página."""

from __future__ import annotations

from typing import Any

from django import template
from django.db import DatabaseError

register = template.Library()


@register.simple_tag(takes_context=True)
def orgao(context: Any) -> Any:
    from cotas_web.identidade.models import Orgao

    request = context.get("request")
    # Uma consulta por requisição, por mais que o template peça.
    if request is not None and hasattr(request, "_orgao"):
        return request._orgao
    try:
        atual = Orgao.atual()
    except DatabaseError:  # a página de erro não pode falhar por causa do cabeçalho
        atual = Orgao()
    if request is not None:
        request._orgao = atual
    return atual
