"""Páginas públicas (sem login): consulta por inscrição, listas publicadas, ordem de nomeação com
o gráfico, e os downloads do anexo do edital, das listas e da ordem (PDF, CSV, XLSX, HTML).
A ata da comissão é baixada só por quem tem papel no certame.

Nada aqui mostra cor/raça, deficiência, parecer individual da comissão ou CPF inteiro
(LGPD, Lei 13.709/2018, art. 11): os documentos públicos são montados sem esses dados.
"""

from __future__ import annotations

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render
from django.utils.safestring import mark_safe

from cotas.documentos.ata import ata_sessao
from cotas.documentos.documento import Documento
from cotas.documentos.fonte import FonteDocumentos
from cotas.documentos.pagina import fragmento_html
from cotas.documentos.pdf import PdfIndisponivel
from cotas.documentos.publicacao import DOCUMENTOS, FORMATOS, TIPOS, arquivo
from cotas.documentos.publicacao import documento as montar_documento
from cotas.documentos.tabelas import rotulo_lista
from cotas_web import ponte
from cotas_web.certames.models import Certame
from cotas_web.comissao.models import Sessao
from cotas_web.contas.permissoes import ADMIN, AUDITOR, COMISSAO, publica, requer_papel

from . import selectors, situacoes
from .apresentacao import para_tela

TITULOS = {
    "anexo-edital": "Anexo do edital: vagas e reserva",
    "listas": "Listas de classificação",
    "ordem-de-nomeacao": "Ordem de nomeação",
}
# Só depois da homologação as listas e a ordem são publicadas.
SO_HOMOLOGADO = {"listas", "ordem-de-nomeacao"}


def _certame(pk: int) -> Certame:
    return get_object_or_404(Certame, pk=pk)


def _publicaveis(certame: Certame) -> list[tuple[str, str]]:
    return [
        (nome, TITULOS[nome])
        for nome in DOCUMENTOS
        if certame.homologado or nome not in SO_HOMOLOGADO
    ]


def _fonte(request: HttpRequest, certame: Certame) -> FonteDocumentos | HttpResponse:
    try:
        return selectors.fonte_do_certame(certame=certame)
    except ponte.ErroCotas as erro:
        return render(
            request,
            "publico/erro.html",
            {"certame": certame, "erro": str(erro)},
            status=409,
        )


def _documento(certame: Certame, fonte: FonteDocumentos, doc: str) -> Documento:
    if doc not in DOCUMENTOS or (doc in SO_HOMOLOGADO and not certame.homologado):
        raise Http404("Documento não publicado.")
    return montar_documento(fonte, doc)


def _anexo(conteudo: bytes, tipo: str, nome: str, formato: str) -> HttpResponse:
    resposta = HttpResponse(conteudo, content_type=tipo)
    disposicao = "inline" if formato in ("pdf", "html", "svg") else "attachment"
    resposta["Content-Disposition"] = f'{disposicao}; filename="{nome}"'
    resposta["X-Content-Type-Options"] = "nosniff"
    return resposta


@publica
def consulta(request: HttpRequest, pk: int) -> HttpResponse:
    """Uma consulta indexada na situação pública materializada (`situacoes`), renovada quando
    um ato muda o certame; sem reencenar o certame a cada pedido."""
    certame = _certame(pk)
    inscricao = request.GET.get("inscricao", "").strip()[:40]
    contexto: dict[str, object] = {
        "certame": certame,
        "inscricao": inscricao,
        "documentos": _publicaveis(certame),
    }
    if inscricao and certame.homologado:
        pub = situacoes.vigente(certame)
        if pub is None:
            resposta = render(request, "publico/atualizando.html", contexto, status=503)
            resposta["Retry-After"] = "5"
            return resposta
        if pub.erro:
            return render(
                request, "publico/erro.html", {"certame": certame, "erro": pub.erro}, status=409
            )
        situacao = situacoes.situacao(pub, inscricao)
        contexto["situacao"] = situacao
        contexto["nao_encontrada"] = situacao is None
        if situacao is not None:
            contexto["resumo"] = situacao["resumo"]
            if situacao["projecao"] is not None:
                contexto["antes"] = [
                    (rotulo_lista(lista), q)
                    for lista, q in situacao["projecao"]["antes"]
                ]
    return render(request, "publico/consulta.html", contexto)


@publica
def documento(request: HttpRequest, pk: int, doc: str) -> HttpResponse:
    certame = _certame(pk)
    if doc not in DOCUMENTOS or (doc in SO_HOMOLOGADO and not certame.homologado):
        raise Http404("Documento não publicado.")
    fonte = _fonte(request, certame)
    if isinstance(fonte, HttpResponse):
        return fonte
    d = _documento(certame, fonte, doc)
    return render(
        request,
        "publico/documento.html",
        {
            "certame": certame,
            "doc": doc,
            "titulo": d.titulo,
            # Seguro: todo texto do documento é escapado em cotas.documentos.pagina.
            "conteudo": mark_safe(para_tela(fragmento_html(d))),
            "tabelas": [(t.nome, t.titulo) for t in d.tabelas],
            "formatos": [f for f in FORMATOS if f != "csv"],
            "documentos": _publicaveis(certame),
        },
    )


@publica
def baixar(request: HttpRequest, pk: int, doc: str, formato: str) -> HttpResponse:
    certame = _certame(pk)
    if formato not in FORMATOS:
        raise Http404("Formato desconhecido.")
    if doc not in DOCUMENTOS or (doc in SO_HOMOLOGADO and not certame.homologado):
        raise Http404("Documento não publicado.")
    fonte = _fonte(request, certame)
    if isinstance(fonte, HttpResponse):
        return fonte
    d = _documento(certame, fonte, doc)
    try:
        conteudo = arquivo(d, formato)
    except PdfIndisponivel as erro:
        return HttpResponse(str(erro), status=503, content_type="text/plain; charset=utf-8")
    return _anexo(conteudo, TIPOS[formato], f"{doc}.{formato}", formato)


@publica
def baixar_tabela(request: HttpRequest, pk: int, doc: str, tabela: str) -> HttpResponse:
    certame = _certame(pk)
    if doc not in DOCUMENTOS or (doc in SO_HOMOLOGADO and not certame.homologado):
        raise Http404("Documento não publicado.")
    fonte = _fonte(request, certame)
    if isinstance(fonte, HttpResponse):
        return fonte
    d = _documento(certame, fonte, doc)
    try:
        conteudo = arquivo(d, "csv", tabela)
    except KeyError:
        raise Http404("Tabela desconhecida.") from None
    return _anexo(conteudo, TIPOS["csv"], f"{tabela}.csv", "csv")


@requer_papel(ADMIN, COMISSAO, AUDITOR)
def ata(request: HttpRequest, pk: int, sid: int, formato: str) -> HttpResponse:
    """Ata da sessão da comissão (Montenegro, arts. 3º a 13): só para quem tem papel."""
    certame = _certame(pk)
    sessao = get_object_or_404(Sessao, pk=sid, certame=certame)
    if formato not in FORMATOS:
        raise Http404("Formato desconhecido.")
    d = ata_sessao(selectors.ata_da_sessao(sessao=sessao))
    try:
        conteudo = arquivo(d, formato, "decisoes" if formato == "csv" else None)
    except PdfIndisponivel as erro:
        return HttpResponse(str(erro), status=503, content_type="text/plain; charset=utf-8")
    return _anexo(conteudo, TIPOS[formato], f"ata-sessao-{sid}.{formato}", formato)
