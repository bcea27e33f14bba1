from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django import forms
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils import timezone

from cotas_web.certames.models import Cargo, Certame
from cotas_web.comum import erros_do_formulario, tentar
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


def _agir(
    request: HttpRequest,
    pk: int,
    form: forms.Form,
    acao: Callable[[dict[str, Any]], Any],
    sucesso: str | Callable[[dict[str, Any]], str],
) -> HttpResponse:
    """Uma ação do painel por POST: valida o formulário, chama o serviço e volta ao painel
    (erros de formulário e de negócio viram mensagens na página)."""
    if request.method == "POST":
        if form.is_valid():
            d = form.cleaned_data
            tentar(request, lambda: acao(d), sucesso(d) if callable(sucesso) else sucesso)
        else:
            erros_do_formulario(request, form)
    return redirect("nomeacoes:painel", pk=pk)


@requer_papel(ADMIN)
def ofertar_edital(request: HttpRequest, pk: int) -> HttpResponse:
    certame = get_object_or_404(Certame, pk=pk)
    return _agir(
        request, pk, OfertaEditalForm(request.POST or None),
        lambda d: services.vagas_edital_ofertar(
            usuario=request.user, certame=certame, data=d["data"]),
        "Vagas do edital ofertadas; veja as nomeações propostas.",
    )


@requer_papel(ADMIN)
def novas_vagas(request: HttpRequest, pk: int) -> HttpResponse:
    certame = get_object_or_404(Certame, pk=pk)
    return _agir(
        request, pk, NovasVagasForm(request.POST or None, cargos=certame.cargos.all()),
        lambda d: services.vagas_novas_ofertar(
            usuario=request.user, cargo=d["cargo"], data=d["data"],
            quantidade=d["quantidade"], justificativa=d["justificativa"]),
        "Novas vagas ofertadas.",
    )


@requer_papel(ADMIN)
def confirmar(request: HttpRequest, pk: int, cargo_id: int) -> HttpResponse:
    cargo = get_object_or_404(Cargo, pk=cargo_id, certame_id=pk)
    return _agir(
        request, pk, ConfirmarForm(request.POST or None),
        lambda d: services.nomeacao_confirmar(
            usuario=request.user, cargo=cargo, inscricao=d["inscricao"],
            portaria=d["portaria"], data_portaria=d["data_portaria"]),
        lambda d: f"Nomeação da inscrição {d['inscricao']} confirmada.",
    )


@requer_papel(ADMIN)
def posse(request: HttpRequest, pk: int, nid: int) -> HttpResponse:
    nomeacao = get_object_or_404(Nomeacao, pk=nid, cargo__certame_id=pk)
    return _agir(
        request, pk, DataForm(request.POST or None),
        lambda d: services.nomeacao_registrar_posse(
            usuario=request.user, nomeacao=nomeacao, data=d["data"]),
        "Posse registrada.",
    )


@requer_papel(ADMIN)
def desistencia(request: HttpRequest, pk: int, nid: int) -> HttpResponse:
    nomeacao = get_object_or_404(Nomeacao, pk=nid, cargo__certame_id=pk)
    return _agir(
        request, pk, DesistenciaForm(request.POST or None),
        lambda d: services.nomeacao_registrar_desistencia(
            usuario=request.user, nomeacao=nomeacao, data=d["data"], motivo=d["motivo"],
            observacao=d["observacao"]),
        "Registrado. A substituição foi proposta pela lista a que a vaga pertence.",
    )


@requer_papel(ADMIN)
def final_de_fila(request: HttpRequest, pk: int, nid: int) -> HttpResponse:
    """Pedido do nomeado (ainda sem posse) para ir ao final da lista, se o edital o admite."""
    nomeacao = get_object_or_404(Nomeacao, pk=nid, cargo__certame_id=pk)
    return _agir(
        request, pk, FinalDeFilaForm(request.POST or None),
        lambda d: services.nomeacao_final_de_fila(
            usuario=request.user, nomeacao=nomeacao, data=d["data"],
            observacao=d["observacao"]),
        f"{nomeacao.candidato.inscricao} foi para o final da lista. A substituição foi "
        "proposta pela lista a que a vaga pertence.",
    )
