"""As rotas da aplicação e uma que falha, para ver o erro 500 no log."""

from django.http import HttpRequest, HttpResponse
from django.urls import path

from cotas_web.urls import urlpatterns as da_aplicacao


def falha(request: HttpRequest) -> HttpResponse:
    raise RuntimeError("falha de propósito no teste")


urlpatterns = [*da_aplicacao, path("_falha/", falha)]
