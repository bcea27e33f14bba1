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
]
