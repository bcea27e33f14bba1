from django.contrib.auth import views as auth_views
from django.urls import path

import cotas_web.conversores  # noqa: F401  (o conversor <id:...> dos endereços)

from . import views

app_name = "contas"

urlpatterns = [
    path(
        "entrar/",
        auth_views.LoginView.as_view(template_name="contas/entrar.html"),
        name="entrar",
    ),
    path("sair/", auth_views.LogoutView.as_view(), name="sair"),
    path("senha/trocar/", views.senha_trocar, name="senha_trocar"),
    path("senha/trocada/", views.senha_trocada, name="senha_trocada"),
    path("senha/esqueci/", views.senha_esqueci, name="senha_esqueci"),
    path("senha/esqueci/enviado/", views.senha_enviada, name="senha_enviada"),
    path("senha/nova/<uidb64>/<token>/", views.senha_nova, name="senha_nova"),
    path("senha/redefinida/", views.senha_redefinida, name="senha_redefinida"),
    path("usuarios/", views.usuarios, name="usuarios"),
    path("usuarios/novo/", views.usuario_novo, name="usuario_novo"),
    path("usuarios/<id:uid>/", views.usuario, name="usuario"),
    path("usuarios/<id:uid>/dados/", views.dados, name="dados"),
    path("usuarios/<id:uid>/papel/", views.papel_dar, name="papel_dar"),
    path("usuarios/<id:uid>/papel/tirar/", views.papel_tirar, name="papel_tirar"),
    path("usuarios/<id:uid>/designar/", views.designar, name="designar"),
    path(
        "usuarios/<id:uid>/designacoes/<id:certame_id>/desfazer/",
        views.desdesignar,
        name="desdesignar",
    ),
    path("usuarios/<id:uid>/desativar/", views.desativar, name="desativar"),
    path("usuarios/<id:uid>/reativar/", views.reativar, name="reativar"),
    path("usuarios/<id:uid>/senha/", views.senha_provisoria, name="senha_provisoria"),
]
