from django.urls import path

import cotas_web.conversores  # noqa: F401  (o conversor <id:...> dos endereços)

from . import views

app_name = "textos"

urlpatterns = [
    path("certames/<id:pk>/textos/", views.lista, name="lista"),
    path("certames/<id:pk>/textos/<slug:tipo>.<str:formato>", views.texto, name="texto"),
    path("orgao/modelos-de-texto/", views.modelos, name="modelos"),
    path("orgao/modelos-de-texto/<slug:tipo>/", views.modelo, name="modelo"),
]
