"""Quem vê e faz o quê. Toda view passa por `requer_papel` ou é pública de propósito."""

from __future__ import annotations

from collections.abc import Callable
from functools import wraps
from typing import Any

from django.contrib.auth.models import AnonymousUser, User
from django.contrib.auth.views import redirect_to_login
from django.core.exceptions import PermissionDenied
from django.http import HttpRequest, HttpResponseBase

from .models import Designacao, Papel

ADMIN = Papel.ADMINISTRADOR
COMISSAO = Papel.COMISSAO
AUDITOR = Papel.AUDITOR
SISTEMA = Papel.SISTEMA
TODOS = (ADMIN, COMISSAO, AUDITOR)


def papel_de(usuario: User | AnonymousUser | None) -> str | None:
    """O papel do usuário. O superusuário do Django (`createsuperuser`) sem perfil age como RH
    em todos os certames (`designado`) e administra o sistema (`administra_o_sistema`)."""
    if not getattr(usuario, "is_authenticated", False):
        return None
    perfil = getattr(usuario, "perfil", None)
    if perfil is not None:
        return str(perfil.papel)
    return ADMIN if getattr(usuario, "is_superuser", False) else None


def administra_o_sistema(usuario: User | AnonymousUser | None) -> bool:
    """Quem cria e desativa usuários, dá e tira papéis e designa: o superusuário do Django e
    quem tem o papel de administrador do sistema."""
    if not getattr(usuario, "is_authenticated", False) or not getattr(usuario, "is_active", False):
        return False
    return bool(getattr(usuario, "is_superuser", False)) or papel_de(usuario) == SISTEMA


def nome_do_papel(usuario: User | AnonymousUser | None) -> str:
    """O papel como a tela o mostra ("sem papel" se nenhum)."""
    papel = papel_de(usuario)
    if papel is None:
        return "sem papel"
    rotulo = str(Papel(papel).label)
    if getattr(usuario, "is_superuser", False) and papel != SISTEMA:
        rotulo += " e administrador do sistema"
    return rotulo


def usuario_de(request: HttpRequest) -> User:
    """Quem pede uma ação: uma página com `requer_papel` só chega à view com login."""
    if not isinstance(request.user, User):
        raise PermissionDenied("Entre com o seu login para esta ação.")
    return request.user


Visao = Callable[..., HttpResponseBase]


def integra_comissao(usuario: User, certame_id: int) -> bool:
    """O membro da comissão só vê e age nos certames de cuja comissão faz parte."""
    from cotas_web.comissao.models import Membro

    return Membro.objects.filter(certame_id=certame_id, usuario=usuario).exists()


def designado(usuario: User, certame_id: int) -> bool:
    """O RH e o auditor só veem e agem nos certames para os quais foram designados (quem
    administra o sistema, o superusuário, em todos)."""
    if getattr(usuario, "is_superuser", False):
        return True
    return Designacao.objects.filter(certame_id=certame_id, usuario=usuario).exists()


def designar(*, usuario: User, certame: Any) -> bool:
    """Designa o RH ou o auditor para o certame; False se já estava designado."""
    if papel_de(usuario) not in (ADMIN, AUDITOR):
        from django.core.exceptions import ValidationError

        raise ValidationError(
            f"O login {usuario.get_username()} não tem o papel de RH nem de auditor "
            f"({nome_do_papel(usuario)}): dê o papel antes, na tela Usuários."
        )
    _, criada = Designacao.objects.get_or_create(usuario=usuario, certame=certame)
    return criada


def alcanca_o_certame(usuario: User, certame_id: int) -> bool:
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
                raise PermissionDenied(
                    f"Seu papel ({nome_do_papel(request.user)}) não abre esta página; ela é de "
                    + " ou de ".join(str(Papel(p).label) for p in papeis)
                    + "."
                )
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


def requer_administracao(view: Visao) -> Visao:
    """Exige login de quem administra o sistema (`administra_o_sistema`); os demais: 403."""

    @wraps(view)
    def protegida(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponseBase:
        if not request.user.is_authenticated:
            return redirect_to_login(request.get_full_path())
        if not administra_o_sistema(request.user):
            raise PermissionDenied(
                "Só quem administra o sistema cria usuários, dá papéis e designa."
            )
        return view(request, *args, **kwargs)

    protegida.papeis = (SISTEMA,)  # type: ignore[attr-defined]
    return protegida


def requer_login(view: Visao) -> Visao:
    """Exige só o login (qualquer papel, ou nenhum): a troca da própria senha."""

    @wraps(view)
    def protegida(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponseBase:
        if not request.user.is_authenticated:
            return redirect_to_login(request.get_full_path())
        return view(request, *args, **kwargs)

    protegida.papeis = ("logado",)  # type: ignore[attr-defined]
    return protegida


def publica(view: Visao) -> Visao:
    """Marca uma view como pública de propósito (sem login)."""
    view.papeis = ("publico",)  # type: ignore[attr-defined]
    return view
