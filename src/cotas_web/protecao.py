"""Proteções da aplicação: um id em cada pedido (nos logs e na resposta), `no-store` nas
respostas com dados pessoais (raça/cor, deficiência, telas da equipe), o nome seguro de um
arquivo para baixar (`Content-Disposition`) e o endereço do cliente atrás de proxies."""

from __future__ import annotations

import logging
import re
import uuid
from collections.abc import Callable
from contextvars import ContextVar

from django.http import HttpRequest, HttpResponse
from django.utils.cache import add_never_cache_headers
from django.utils.http import content_disposition_header

_ID_DO_PEDIDO: ContextVar[str] = ContextVar("id_do_pedido", default="-")
_ID_ACEITO = re.compile(r"[A-Za-z0-9._-]{1,64}")  # o de um proxy na frente, se for seguro
# Páginas públicas que mostram dados pessoais de uma inscrição (a consulta).
PUBLICAS_SENSIVEIS = frozenset({"publico:consulta"})

Resposta = Callable[[HttpRequest], HttpResponse]


class FiltroIdDoPedido(logging.Filter):
    """Põe `id_pedido` em cada linha de log (o do pedido em curso, ou "-")."""

    def filter(self, record: logging.LogRecord) -> bool:
        record.id_pedido = _ID_DO_PEDIDO.get()
        return True


class FiltroRecusaSemPilha(logging.Filter):
    """Uma recusa por papel (403) fica no log numa linha, sem a pilha da `PermissionDenied`:
    é a resposta prevista a um pedido, não um erro (40 pilhas num passeio pelas páginas
    escondiam o que importava)."""

    def filter(self, record: logging.LogRecord) -> bool:
        if getattr(record, "status_code", None) == 403:
            record.exc_info = None
            record.exc_text = None
        return True


def endereco_do_cliente(request: HttpRequest) -> str | None:
    """O endereço de quem pede: o REMOTE_ADDR, ou, atrás de `NINJA_NUM_PROXIES` proxies de
    confiança (`COTAS_PROXIES_CONFIAVEIS`), o endereço que o mais externo deles recebeu, o N-ésimo
    da direita no X-Forwarded-For (settings/base.py). A conta é a do django-ninja, não uma leitura
    do cabeçalho escrita aqui."""
    from ninja.throttling import BaseThrottle

    return BaseThrottle().get_ident(request)


class IdDoPedido:
    """O id do pedido (o `X-Request-ID` do proxy, se vier e for seguro; senão um novo) nos
    logs e na resposta, para achar a linha de log de um erro que alguém relata."""

    def __init__(self, get_response: Resposta) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        recebido = request.headers.get("X-Request-ID", "")
        id_pedido = recebido if _ID_ACEITO.fullmatch(recebido) else uuid.uuid4().hex[:16]
        # Sem desfazer ao sair: o Django registra as respostas 4xx/5xx depois de passar por
        # todos os middlewares; o próximo pedido desta thread troca o id logo ao chegar.
        _ID_DO_PEDIDO.set(id_pedido)
        response = self.get_response(request)
        response["X-Request-ID"] = id_pedido
        return response


class SemCache:
    """`Cache-Control: no-store` em toda resposta a quem entrou (telas da equipe) e na consulta
    pública de uma inscrição: nada disso fica no cache do navegador nem de um proxy."""

    def __init__(self, get_response: Resposta) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        response = self.get_response(request)
        usuario = getattr(request, "user", None)
        rota = getattr(request, "resolver_match", None)
        if (usuario is not None and usuario.is_authenticated) or (
            rota is not None and rota.view_name in PUBLICAS_SENSIVEIS
        ):
            add_never_cache_headers(response)
        return response


def nome_de_arquivo(nome: str) -> str:
    """O nome para baixar, sem caracteres de controle (um CR/LF quebraria o cabeçalho) nem
    barras; os demais (aspas, acentos) vão codificados por `disposicao`."""
    limpo = "".join("_" if ord(c) < 32 or ord(c) == 127 or c in "/\\" else c for c in nome).strip()
    return limpo or "arquivo"


def disposicao(nome: str, *, anexo: bool) -> str:
    """O `Content-Disposition` de um download: RFC 6266, com `filename*` (UTF-8) quando o
    nome não é ASCII e aspas escapadas quando é."""
    cabecalho = content_disposition_header(anexo, nome_de_arquivo(nome))
    assert cabecalho is not None  # (só é None sem nome e sem anexo)
    return cabecalho
