"""Quem vê e faz o quê. Toda view passa por `requer_papel` ou é pública de propósito."""

from __future__ import annotations

from collections.abc import Callable
from functools import wraps
from typing import Any

from django.contrib.auth.views import redirect_to_login
from django.core.exceptions import PermissionDenied
from django.http import HttpRequest, HttpResponseBase

from .models import Designacao, Papel

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


def designado(usuario: Any, certame_id: int) -> bool:
    """O RH e o auditor só veem e agem nos certames para os quais foram designados (quem
    administra o sistema, o superusuário, em todos)."""
    if getattr(usuario, "is_superuser", False):
        return True
    return Designacao.objects.filter(certame_id=certame_id, usuario=usuario).exists()


def designar(*, usuario: Any, certame: Any) -> bool:
    """Designa o RH ou o auditor para o certame; False se já estava designado."""
    if papel_de(usuario) not in (ADMIN, AUDITOR):
        from django.core.exceptions import ValidationError

        raise ValidationError(
            f"O login {usuario.get_username()} não tem o papel de RH nem de auditor."
        )
    _, criada = Designacao.objects.get_or_create(usuario=usuario, certame=certame)
    return criada


def alcanca_o_certame(usuario: Any, certame_id: int) -> bool:
    """O usuário (com papel) alcança este certame: a comissão, se o integra; o RH e o auditor,
    se designados para ele."""
    if papel_de(usuario) == COMISSAO:
        return integra_comissao(usuario, certame_id)
    return designado(usuario, certame_id)


def _existe(certame_id: int) -> bool:
    certames = Designacao._meta.get_field("certame").related_model
    return bool(certames._default_manager.filter(pk=certame_id).exists())


def requer_papel(*papeis: str) -> Callable[[Visao], Visao]:
    """Exige login e um dos papéis; sem login vai à página de entrada, com outro papel: 403.

    Todo papel é por certame: nas páginas de um certame (`pk`), o membro da comissão só entra se
    integrar a comissão daquele certame (`heteroidentificacao.membros`), e o RH e o
    auditor, se designados para ele.
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
                certame_id is not None
                and not alcanca_o_certame(request.user, certame_id)
                and _existe(certame_id)  # (o que não existe, a view responde 404)
            ):
                raise PermissionDenied(
                    "Você não integra a comissão deste certame."
                    if papel_de(request.user) == COMISSAO
                    else "Você não está designado para este certame. Peça a designação a quem "
                    "administra o sistema."
                )
            return view(request, *args, **kwargs)

        protegida.papeis = papeis  # type: ignore[attr-defined]
        return protegida

    return decorador


def publica(view: Visao) -> Visao:
    """Marca uma view como pública de propósito (sem login)."""
    view.papeis = ("publico",)  # type: ignore[attr-defined]
    return view
