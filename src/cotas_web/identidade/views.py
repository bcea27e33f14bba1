"""O aviso de privacidade e o brasão (públicos) e a tela em que o administrador os define."""

from __future__ import annotations

from django.contrib import messages
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.views.decorators.http import require_http_methods

from cotas_web.contas.permissoes import ADMIN, SISTEMA, publica, requer_papel, usuario_de

from . import services
from .forms import OrgaoForm
from .models import Orgao


@publica
def privacidade(request: HttpRequest) -> HttpResponse:
    return render(request, "identidade/privacidade.html", {"aviso": Orgao.atual()})


@publica
def brasao(request: HttpRequest) -> HttpResponse:
    orgao = Orgao.atual()
    if not orgao.brasao:
        raise Http404("O órgão ainda não tem brasão.")
    resposta = HttpResponse(bytes(orgao.brasao), content_type=orgao.brasao_tipo)
    resposta["Cache-Control"] = "public, max-age=300"
    resposta["X-Content-Type-Options"] = "nosniff"
    return resposta


@requer_papel(ADMIN, SISTEMA)
@require_http_methods(["GET", "POST"])
def editar(request: HttpRequest) -> HttpResponse:
    orgao = Orgao.atual()
    form = OrgaoForm(request.POST or None, request.FILES or None, instance=orgao)
    if request.method == "POST" and form.is_valid():
        mudancas = services.orgao_salvar(usuario=usuario_de(request), orgao=form.save(commit=False))
        if mudancas:
            messages.success(
                request,
                "Identidade do órgão salva: vale para todas as páginas. A mudança "
                "fica no registro de auditoria.",
            )
        else:
            messages.info(request, "Nada mudou: a identidade do órgão é a que já estava gravada.")
        return redirect("identidade:editar")
    return render(
        request,
        "form.html",
        {
            "form": form,
            "titulo": "Identidade do órgão",
            "botao": "Salvar",
            "introducao": "O nome, o brasão, o endereço, o contato, a ouvidoria e o aviso de "
            "privacidade que aparecem no cabeçalho e no rodapé de todas as páginas.",
        },
    )
