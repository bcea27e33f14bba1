from django.urls import path

import cotas_web.conversores  # noqa: F401  (o conversor <id:...> dos endereços)

from . import views

app_name = "certames"

urlpatterns = [
    path("", views.inicio, name="inicio"),
    path("publico/certames/<id:pk>/", views.publico, name="publico"),
    path("certames/novo/", views.novo, name="novo"),
    path("certames/<id:pk>/", views.detalhe, name="detalhe"),
    path("certames/<id:pk>/cargos/novo/", views.cargo_novo, name="cargo_novo"),
    path("certames/<id:pk>/homologar/", views.homologar, name="homologar"),
    path("certames/<id:pk>/historico/", views.historico, name="historico"),
    path(
        "certames/<id:pk>/historico/auditoria.<str:formato>",
        views.historico_exportar,
        name="historico_exportar",
    ),
    path("certames/<id:pk>/publicar/", views.publicar, name="publicar"),
    path("certames/<id:pk>/arquivar/", views.arquivar, name="arquivar"),
    path("certames/<id:pk>/corrigir/", views.corrigir, name="corrigir"),
    path("certames/<id:pk>/retificar/", views.retificar, name="retificar"),
    path("certames/<id:pk>/edital/", views.edital, name="edital"),
]
