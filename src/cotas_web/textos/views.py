"""Os textos para publicar de um certame (portarias, editais, resultados, homologação), em PDF
e DOCX, e a tela em que o órgão edita os modelos deles."""

from __future__ import annotations

from django.contrib import messages
from django.core.exceptions import ValidationError
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.views.decorators.http import require_http_methods

from cotas.documentos.atos import TIPOS, DadosDoAto
from cotas.documentos.editavel import TIPO_DOCX, para_docx
from cotas.documentos.pdf import PdfIndisponivel, para_pdf
from cotas_web import protecao
from cotas_web.certames.models import Certame
from cotas_web.comissao.models import Sessao
from cotas_web.comum import mensagens_de
from cotas_web.contas.permissoes import ADMIN, AUDITOR, SISTEMA, requer_papel, usuario_de

from . import selectors, services
from .forms import ModeloForm, NumeroDoAtoForm

FORMATOS = {"pdf": "application/pdf", "docx": TIPO_DOCX}


@requer_papel(ADMIN, AUDITOR)
def lista(request: HttpRequest, pk: int) -> HttpResponse:
    """Os textos que o certame tem para publicar, cada um em PDF e DOCX."""
    certame = get_object_or_404(Certame, pk=pk)
    return render(
        request,
        "textos/lista.html",
        {
            "certame": certame,
            "portarias": selectors.portarias(certame),
            "sessoes": list(certame.sessoes.order_by("data", "pk")),
            "form": NumeroDoAtoForm(),
            "tipos": TIPOS,
        },
    )


@requer_papel(ADMIN, AUDITOR)
def texto(request: HttpRequest, pk: int, tipo: str, formato: str) -> HttpResponse:
    """Um texto (`tipo`) em PDF ou DOCX. `?portaria=` (portaria e convocação dos nomeados),
    `?sessao=` (convocação e resultado preliminar), `?numero=` e `?data=` (dos editais)."""
    certame = get_object_or_404(Certame, pk=pk)
    if tipo not in TIPOS or formato not in FORMATOS:
        raise Http404("Texto desconhecido.")
    form = NumeroDoAtoForm(request.GET)
    numero, data = (
        ("", None)
        if not form.is_valid()
        else (
            form.cleaned_data["numero"].strip(),
            form.cleaned_data["data_do_ato"],
        )
    )
    try:
        dados = _dados(request, certame, tipo, numero, data)
        gerado = selectors.gerar(certame, dados)
        conteudo = para_pdf(gerado.documento) if formato == "pdf" else para_docx(gerado.documento)
    except selectors.TextoIndisponivel as erro:
        raise Http404(str(erro)) from erro
    except PdfIndisponivel as erro:
        return HttpResponse(str(erro), status=503, content_type="text/plain; charset=utf-8")
    resposta = HttpResponse(conteudo, content_type=FORMATOS[formato])
    resposta["Content-Disposition"] = protecao.disposicao(
        f"{gerado.nome_arquivo}.{formato}", anexo=formato == "docx"
    )
    resposta["X-Content-Type-Options"] = "nosniff"
    return resposta


def _dados(
    request: HttpRequest, certame: Certame, tipo: str, numero: str, data: object
) -> DadosDoAto:
    from datetime import date

    dia = data if isinstance(data, date) else None
    if tipo in ("portaria-nomeacao", "convocacao-nomeados"):
        portaria = request.GET.get("portaria", "").strip()
        if not portaria:
            raise Http404("Informe a portaria.")
        return selectors.dados_da_portaria(certame, portaria, tipo, numero)
    if tipo == "homologacao":
        return selectors.dados_da_homologacao(certame, numero, dia)
    if tipo == "resultado-final":
        return selectors.dados_do_resultado(certame, None, numero, dia)
    sessao = get_object_or_404(Sessao, pk=_inteiro(request.GET.get("sessao")), certame=certame)
    if tipo == "convocacao-comissao":
        return selectors.dados_da_convocacao_da_comissao(certame, sessao, numero, dia)
    return selectors.dados_do_resultado(certame, sessao, numero, dia)


def _inteiro(valor: str | None) -> int:
    try:
        return int(valor or "")
    except ValueError as erro:
        raise Http404("Sessão desconhecida.") from erro


@requer_papel(ADMIN, SISTEMA)
def modelos(request: HttpRequest) -> HttpResponse:
    return render(request, "textos/modelos.html", {"tipos": TIPOS})


@requer_papel(ADMIN, SISTEMA)
@require_http_methods(["GET", "POST"])
def modelo(request: HttpRequest, tipo: str) -> HttpResponse:
    """O modelo de um tipo de texto: título, corpo com os campos e quem assina."""
    if tipo not in TIPOS:
        raise Http404("Texto desconhecido.")
    atual, assinatura = selectors.modelo_do_tipo(tipo)
    inicial = {
        "titulo": atual.titulo,
        "corpo": atual.corpo,
        "signatario_nome": assinatura.nome,
        "signatario_cargo": assinatura.cargo,
    }
    form = ModeloForm(request.POST or None, initial=inicial)
    if request.method == "POST" and form.is_valid():
        try:
            mudados = services.modelo_salvar(
                usuario=usuario_de(request), tipo=tipo, **form.cleaned_data
            )
        except ValidationError as erro:
            for m in mensagens_de(erro):
                form.add_error("titulo" if m.startswith("título") else "corpo", m)
        else:
            if mudados:
                messages.success(
                    request, f"Modelo salvo ({', '.join(mudados)}); fica no registro de auditoria."
                )
            else:
                messages.info(request, "Nada mudou: o modelo é o que já estava gravado.")
            return redirect("textos:modelos")
    return render(
        request,
        "form.html",
        {
            "form": form,
            "titulo": f"Modelo: {TIPOS[tipo]}",
            "botao": "Salvar o modelo",
            "introducao": "O texto que o órgão publica, com os campos que o sistema preenche "
            "($numero, $data, $certame...). O timbre vem da identidade do órgão; o fundamento "
            "legal, com as palavras da lei, da lei do certame.",
        },
    )
