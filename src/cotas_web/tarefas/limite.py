"""Um limite de pedidos pesados simultâneos por cliente (downloads, documentos públicos, a API):
quem abre dez downloads de uma vez recebe 429 nos que passam do limite (a página do sítio que o
diz; na API, o JSON dela), e os demais clientes seguem sendo atendidos.

A contagem fica no banco (`PedidoPesado`, uma linha por pedido em curso), partilhada por todos
os processos do servidor (antes ficava no cache padrão, na memória de cada processo: com os
processos síncronos do gunicorn, que atendem um pedido de cada vez, nunca disparava). A entrada
é decidida sob uma trava por cliente (no PostgreSQL, uma trava consultiva da transação; no
SQLite, a transação já começa com a escrita reservada): dois pedidos nunca passam juntos do
limite. Um pedido de um processo que morreu deixa de contar depois de `PRAZO`.
"""

from __future__ import annotations

import contextlib
import zlib
from collections.abc import Callable
from datetime import timedelta
from functools import wraps
from typing import Any

from django.conf import settings
from django.db import DatabaseError, connection, transaction
from django.db.models import Q
from django.http import HttpRequest, HttpResponse, HttpResponseBase
from django.shortcuts import render
from django.utils import timezone

from cotas_web import protecao

from .models import PedidoPesado

PRAZO = timedelta(seconds=300)  # um pedido esquecido (processo morto) deixa de contar
ESPERA = 10  # os segundos do Retry-After da recusa: quanto esperar antes de pedir de novo
_TRAVA = 0x50455341  # "PESA": a primeira chave da trava consultiva (a segunda: o cliente)


def _cliente(request: HttpRequest) -> str:
    """O endereço de quem pede; atrás de proxies de confiança, o do visitante, não o do proxy
    (senão todos os visitantes dividiriam as mesmas vagas)."""
    return str(protecao.endereco_do_cliente(request) or "-")[:64]


def entrar(cliente: str) -> int | None:
    """Reserva uma vaga do cliente; o id da reserva, ou None se ele já está no limite."""
    with transaction.atomic(savepoint=False):
        if connection.vendor == "postgresql":
            with connection.cursor() as cursor:
                cursor.execute(
                    "SELECT pg_advisory_xact_lock(%s, %s)",
                    [_TRAVA, zlib.crc32(cliente.encode()) - 2**31],
                )
        em_curso = PedidoPesado.objects.filter(
            cliente=cliente, inicio__gte=timezone.now() - PRAZO
        ).count()
        if em_curso >= settings.PEDIDOS_PESADOS_POR_CLIENTE:
            return None
        return PedidoPesado.objects.create(cliente=cliente).pk


def sair(reserva: int) -> None:
    """Devolve a vaga (e apaga as esquecidas, de processos que morreram)."""
    with contextlib.suppress(DatabaseError):
        PedidoPesado.objects.filter(Q(pk=reserva) | Q(inicio__lt=timezone.now() - PRAZO)).delete()


def pagina_da_recusa(request: HttpRequest) -> HttpResponse:
    """A recusa de uma página ou de um download: a página do sítio, em português, que diz quanto
    esperar (antes, uma linha de texto sem o sítio em volta)."""
    contexto = {"limite": settings.PEDIDOS_PESADOS_POR_CLIENTE, "espera": ESPERA}
    return render(request, "429.html", contexto, status=429)


def limitar_por_cliente(
    view: Callable[..., HttpResponseBase],
    recusa: Callable[[HttpRequest], HttpResponse] = pagina_da_recusa,
) -> Callable[..., HttpResponseBase]:
    """No máximo `PEDIDOS_PESADOS_POR_CLIENTE` destes pedidos em curso por endereço, em todos os
    processos; o arquivo enviado aos poucos (FileResponse) conta até o último byte sair. Quem
    passa do limite recebe o 429 de `recusa` (a página do sítio; a API dá o seu JSON), com o
    `Retry-After`."""

    @wraps(view)
    def limitada(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponseBase:
        reserva = entrar(_cliente(request))
        if reserva is None:
            recusada = recusa(request)
            recusada["Retry-After"] = str(ESPERA)
            return recusada
        try:
            resposta = view(request, *args, **kwargs)
        except BaseException:
            sair(reserva)
            raise
        if getattr(resposta, "streaming", False):
            resposta._resource_closers.append(lambda: sair(reserva))  # type: ignore[attr-defined]
        else:
            sair(reserva)
        return resposta

    return limitada
