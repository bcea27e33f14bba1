from django.urls import path

import cotas_web.conversores  # noqa: F401  (o conversor <id:...> dos endereços)

from . import views

app_name = "publico"

urlpatterns = [
    path("publico/certames/<id:pk>/consulta/", views.consulta, name="consulta"),
    path("publico/certames/<id:pk>/documentos/<slug:doc>/", views.documento, name="documento"),
    path(
        "publico/certames/<id:pk>/documentos/<slug:doc>.<str:formato>",
        views.baixar,
        name="baixar",
    ),
    path(
        "publico/certames/<id:pk>/documentos/<slug:doc>/<slug:tabela>.csv",
        views.baixar_tabela,
        name="baixar_tabela",
    ),
    path("publico/certames/<id:pk>/arquivos/", views.publicados, name="publicados"),
    path(
        "publico/certames/<id:pk>/arquivos/<uuid:tarefa_id>",
        views.arquivo_da_versao,
        name="arquivo",
    ),
    path(
        "publico/certames/<id:pk>/dados-abertos.zip",
        views.dados_abertos,
        name="dados_abertos",
    ),
    path("publico/dados-abertos/", views.catalogo, name="catalogo"),
    path(
        "publico/certames/<id:pk>/heteroidentificacao/",
        views.heteroidentificacao,
        name="heteroidentificacao",
    ),
    path(
        "certames/<id:pk>/comissao/recursos.<str:formato>",
        views.recursos,
        name="recursos",
    ),
    path(
        "certames/<id:pk>/comissao/sessoes/<id:sid>/ata.<str:formato>",
        views.ata,
        name="ata",
    ),
]
