from django.urls import path

from . import views

app_name = "identidade"

urlpatterns = [
    path("privacidade/", views.privacidade, name="privacidade"),
    path("orgao/brasao/", views.brasao, name="brasao"),
    path("orgao/", views.editar, name="editar"),
]
