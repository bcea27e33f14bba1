from django.urls import path

from . import views

app_name = "certames"

urlpatterns = [
    path("", views.inicio, name="inicio"),
    path("publico/certames/<int:pk>/", views.publico, name="publico"),
    path("certames/novo/", views.novo, name="novo"),
    path("certames/<int:pk>/", views.detalhe, name="detalhe"),
    path("certames/<int:pk>/cargos/novo/", views.cargo_novo, name="cargo_novo"),
    path("certames/<int:pk>/homologar/", views.homologar, name="homologar"),
    path("certames/<int:pk>/historico/", views.historico, name="historico"),
    path(
        "certames/<int:pk>/historico/auditoria.<str:formato>",
        views.historico_exportar,
        name="historico_exportar",
    ),
    path("certames/<int:pk>/publicar/", views.publicar, name="publicar"),
    path("certames/<int:pk>/arquivar/", views.arquivar, name="arquivar"),
    path("certames/<int:pk>/corrigir/", views.corrigir, name="corrigir"),
    path("certames/<int:pk>/retificar/", views.retificar, name="retificar"),
    path("certames/<int:pk>/edital/", views.edital, name="edital"),
]
