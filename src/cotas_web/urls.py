from django.urls import include, path

urlpatterns = [
    path("", include("cotas_web.contas.urls")),
    path("", include("cotas_web.certames.urls")),
    path("", include("cotas_web.candidatos.urls")),
    path("", include("cotas_web.comissao.urls")),
    path("", include("cotas_web.nomeacoes.urls")),
    path("", include("cotas_web.publico.urls")),
]
