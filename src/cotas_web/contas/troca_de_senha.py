"""A senha provisória (definida por quem administra o sistema) se troca antes de qualquer outra
página: ao entrar, a sessão guarda se o usuário tem uma; enquanto tiver, cada pedido vai à
troca de senha (sem consulta ao banco a cada pedido)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect
from django.urls import reverse

CHAVE = "trocar_senha"

# O que se abre com a senha provisória: a troca, a saída e os arquivos da página.
LIVRES = ("contas:senha_trocar", "contas:senha_trocada", "contas:sair")


def ao_entrar(sender: Any, request: HttpRequest, user: Any, **kwargs: Any) -> None:
    """(sinal `user_logged_in`) Marca a sessão de quem entra com senha provisória."""
    from .models import SenhaProvisoria

    if request is not None and hasattr(request, "session"):
        if SenhaProvisoria.objects.filter(usuario=user).exists():
            request.session[CHAVE] = True
        else:
            request.session.pop(CHAVE, None)


def esquecer(request: HttpRequest) -> None:
    """A senha foi trocada: a sessão segue sem a marca."""
    request.session.pop(CHAVE, None)


class TrocaDeSenhaObrigatoria:
    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        sessao = getattr(request, "session", None)
        if (
            sessao is not None
            and sessao.get(CHAVE)
            and request.user.is_authenticated
            and not request.path.startswith("/static/")
            and request.path not in {reverse(nome) for nome in LIVRES}
        ):
            messages.info(
                request, "Você entrou com uma senha provisória: troque-a antes de continuar."
            )
            return redirect("contas:senha_trocar")
        return self.get_response(request)
