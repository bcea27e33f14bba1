from django.urls import path

import cotas_web.conversores  # noqa: F401  (o conversor <id:...> dos endereços)

from . import views

app_name = "comissao"

urlpatterns = [
    path("certames/<id:pk>/comissao/", views.painel, name="painel"),
    path("certames/<id:pk>/comissao/membros/novo/", views.membro_novo, name="membro_novo"),
    path("certames/<id:pk>/comissao/sessoes/nova/", views.sessao_nova, name="sessao_nova"),
    path("certames/<id:pk>/comissao/sessoes/<id:sid>/", views.sessao, name="sessao"),
    path("certames/<id:pk>/comissao/sessoes/<id:sid>/convocar/", views.convocar, name="convocar"),
    path("certames/<id:pk>/comissao/sessoes/<id:sid>/ata/", views.ata, name="ata"),
    path("certames/<id:pk>/comissao/sessoes/<id:sid>/lote/", views.lote, name="lote"),
    path("certames/<id:pk>/comissao/sessoes/<id:sid>/encerrar/", views.encerrar, name="encerrar"),
    path("certames/<id:pk>/comissao/recursos/", views.recursos, name="recursos"),
    path(
        "certames/<id:pk>/comissao/sessoes/<id:sid>/ata/registrar/",
        views.ata_registrar,
        name="ata_registrar",
    ),
    path("certames/<id:pk>/comissao/verificacoes/<id:vid>/", views.verificacao, name="verificacao"),
    path("certames/<id:pk>/comissao/gravacoes/<id:gid>/", views.gravacao, name="gravacao"),
    path("certames/<id:pk>/comissao/recursos/novo/", views.recurso_novo, name="recurso_novo"),
    path(
        "certames/<id:pk>/comissao/recursos/<id:rid>/decidir/",
        views.recurso_decidir,
        name="recurso_decidir",
    ),
    path(
        "certames/<id:pk>/comissao/verificacoes/<id:vid>/sem-efeito/",
        views.parecer_sem_efeito,
        name="parecer_sem_efeito",
    ),
    path(
        "certames/<id:pk>/comissao/recursos/<id:rid>/sem-efeito/",
        views.recurso_sem_efeito,
        name="recurso_sem_efeito",
    ),
]
