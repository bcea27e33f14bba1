"""`{% orgao as o %}`: a identidade do órgão, para o cabeçalho e o rodapé de toda página."""

from __future__ import annotations

from typing import Any

from django import template
from django.db import DatabaseError

register = template.Library()


@register.simple_tag
def orgao() -> Any:
    from cotas_web.identidade.models import Orgao

    try:
        return Orgao.para_as_paginas()
    except DatabaseError:  # a página de erro não pode falhar por causa do cabeçalho
        return Orgao()
