from django.urls import path

from . import views

app_name = "candidatos"

urlpatterns = [
    path("certames/<int:pk>/candidatos/", views.lista, name="lista"),
    path("certames/<int:pk>/candidatos/importar/", views.importar, name="importar"),
    path("certames/<int:pk>/candidatos/importar/modelo.<str:formato>", views.modelo, name="modelo"),
    path(
        "certames/<int:pk>/candidatos/importacoes/<int:iid>/remover/",
        views.importacao_remover,
        name="importacao_remover",
    ),
    path("certames/<int:pk>/candidatos/<int:cid>/", views.detalhe, name="detalhe"),
    path("certames/<int:pk>/candidatos/<int:cid>/corrigir/", views.corrigir, name="corrigir"),
    path("certames/<int:pk>/candidatos/<int:cid>/fraude/", views.fraude_abrir, name="fraude_abrir"),
    path(
        "certames/<int:pk>/candidatos/<int:cid>/desistencia/", views.desistencia, name="desistencia"
    ),
    path("certames/<int:pk>/fraude/", views.fraudes, name="fraudes"),
    path("certames/<int:pk>/fraude/<int:fid>/", views.fraude, name="fraude"),
    path("certames/<int:pk>/fraude/<int:fid>/<str:acao>/", views.fraude_acao, name="fraude_acao"),
]
