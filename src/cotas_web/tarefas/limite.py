"""Um limite de pedidos pesados simultâneos por cliente (downloads, documentos públicos): quem
abre dez downloads de uma vez recebe 429 nos que passam do limite, e os demais clientes seguem
sendo atendidos.

A contagem fica no cache do Django: no cache padrão (na memória) ela é por processo; com um
cache partilhado (o do banco, `DatabaseCache`, ou um arquivo), vale para todos os processos.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable
from functools import wraps
from typing import Any

from django.conf import settings
from django.core.cache import cache
from django.http import HttpRequest, HttpResponse, HttpResponseBase

PRAZO = 300  # segundos: uma contagem esquecida (processo morto) se apaga sozinha


def _chave(request: HttpRequest) -> str:
    return f"cotas:pesados:{request.META.get('REMOTE_ADDR', '-')}"


def _entrar(chave: str) -> bool:
    cache.add(chave, 0, PRAZO)
    try:
        em_curso = cache.incr(chave)
    except ValueError:  # expirou entre o add e o incr
        cache.add(chave, 1, PRAZO)
        em_curso = 1
    if em_curso > settings.PEDIDOS_PESADOS_POR_CLIENTE:
        _sair(chave)
        return False
    return True


def _sair(chave: str) -> None:
    with contextlib.suppress(ValueError):
        cache.decr(chave)


def limitar_por_cliente(view: Callable[..., HttpResponseBase]) -> Callable[..., HttpResponseBase]:
    """No máximo `PEDIDOS_PESADOS_POR_CLIENTE` destes pedidos em curso por endereço; o arquivo
    enviado aos poucos (FileResponse) conta até o último byte sair."""

    @wraps(view)
    def limitada(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponseBase:
        chave = _chave(request)
        if not _entrar(chave):
            recusa = HttpResponse(
                "Muitos downloads ao mesmo tempo deste endereço. Espere os anteriores "
                "terminarem e tente de novo.",
                status=429,
                content_type="text/plain; charset=utf-8",
            )
            recusa["Retry-After"] = "10"
            return recusa
        try:
            resposta = view(request, *args, **kwargs)
        except BaseException:
            _sair(chave)
            raise
        if getattr(resposta, "streaming", False):
            resposta._resource_closers.append(lambda: _sair(chave))  # type: ignore[attr-defined]
        else:
            _sair(chave)
        return resposta

    return limitada
