from django.urls import path

from . import views

app_name = "tarefas"

urlpatterns = [
    path("tarefas/<uuid:tarefa_id>/", views.estado, name="estado"),
    path("tarefas/<uuid:tarefa_id>/acompanhar", views.acompanhar, name="acompanhar"),
    path("tarefas/<uuid:tarefa_id>/arquivo", views.arquivo, name="arquivo"),
]
