from django.urls import path

from . import views

app_name = "textos"

urlpatterns = [
    path("certames/<int:pk>/textos/", views.lista, name="lista"),
    path("certames/<int:pk>/textos/<slug:tipo>.<str:formato>", views.texto, name="texto"),
    path("orgao/modelos-de-texto/", views.modelos, name="modelos"),
    path("orgao/modelos-de-texto/<slug:tipo>/", views.modelo, name="modelo"),
]
