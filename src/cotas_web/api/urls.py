"""Os endereços dos dados abertos: a API em /api/ (descrição em /api/openapi.json, documentação
em /api/docs) e os feeds Atom de cada certame e de cada cargo."""

from collections.abc import Callable
from functools import wraps
from typing import Any

from django.http import HttpRequest, HttpResponse, HttpResponseBase, HttpResponseNotAllowed
from django.urls import URLPattern, path, re_path

import cotas_web.conversores  # noqa: F401  (o conversor <id:...> dos endereços)
from cotas_web.contas.permissoes import publica
from cotas_web.tarefas.limite import limitar_por_cliente

from . import feeds
from .views import (
    NAO_ENCONTRADO,
    api,
    descricao_openapi,
    metodo_nao_permitido,
    muitos_pedidos,
    nao_encontrado,
)

app_name = "dados_abertos"


def aberta(view: Callable[..., HttpResponseBase]) -> Callable[..., HttpResponseBase]:
    """Dados abertos a qualquer site (CORS): um portal de transparência lê a API e o feed do
    navegador. Sem risco de expor quem está logado: as respostas são sempre as do público (sem
    login, sem cookies: `Access-Control-Allow-Credentials` nunca é enviado)."""

    @wraps(view)
    def aberta(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponseBase:
        if _pergunta_do_navegador(request):
            # A pergunta prévia (CORS) de um navegador noutro sítio, antes de um GET com
            # `If-None-Match`: sem ela respondida, o 304 entre sítios não funcionava (o
            # OPTIONS era 405). Responde só o que a API aceita; não conta no limite.
            resposta: HttpResponseBase = HttpResponse(status=204)
            resposta["Access-Control-Allow-Methods"] = "GET, HEAD"
            resposta["Access-Control-Allow-Headers"] = "If-None-Match"
            resposta["Access-Control-Max-Age"] = "86400"
        else:
            resposta = view(request, *args, **kwargs)
        resposta["Access-Control-Allow-Origin"] = "*"
        resposta["Access-Control-Expose-Headers"] = "ETag"
        return resposta

    return aberta


def _pergunta_do_navegador(request: HttpRequest) -> bool:
    """O OPTIONS que o navegador manda antes de um pedido entre sítios (CORS preflight)."""
    return (
        request.method == "OPTIONS"
        and "Origin" in request.headers
        and "Access-Control-Request-Method" in request.headers
    )


def em_json(view: Callable[..., HttpResponseBase]) -> Callable[..., HttpResponseBase]:
    """O 405 do django-ninja (texto em inglês) como o JSON em português das demais respostas."""

    @wraps(view)
    def em_json(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponseBase:
        resposta = view(request, *args, **kwargs)
        if isinstance(resposta, HttpResponseNotAllowed):
            return metodo_nao_permitido(request, resposta)
        return resposta

    return em_json


# A API fica no espaço de nomes "api" da raiz (`cotas_web.urls`: o django-ninja monta a
# descrição OpenAPI pelos nomes "api:..."); aqui, os feeds.
URLS_DA_API = api.urls
_rotas_da_api = URLS_DA_API[0]
# Toda a API é pública de propósito (só leitura do que as páginas públicas mostram): a marca de
# `contas.permissoes.publica` em cada rota, que `test_toda_view_declara_quem_pode` confere.
# Os endereços que leem o certame reencenado (como as páginas dos documentos) contam no limite
# de pedidos pesados simultâneos por cliente; a descrição e a documentação, não.
# A raiz (/api/, que o django-ninja responde com a 404 HTML do sítio) e qualquer endereço sob
# /api/ que não é da API (a última rota) respondem a 404 em JSON, como o resto da API.
_LEVES = ("openapi-json", "openapi-view", "api-root", NAO_ENCONTRADO)
_rotas_da_api.append(re_path("", nao_encontrado, name=NAO_ENCONTRADO))
for _rota in _rotas_da_api:
    assert isinstance(_rota, URLPattern)
    if _rota.name == "api-root":
        _rota.callback = nao_encontrado
    if _rota.name == "openapi-json":
        _rota.callback = descricao_openapi
    if _rota.name not in _LEVES:
        _rota.callback = limitar_por_cliente(em_json(_rota.callback), recusa=muitos_pedidos)
    _rota.callback = aberta(_rota.callback)
    publica(_rota.callback)

urlpatterns = [
    path(
        "publico/certames/<id:pk>/atos.atom",
        publica(aberta(limitar_por_cliente(feeds.FeedCertame()))),
        name="feed_certame",
    ),
    path(
        "publico/certames/<id:pk>/cargos/<str:codigo>/atos.atom",
        publica(aberta(limitar_por_cliente(feeds.FeedCargo()))),
        name="feed_cargo",
    ),
]
