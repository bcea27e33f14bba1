from __future__ import annotations

from collections.abc import Callable
from typing import Any
from urllib.parse import urlencode

from django import forms
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render

from cotas_web.certames.models import Cargo, Certame
from cotas_web.certames.selectors import data_sugerida
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

# Acima disto, o painel abre num resumo por cargo (cada cargo com as suas propostas e atos em
# `?cargo=`): centenas de cargos com todas as nomeações seriam uma página de dezenas de MB.
PAINEL_CARGOS_POR_EXTENSO = 20


@requer_papel(ADMIN, AUDITOR)
def painel(request: HttpRequest, pk: int) -> HttpResponse:
    """As propostas do motor e os atos de cada cargo. Com muitos cargos (um concurso nacional
    tem centenas, e dezenas de milhares de nomeações), um resumo por cargo; `?cargo=` abre um."""
    certame = get_object_or_404(Certame, pk=pk)
    sugerida = data_sugerida(certame)
    hoje = {"data": sugerida, "data_portaria": sugerida}
    painel = painel_nomeacoes(certame=certame)
    cargo = request.GET.get("cargo", "").strip()
    if cargo:
        painel.cargos = [pc for pc in painel.cargos if pc.cargo.codigo == cargo]
        if not painel.cargos:
            raise Http404("Cargo desconhecido.")
    return render(
        request,
        "nomeacoes/painel.html",
        {
            "certame": certame,
            "painel": painel,
            "cargo": cargo,
            "resumo": not cargo and len(painel.cargos) > PAINEL_CARGOS_POR_EXTENSO,
            "oferta_form": OfertaEditalForm(initial=hoje),
            "novas_form": NovasVagasForm(initial=hoje, cargos=certame.cargos.all()),
            "hoje": sugerida,
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
    destino = redirect("nomeacoes:painel", pk=pk)
    if cargo := request.POST.get("cargo_do_painel", "").strip():  # volta ao cargo aberto
        destino["Location"] += "?" + urlencode({"cargo": cargo})
    return destino


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
            quantidade=d["quantidade"], justificativa=d["justificativa"], token=d["pedido"]),
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
