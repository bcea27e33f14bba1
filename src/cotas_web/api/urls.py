"""Os endereços dos dados abertos: a API em /api/ (descrição em /api/openapi.json, documentação
em /api/docs) e os feeds Atom de cada certame e de cada cargo."""

from django.urls import path

from . import feeds
from .views import api

app_name = "dados_abertos"

# A API fica no espaço de nomes "api" da raiz (`cotas_web.urls`: o django-ninja monta a
# descrição OpenAPI pelos nomes "api:..."); aqui, os feeds.
URLS_DA_API = api.urls
_rotas_da_api = URLS_DA_API[0]
# Toda a API é pública de propósito (só leitura do que as páginas públicas mostram): a marca de
# `contas.permissoes.publica` em cada rota, que `test_toda_view_declara_quem_pode` confere.
for _rota in _rotas_da_api:
    _rota.callback.papeis = ("publico",)  # type: ignore[union-attr]

urlpatterns = [
    path("publico/certames/<int:pk>/atos.atom", feeds.FeedCertame(), name="feed_certame"),
    path(
        "publico/certames/<int:pk>/cargos/<str:codigo>/atos.atom",
        feeds.FeedCargo(),
        name="feed_cargo",
    ),
]
