from __future__ import annotations

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils import timezone

from cotas_web.certames.models import Cargo, Certame
from cotas_web.comum import tentar
from cotas_web.contas.permissoes import ADMIN, AUDITOR, requer_papel

from . import services
from .forms import (
    ConfirmarForm,
    DataForm,
    DesistenciaForm,
    FinalDeFilaForm,
    NovasVagasForm,
    OfertaEditalForm,
)
from .models import Nomeacao
from .selectors import painel_nomeacoes


@requer_papel(ADMIN, AUDITOR)
def painel(request: HttpRequest, pk: int) -> HttpResponse:
    certame = get_object_or_404(Certame, pk=pk)
    hoje = {"data": timezone.localdate(), "data_portaria": timezone.localdate()}
    return render(
        request,
        "nomeacoes/painel.html",
        {
            "certame": certame,
            "painel": painel_nomeacoes(certame=certame),
            "oferta_form": OfertaEditalForm(initial=hoje),
            "novas_form": NovasVagasForm(initial=hoje, cargos=certame.cargos.all()),
            "hoje": timezone.localdate(),
        },
    )


def _erros_form(request: HttpRequest, form: object) -> None:
    for campo, erros in form.errors.items():  # type: ignore[attr-defined]
        for e in erros:
            messages.error(request, f"{campo}: {e}")


@requer_papel(ADMIN)
def ofertar_edital(request: HttpRequest, pk: int) -> HttpResponse:
    certame = get_object_or_404(Certame, pk=pk)
    form = OfertaEditalForm(request.POST or None)
    if request.method == "POST":
        if form.is_valid():
            tentar(request, lambda: services.vagas_edital_ofertar(
                usuario=request.user, certame=certame, data=form.cleaned_data["data"]),
                "Vagas do edital ofertadas; veja as nomeações propostas.")
        else:
            _erros_form(request, form)
    return redirect("nomeacoes:painel", pk=pk)


@requer_papel(ADMIN)
def novas_vagas(request: HttpRequest, pk: int) -> HttpResponse:
    certame = get_object_or_404(Certame, pk=pk)
    form = NovasVagasForm(request.POST or None, cargos=certame.cargos.all())
    if request.method == "POST":
        if form.is_valid():
            d = form.cleaned_data
            tentar(request, lambda: services.vagas_novas_ofertar(
                usuario=request.user, cargo=d["cargo"], data=d["data"],
                quantidade=d["quantidade"], justificativa=d["justificativa"]),
                "Novas vagas ofertadas.")
        else:
            _erros_form(request, form)
    return redirect("nomeacoes:painel", pk=pk)


@requer_papel(ADMIN)
def confirmar(request: HttpRequest, pk: int, cargo_id: int) -> HttpResponse:
    cargo = get_object_or_404(Cargo, pk=cargo_id, certame_id=pk)
    form = ConfirmarForm(request.POST or None)
    if request.method == "POST":
        if form.is_valid():
            d = form.cleaned_data
            tentar(request, lambda: services.nomeacao_confirmar(
                usuario=request.user, cargo=cargo, inscricao=d["inscricao"],
                portaria=d["portaria"], data_portaria=d["data_portaria"]),
                f"Nomeação da inscrição {d['inscricao']} confirmada.")
        else:
            _erros_form(request, form)
    return redirect("nomeacoes:painel", pk=pk)


@requer_papel(ADMIN)
def posse(request: HttpRequest, pk: int, nid: int) -> HttpResponse:
    nomeacao = get_object_or_404(Nomeacao, pk=nid, cargo__certame_id=pk)
    form = DataForm(request.POST or None)
    if request.method == "POST":
        if form.is_valid():
            tentar(request, lambda: services.nomeacao_registrar_posse(
                usuario=request.user, nomeacao=nomeacao, data=form.cleaned_data["data"]),
                "Posse registrada.")
        else:
            _erros_form(request, form)
    return redirect("nomeacoes:painel", pk=pk)


@requer_papel(ADMIN)
def desistencia(request: HttpRequest, pk: int, nid: int) -> HttpResponse:
    nomeacao = get_object_or_404(Nomeacao, pk=nid, cargo__certame_id=pk)
    form = DesistenciaForm(request.POST or None)
    if request.method == "POST":
        if form.is_valid():
            d = form.cleaned_data
            tentar(request, lambda: services.nomeacao_registrar_desistencia(
                usuario=request.user, nomeacao=nomeacao, data=d["data"], motivo=d["motivo"],
                observacao=d["observacao"]),
                "Registrado. A substituição foi proposta pela lista a que a vaga pertence.")
        else:
            _erros_form(request, form)
    return redirect("nomeacoes:painel", pk=pk)


@requer_papel(ADMIN)
def final_de_fila(request: HttpRequest, pk: int, nid: int) -> HttpResponse:
    """Pedido do nomeado (ainda sem posse) para ir ao final da lista, se o edital o admite."""
    nomeacao = get_object_or_404(Nomeacao, pk=nid, cargo__certame_id=pk)
    form = FinalDeFilaForm(request.POST or None)
    if request.method == "POST":
        if form.is_valid():
            d = form.cleaned_data
            tentar(request, lambda: services.nomeacao_final_de_fila(
                usuario=request.user, nomeacao=nomeacao, data=d["data"],
                observacao=d["observacao"]),
                f"{nomeacao.candidato.inscricao} foi para o final da lista. A substituição "
                "foi proposta pela lista a que a vaga pertence.")
        else:
            _erros_form(request, form)
    return redirect("nomeacoes:painel", pk=pk)
