"""Quem vê e faz o quê. Toda view passa por `requer_papel` ou é pública de propósito."""

from __future__ import annotations

from collections.abc import Callable
from functools import wraps
from typing import Any

from django.contrib.auth.views import redirect_to_login
from django.core.exceptions import PermissionDenied
from django.http import HttpRequest, HttpResponseBase

from .models import Papel

ADMIN = Papel.ADMINISTRADOR
COMISSAO = Papel.COMISSAO
AUDITOR = Papel.AUDITOR
TODOS = (ADMIN, COMISSAO, AUDITOR)


def papel_de(usuario: Any) -> str | None:
    if not getattr(usuario, "is_authenticated", False):
        return None
    perfil = getattr(usuario, "perfil", None)
    return perfil.papel if perfil is not None else None


Visao = Callable[..., HttpResponseBase]


def integra_comissao(usuario: Any, certame_id: int) -> bool:
    """O membro da comissão só vê e age nos certames de cuja comissão faz parte."""
    from cotas_web.comissao.models import Membro

    return Membro.objects.filter(certame_id=certame_id, usuario=usuario).exists()


def requer_papel(*papeis: str) -> Callable[[Visao], Visao]:
    """Exige login e um dos papéis; sem login vai à página de entrada, com outro papel: 403.

    A comissão é por certame: nas páginas de um certame (`pk`), o membro da comissão só entra se
    integrar a comissão daquele certame (Montenegro, Lei 7.344/2025, art. 4º).
    """

    def decorador(view: Visao) -> Visao:
        @wraps(view)
        def protegida(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponseBase:
            if not request.user.is_authenticated:
                return redirect_to_login(request.get_full_path())
            if papel_de(request.user) not in papeis:
                raise PermissionDenied("Seu papel não permite esta ação.")
            certame_id = kwargs.get("pk")
            if (
                papel_de(request.user) == COMISSAO
                and certame_id is not None
                and not integra_comissao(request.user, certame_id)
            ):
                raise PermissionDenied("Você não integra a comissão deste certame.")
            return view(request, *args, **kwargs)

        protegida.papeis = papeis  # type: ignore[attr-defined]
        return protegida

    return decorador


def publica(view: Visao) -> Visao:
    """Marca uma view como pública de propósito (sem login)."""
    view.papeis = ("publico",)  # type: ignore[attr-defined]
    return view
