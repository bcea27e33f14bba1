from django.urls import path

import cotas_web.conversores  # noqa: F401  (o conversor <id:...> dos endereços)

from . import views

app_name = "candidatos"

urlpatterns = [
    path("certames/<id:pk>/candidatos/", views.lista, name="lista"),
    path("certames/<id:pk>/candidatos/importar/", views.importar, name="importar"),
    path("certames/<id:pk>/candidatos/importar/modelo.<str:formato>", views.modelo, name="modelo"),
    path(
        "certames/<id:pk>/candidatos/importacoes/<id:iid>/remover/",
        views.importacao_remover,
        name="importacao_remover",
    ),
    path("certames/<id:pk>/candidatos/<id:cid>/", views.detalhe, name="detalhe"),
    path("certames/<id:pk>/candidatos/<id:cid>/corrigir/", views.corrigir, name="corrigir"),
    path("certames/<id:pk>/candidatos/<id:cid>/fraude/", views.fraude_abrir, name="fraude_abrir"),
    path(
        "certames/<id:pk>/candidatos/<id:cid>/desistencia/", views.desistencia, name="desistencia"
    ),
    path(
        "certames/<id:pk>/candidatos/<id:cid>/verificacao-documental/",
        views.verificacao_documental,
        name="verificacao_documental",
    ),
    path("certames/<id:pk>/fraude/", views.fraudes, name="fraudes"),
    path("certames/<id:pk>/fraude/<id:fid>/", views.fraude, name="fraude"),
    path("certames/<id:pk>/fraude/<id:fid>/<str:acao>/", views.fraude_acao, name="fraude_acao"),
]
