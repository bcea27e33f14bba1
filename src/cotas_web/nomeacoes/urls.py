from django.urls import path

import cotas_web.conversores  # noqa: F401  (o conversor <id:...> dos endereços)

from . import views

app_name = "nomeacoes"

urlpatterns = [
    path("certames/<id:pk>/nomeacoes/", views.painel, name="painel"),
    path("certames/<id:pk>/nomeacoes/ofertar-edital/", views.ofertar_edital, name="ofertar_edital"),
    path("certames/<id:pk>/nomeacoes/novas-vagas/", views.novas_vagas, name="novas_vagas"),
    path(
        "certames/<id:pk>/nomeacoes/cargos/<id:cargo_id>/confirmar/",
        views.confirmar,
        name="confirmar",
    ),
    path(
        "certames/<id:pk>/nomeacoes/cargos/<id:cargo_id>/confirmar-lote/",
        views.confirmar_lote,
        name="confirmar_lote",
    ),
    path("certames/<id:pk>/nomeacoes/<id:nid>/posse/", views.posse, name="posse"),
    path("certames/<id:pk>/nomeacoes/<id:nid>/desistencia/", views.desistencia, name="desistencia"),
    path(
        "certames/<id:pk>/nomeacoes/<id:nid>/final-de-fila/",
        views.final_de_fila,
        name="final_de_fila",
    ),
    path(
        "certames/<id:pk>/nomeacoes/<id:nid>/sem-efeito/",
        views.nomeacao_sem_efeito,
        name="nomeacao_sem_efeito",
    ),
    path(
        "certames/<id:pk>/nomeacoes/desistencias/<id:did>/sem-efeito/",
        views.desistencia_sem_efeito,
        name="desistencia_sem_efeito",
    ),
    path(
        "certames/<id:pk>/nomeacoes/ofertas/<id:oid>/sem-efeito/",
        views.vagas_sem_efeito,
        name="vagas_sem_efeito",
    ),
]
