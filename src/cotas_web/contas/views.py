"""As telas de quem administra o sistema (usuários, papéis, designações) e as da senha."""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.contrib.auth import views as auth_views
from django.contrib.auth.models import User
from django.core.exceptions import ValidationError
from django.http import HttpRequest, HttpResponse, HttpResponseBase
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse_lazy
from django.views.decorators.http import require_POST

from cotas_web.auditoria.selectors import registros_do_sistema
from cotas_web.comum import erros_do_formulario, mensagens_de, tentar

from . import selectors, services
from .forms import (
    DadosForm,
    DesativarForm,
    DesignarForm,
    EsqueciForm,
    PapelForm,
    SenhaProvisoriaForm,
    UsuarioForm,
)
from .permissoes import (
    ADMIN,
    AUDITOR,
    nome_do_papel,
    papel_de,
    publica,
    requer_administracao,
    requer_login,
    usuario_de,
)
from .troca_de_senha import esquecer


@requer_administracao
def usuarios(request: HttpRequest) -> HttpResponse:
    return render(
        request,
        "contas/usuarios.html",
        {"usuarios": selectors.usuarios(), "registros": registros_do_sistema(limite=30)},
    )


@requer_administracao
def usuario_novo(request: HttpRequest) -> HttpResponse:
    form = UsuarioForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        d = form.cleaned_data
        try:
            novo = services.usuario_criar(
                usuario=usuario_de(request),
                login=d["login"],
                nome=d["nome"],
                email=d["email"],
                senha=d["senha"],
                papel=d["papel"],
            )
        except ValidationError as erro:
            for m in mensagens_de(erro):
                form.add_error(None, m)
        else:
            messages.success(
                request,
                f"Usuário {novo.get_username()} criado. Entregue a senha provisória; "
                "ele a troca depois de entrar.",
            )
            return redirect("contas:usuario", uid=novo.pk)
    return render(
        request,
        "form.html",
        {
            "form": form,
            "titulo": "Novo usuário",
            "botao": "Criar usuário",
            "introducao": "O papel diz o que a pessoa faz; o RH e o auditor agem só nos certames "
            "para os quais você os designar (na página do usuário, depois de criado).",
        },
    )


@requer_administracao
def usuario(request: HttpRequest, uid: int) -> HttpResponse:
    alvo = get_object_or_404(User, pk=uid)
    papel = papel_de(alvo)
    return render(
        request,
        "contas/usuario.html",
        {
            "alvo": alvo,
            "papel_do_alvo": nome_do_papel(alvo),
            "tem_perfil": hasattr(alvo, "perfil"),
            "designa": papel in (ADMIN, AUDITOR),
            "designacoes": selectors.designacoes_de(alvo),
            "papel_form": PapelForm(initial={"papel": papel or ""}),
            "designar_form": DesignarForm(certames=selectors.certames_para_designar(alvo)),
            "desativar_form": DesativarForm(),
            "senha_form": SenhaProvisoriaForm(),
            "dados_form": DadosForm(initial={"nome": alvo.get_full_name(), "email": alvo.email}),
        },
    )


def _de_volta(uid: int) -> HttpResponseBase:
    return redirect("contas:usuario", uid=uid)


@requer_administracao
@require_POST
def papel_dar(request: HttpRequest, uid: int) -> HttpResponseBase:
    alvo = get_object_or_404(User, pk=uid)
    form = PapelForm(request.POST)
    if not form.is_valid():
        erros_do_formulario(request, form)
        return _de_volta(uid)
    tentar(
        request,
        lambda: services.papel_dar(
            usuario=usuario_de(request), alvo=alvo, papel=form.cleaned_data["papel"]
        ),
        "Papel dado; fica no registro.",
    )
    return _de_volta(uid)


@requer_administracao
@require_POST
def dados(request: HttpRequest, uid: int) -> HttpResponseBase:
    alvo = get_object_or_404(User, pk=uid)
    form = DadosForm(request.POST)
    if not form.is_valid():
        erros_do_formulario(request, form)
        return _de_volta(uid)
    d = form.cleaned_data
    tentar(
        request,
        lambda: services.usuario_editar(
            usuario=usuario_de(request), alvo=alvo, nome=d["nome"], email=d["email"]
        ),
        "Nome e e-mail corrigidos; fica no registro.",
    )
    return _de_volta(uid)


@requer_administracao
@require_POST
def papel_tirar(request: HttpRequest, uid: int) -> HttpResponseBase:
    alvo = get_object_or_404(User, pk=uid)
    tentar(
        request,
        lambda: services.papel_tirar(usuario=usuario_de(request), alvo=alvo),
        "Papel tirado; as designações dele terminaram.",
    )
    return _de_volta(uid)


@requer_administracao
@require_POST
def designar(request: HttpRequest, uid: int) -> HttpResponseBase:
    alvo = get_object_or_404(User, pk=uid)
    form = DesignarForm(request.POST, certames=selectors.certames_para_designar(alvo))
    if not form.is_valid():
        erros_do_formulario(request, form)
        return _de_volta(uid)
    tentar(
        request,
        lambda: services.designacao_fazer(
            usuario=usuario_de(request), alvo=alvo, certame_id=int(form.cleaned_data["certame"])
        ),
        "Designado; a designação está no histórico do certame.",
    )
    return _de_volta(uid)


@requer_administracao
@require_POST
def desdesignar(request: HttpRequest, uid: int, certame_id: int) -> HttpResponseBase:
    alvo = get_object_or_404(User, pk=uid)
    try:
        feito = services.designacao_desfazer(
            usuario=usuario_de(request), alvo=alvo, certame_id=certame_id
        )
    except ValidationError as erro:
        for m in mensagens_de(erro):
            messages.error(request, m)
    else:
        if feito:
            messages.success(request, "Designação desfeita; fica no histórico do certame.")
        else:
            messages.error(request, "Ele não estava designado para esse certame.")
    return _de_volta(uid)


@requer_administracao
@require_POST
def desativar(request: HttpRequest, uid: int) -> HttpResponseBase:
    alvo = get_object_or_404(User, pk=uid)
    form = DesativarForm(request.POST)
    if not form.is_valid():
        erros_do_formulario(request, form)
        return _de_volta(uid)
    tentar(
        request,
        lambda: services.usuario_desativar(
            usuario=usuario_de(request), alvo=alvo, motivo=form.cleaned_data["motivo"]
        ),
        "Usuário desativado: não entra mais. O histórico continua a nomeá-lo.",
    )
    return _de_volta(uid)


@requer_administracao
@require_POST
def senha_provisoria(request: HttpRequest, uid: int) -> HttpResponseBase:
    alvo = get_object_or_404(User, pk=uid)
    form = SenhaProvisoriaForm(request.POST)
    if not form.is_valid():
        erros_do_formulario(request, form)
        return _de_volta(uid)
    tentar(
        request,
        lambda: services.senha_provisoria_definir(
            usuario=usuario_de(request), alvo=alvo, senha=form.cleaned_data["senha"]
        ),
        "Senha provisória definida; entregue-a à pessoa.",
    )
    return _de_volta(uid)


@requer_administracao
@require_POST
def reativar(request: HttpRequest, uid: int) -> HttpResponseBase:
    alvo = get_object_or_404(User, pk=uid)
    tentar(
        request,
        lambda: services.usuario_reativar(usuario=usuario_de(request), alvo=alvo),
        "Usuário reativado.",
    )
    return _de_volta(uid)


# ------------------------------------------------------------------------------- a senha


class _TrocaDeSenha(auth_views.PasswordChangeView):
    template_name = "form.html"
    success_url = reverse_lazy("contas:senha_trocada")

    def get_context_data(self, **kwargs: Any) -> dict[str, Any]:
        contexto = super().get_context_data(**kwargs)
        contexto.update(
            titulo="Trocar a senha",
            botao="Trocar a senha",
            introducao="Digite a senha atual e a nova, duas vezes.",
        )
        return contexto

    def form_valid(self, form: Any) -> HttpResponse:
        resposta = super().form_valid(form)
        services.senha_registrar_troca(usuario=form.user, por_email=False)
        esquecer(self.request)
        return resposta


class _RedefinicaoPorEmail(auth_views.PasswordResetConfirmView):
    template_name = "contas/senha_nova.html"
    success_url = reverse_lazy("contas:senha_redefinida")

    def form_valid(self, form: Any) -> HttpResponse:
        resposta = super().form_valid(form)
        services.senha_registrar_troca(usuario=form.user, por_email=True)
        return resposta


senha_trocar = requer_login(_TrocaDeSenha.as_view())
senha_trocada = requer_login(
    auth_views.PasswordChangeDoneView.as_view(
        template_name="contas/senha_aviso.html",
        extra_context={
            "titulo": "Senha trocada",
            "texto": "A sua senha foi trocada; use-a da próxima vez que entrar.",
        },
    )
)
senha_esqueci = publica(
    auth_views.PasswordResetView.as_view(
        form_class=EsqueciForm,
        template_name="contas/senha_esqueci.html",
        email_template_name="contas/senha_email.txt",
        subject_template_name="contas/senha_assunto.txt",
        success_url=reverse_lazy("contas:senha_enviada"),
    )
)
senha_enviada = publica(
    auth_views.PasswordResetDoneView.as_view(
        template_name="contas/senha_aviso.html",
        extra_context={
            "titulo": "Verifique o seu e-mail",
            "texto": "Se o e-mail informado é o de um usuário ativo, enviamos a ele um "
            "link para criar uma senha nova. O link vale por pouco tempo e "
            "serve uma vez só. Se não chegar, veja a caixa de spam ou peça a "
            "quem administra o sistema.",
        },
    )
)
senha_nova = publica(_RedefinicaoPorEmail.as_view())
senha_redefinida = publica(
    auth_views.PasswordResetCompleteView.as_view(
        template_name="contas/senha_aviso.html",
        extra_context={
            "titulo": "Senha redefinida",
            "texto": "A sua senha nova está valendo. Entre com ela.",
            "entrar": True,
        },
    )
)
