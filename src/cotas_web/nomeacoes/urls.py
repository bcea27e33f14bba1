from django.urls import path

from . import views

app_name = "nomeacoes"

urlpatterns = [
    path("certames/<int:pk>/nomeacoes/", views.painel, name="painel"),
    path(
        "certames/<int:pk>/nomeacoes/ofertar-edital/", views.ofertar_edital, name="ofertar_edital"
    ),
    path("certames/<int:pk>/nomeacoes/novas-vagas/", views.novas_vagas, name="novas_vagas"),
    path(
        "certames/<int:pk>/nomeacoes/cargos/<int:cargo_id>/confirmar/",
        views.confirmar,
        name="confirmar",
    ),
    path(
        "certames/<int:pk>/nomeacoes/cargos/<int:cargo_id>/confirmar-lote/",
        views.confirmar_lote,
        name="confirmar_lote",
    ),
    path("certames/<int:pk>/nomeacoes/<int:nid>/posse/", views.posse, name="posse"),
    path(
        "certames/<int:pk>/nomeacoes/<int:nid>/desistencia/", views.desistencia, name="desistencia"
    ),
    path(
        "certames/<int:pk>/nomeacoes/<int:nid>/final-de-fila/",
        views.final_de_fila,
        name="final_de_fila",
    ),
    path(
        "certames/<int:pk>/nomeacoes/<int:nid>/sem-efeito/",
        views.nomeacao_sem_efeito,
        name="nomeacao_sem_efeito",
    ),
    path(
        "certames/<int:pk>/nomeacoes/desistencias/<int:did>/sem-efeito/",
        views.desistencia_sem_efeito,
        name="desistencia_sem_efeito",
    ),
    path(
        "certames/<int:pk>/nomeacoes/ofertas/<int:oid>/sem-efeito/",
        views.vagas_sem_efeito,
        name="vagas_sem_efeito",
    ),
]
