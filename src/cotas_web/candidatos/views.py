from __future__ import annotations

import uuid
from pathlib import Path

from django import forms
from django.conf import settings
from django.contrib import messages
from django.core.exceptions import ValidationError
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render

from cotas.arquivos.candidatos import EXTENSOES_PLANILHA, EXTENSOES_TEXTO
from cotas_web.certames.models import Certame
from cotas_web.certames.selectors import data_sugerida
from cotas_web.comum import erros_do_formulario, mensagens_de, tentar
from cotas_web.contas.permissoes import ADMIN, AUDITOR, requer_papel

from . import selectors, services
from .forms import (
    DecisaoForm,
    DefesaForm,
    DesistenciaForm,
    EncaminhamentoForm,
    FraudeAbrirForm,
    ImportacaoForm,
)
from .models import Candidato, ProcedimentoFraude

EXTENSOES = EXTENSOES_TEXTO | EXTENSOES_PLANILHA  # as que o leitor de candidatos lê


def _pasta_importacoes() -> Path:
    pasta = Path(settings.ARQUIVOS_PRIVADOS) / "importacoes"
    pasta.mkdir(parents=True, exist_ok=True)
    return pasta


@requer_papel(ADMIN, AUDITOR)
def lista(request: HttpRequest, pk: int) -> HttpResponse:
    certame = get_object_or_404(Certame, pk=pk)
    termo = request.GET.get("q", "")
    candidatos = selectors.candidatos_buscar(certame_id=certame.pk, termo=termo)
    return render(
        request,
        "candidatos/lista.html",
        {"certame": certame, "candidatos": candidatos[:500], "termo": termo,
         "total": candidatos.count()},
    )


@requer_papel(ADMIN, AUDITOR)
def detalhe(request: HttpRequest, pk: int, cid: int) -> HttpResponse:
    certame = get_object_or_404(Certame, pk=pk)
    candidato = get_object_or_404(Candidato, pk=cid, certame=certame)
    return render(
        request,
        "candidatos/detalhe.html",
        {"certame": certame, "c": candidato,
         "fraude_form": FraudeAbrirForm(initial={"data": data_sugerida(certame)}),
         "desistencia_form": DesistenciaForm(initial={"data": data_sugerida(certame)})},
    )


@requer_papel(ADMIN)
def importar(request: HttpRequest, pk: int) -> HttpResponse:
    """Passo 1: envio e prévia (nada gravado). Passo 2: confirmação (tudo ou nada)."""
    certame = get_object_or_404(Certame, pk=pk)
    if request.method == "POST" and "token" in request.POST:
        pendente = request.session.get("importacao", {})
        token = request.POST["token"]
        if pendente.get("token") != token or pendente.get("certame") != certame.pk:
            messages.error(request, "Prévia expirada; envie o arquivo de novo.")
            return redirect("candidatos:importar", pk=certame.pk)
        caminho = _pasta_importacoes() / pendente["arquivo"]
        try:
            services.importacao_confirmar(
                usuario=request.user, certame=certame, caminho=caminho,
                nome_arquivo=pendente["nome"], aba=pendente.get("aba"),
            )
        except ValidationError as erro:
            for m in mensagens_de(erro):
                messages.error(request, m)
            return redirect("candidatos:importar", pk=certame.pk)
        finally:
            request.session.pop("importacao", None)
            caminho.unlink(missing_ok=True)
        messages.success(request, "Candidatos importados.")
        return redirect("candidatos:lista", pk=certame.pk)

    form = ImportacaoForm(request.POST or None, request.FILES or None)
    previa = None
    token = ""
    if request.method == "POST" and form.is_valid():
        arquivo = form.cleaned_data["arquivo"]
        extensao = Path(arquivo.name).suffix.lower()
        if extensao not in EXTENSOES:
            form.add_error("arquivo", "Formato não reconhecido: use CSV, XLSX ou ODS.")
        else:
            services.limpar_previas(_pasta_importacoes())
            token = uuid.uuid4().hex
            caminho = _pasta_importacoes() / f"{token}{extensao}"
            services.gravar_previa(caminho, arquivo.chunks())
            aba = form.cleaned_data["aba"].strip() or None
            previa = services.importacao_previa(
                certame=certame, caminho=caminho, nome_arquivo=arquivo.name, aba=aba
            )
            if previa.valida:
                request.session["importacao"] = {
                    "token": token, "certame": certame.pk, "arquivo": caminho.name,
                    "nome": arquivo.name, "aba": aba,
                }
            else:
                caminho.unlink(missing_ok=True)
    return render(
        request,
        "candidatos/importar.html",
        {"certame": certame, "form": form, "previa": previa, "token": token},
    )


@requer_papel(ADMIN)
def desistencia(request: HttpRequest, pk: int, cid: int) -> HttpResponse:
    from cotas_web.nomeacoes.services import candidato_registrar_desistencia

    certame = get_object_or_404(Certame, pk=pk)
    candidato = get_object_or_404(Candidato, pk=cid, certame=certame)
    form = DesistenciaForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        tentar(request, lambda: candidato_registrar_desistencia(
            usuario=request.user, candidato=candidato, data=form.cleaned_data["data"],
            observacao=form.cleaned_data["observacao"]), "Desistência registrada.")
    elif request.method == "POST":
        erros_do_formulario(request, form)
    return redirect("candidatos:detalhe", pk=pk, cid=cid)


@requer_papel(ADMIN, AUDITOR)
def fraudes(request: HttpRequest, pk: int) -> HttpResponse:
    certame = get_object_or_404(Certame, pk=pk)
    procs = ProcedimentoFraude.objects.filter(candidato__certame=certame).select_related(
        "candidato"
    )
    return render(request, "candidatos/fraudes.html", {"certame": certame, "procs": procs})


@requer_papel(ADMIN)
def fraude_abrir(request: HttpRequest, pk: int, cid: int) -> HttpResponse:
    certame = get_object_or_404(Certame, pk=pk)
    candidato = get_object_or_404(Candidato, pk=cid, certame=certame)
    form = FraudeAbrirForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        proc = tentar(
            request,
            lambda: services.fraude_abrir(
                usuario=request.user, candidato=candidato, data=form.cleaned_data["data"],
                motivo=form.cleaned_data["motivo"],
            ),
            "Procedimento aberto. Registre a defesa do candidato.",
        )
        if proc:
            return redirect("candidatos:fraude", pk=certame.pk, fid=proc.pk)
    return render(
        request, "form.html",
        {"form": form, "certame": certame, "botao": "Abrir procedimento",
         "titulo": f"Procedimento por declaração falsa — {candidato}"},
    )


def _proc(certame: Certame, fid: int) -> ProcedimentoFraude:
    return get_object_or_404(
        ProcedimentoFraude.objects.select_related("candidato"), pk=fid, candidato__certame=certame
    )


@requer_papel(ADMIN, AUDITOR)
def fraude(request: HttpRequest, pk: int, fid: int) -> HttpResponse:
    certame = get_object_or_404(Certame, pk=pk)
    hoje = {"data": data_sugerida(certame)}
    return render(
        request,
        "candidatos/fraude.html",
        {"certame": certame, "p": _proc(certame, fid), "defesa_form": DefesaForm(initial=hoje),
         "decisao_form": DecisaoForm(initial=hoje),
         "encaminhamento_form": EncaminhamentoForm(initial=hoje)},
    )


@requer_papel(ADMIN)
def fraude_acao(request: HttpRequest, pk: int, fid: int, acao: str) -> HttpResponse:
    certame = get_object_or_404(Certame, pk=pk)
    proc = _proc(certame, fid)
    if request.method != "POST":
        return redirect("candidatos:fraude", pk=pk, fid=fid)
    f: forms.Form
    if acao == "defesa":
        f = DefesaForm(request.POST)
        if f.is_valid():
            tentar(request, lambda: services.fraude_registrar_defesa(
                usuario=request.user, procedimento=proc, data=f.cleaned_data["data"],
                defesa=f.cleaned_data["defesa"]), "Defesa registrada.")
    elif acao == "decisao":
        f = DecisaoForm(request.POST)
        if f.is_valid():
            tentar(request, lambda: services.fraude_decidir(
                usuario=request.user, procedimento=proc, data=f.cleaned_data["data"],
                decisao=f.cleaned_data["decisao"],
                fundamentacao=f.cleaned_data["fundamentacao"],
                autoridade=f.cleaned_data["autoridade"]), "Decisão registrada.")
    elif acao == "encaminhamento":
        f = EncaminhamentoForm(request.POST)
        if f.is_valid():
            tentar(request, lambda: services.fraude_encaminhar(
                usuario=request.user, procedimento=proc, data=f.cleaned_data["data"],
                orgao=f.cleaned_data["orgao"]), "Encaminhamento registrado.")
    else:
        raise Http404
    if request.method == "POST" and not f.is_valid():
        erros_do_formulario(request, f)
    return redirect("candidatos:fraude", pk=pk, fid=fid)
