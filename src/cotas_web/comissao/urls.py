from django.urls import path

from . import views

app_name = "comissao"

urlpatterns = [
    path("certames/<int:pk>/comissao/", views.painel, name="painel"),
    path("certames/<int:pk>/comissao/membros/novo/", views.membro_novo, name="membro_novo"),
    path("certames/<int:pk>/comissao/sessoes/nova/", views.sessao_nova, name="sessao_nova"),
    path("certames/<int:pk>/comissao/sessoes/<int:sid>/", views.sessao, name="sessao"),
    path("certames/<int:pk>/comissao/sessoes/<int:sid>/convocar/", views.convocar, name="convocar"),
    path("certames/<int:pk>/comissao/sessoes/<int:sid>/ata/", views.ata, name="ata"),
    path("certames/<int:pk>/comissao/sessoes/<int:sid>/lote/", views.lote, name="lote"),
    path("certames/<int:pk>/comissao/sessoes/<int:sid>/encerrar/", views.encerrar, name="encerrar"),
    path("certames/<int:pk>/comissao/recursos/", views.recursos, name="recursos"),
    path(
        "certames/<int:pk>/comissao/sessoes/<int:sid>/ata/registrar/",
        views.ata_registrar,
        name="ata_registrar",
    ),
    path(
        "certames/<int:pk>/comissao/verificacoes/<int:vid>/", views.verificacao, name="verificacao"
    ),
    path("certames/<int:pk>/comissao/gravacoes/<int:gid>/", views.gravacao, name="gravacao"),
    path("certames/<int:pk>/comissao/recursos/novo/", views.recurso_novo, name="recurso_novo"),
    path(
        "certames/<int:pk>/comissao/recursos/<int:rid>/decidir/",
        views.recurso_decidir,
        name="recurso_decidir",
    ),
    path(
        "certames/<int:pk>/comissao/verificacoes/<int:vid>/sem-efeito/",
        views.parecer_sem_efeito,
        name="parecer_sem_efeito",
    ),
    path(
        "certames/<int:pk>/comissao/recursos/<int:rid>/sem-efeito/",
        views.recurso_sem_efeito,
        name="recurso_sem_efeito",
    ),
]
