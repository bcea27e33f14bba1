from django.urls import path

from . import views

app_name = "publico"

urlpatterns = [
    path("publico/certames/<int:pk>/consulta/", views.consulta, name="consulta"),
    path("publico/certames/<int:pk>/documentos/<slug:doc>/", views.documento, name="documento"),
    path(
        "publico/certames/<int:pk>/documentos/<slug:doc>.<str:formato>",
        views.baixar,
        name="baixar",
    ),
    path(
        "publico/certames/<int:pk>/documentos/<slug:doc>/<slug:tabela>.csv",
        views.baixar_tabela,
        name="baixar_tabela",
    ),
    path("publico/certames/<int:pk>/arquivos/", views.publicados, name="publicados"),
    path(
        "publico/certames/<int:pk>/arquivos/<uuid:tarefa_id>",
        views.arquivo_da_versao,
        name="arquivo",
    ),
    path(
        "publico/certames/<int:pk>/dados-abertos.zip",
        views.dados_abertos,
        name="dados_abertos",
    ),
    path("publico/dados-abertos/", views.catalogo, name="catalogo"),
    path(
        "publico/certames/<int:pk>/heteroidentificacao/",
        views.heteroidentificacao,
        name="heteroidentificacao",
    ),
    path(
        "certames/<int:pk>/comissao/recursos.<str:formato>",
        views.recursos,
        name="recursos",
    ),
    path(
        "certames/<int:pk>/comissao/sessoes/<int:sid>/ata.<str:formato>",
        views.ata,
        name="ata",
    ),
]
