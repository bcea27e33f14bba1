"""O andamento de uma tarefa (JSON, lido pelo static/tarefas.js) e o arquivo do resultado."""

from __future__ import annotations

import mimetypes

from django.http import FileResponse, Http404, HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import get_object_or_404, render
from django.urls import reverse
from django.views.decorators.http import require_safe

from cotas_web import protecao
from cotas_web.contas.permissoes import alcanca_o_certame, papel_de, publica

from .limite import limitar_por_cliente
from .models import Estado, Tarefa
from .services import andamento, caminho_do_arquivo


def _visivel(request: HttpRequest, tarefa_id: str) -> Tarefa:
    """A tarefa pública para todos; a da equipe só para quem a iniciou ou tem papel no certame
    dela. As outras: 404, como se não existissem."""
    tarefa = get_object_or_404(Tarefa, pk=tarefa_id)
    if tarefa.publica:
        return tarefa
    usuario = request.user
    if not usuario.is_authenticated:
        raise Http404("Tarefa não encontrada.")
    if tarefa.iniciada_por_id == usuario.pk:
        return tarefa
    if tarefa.certame_id and papel_de(usuario) and alcanca_o_certame(usuario, tarefa.certame_id):
        return tarefa
    raise Http404("Tarefa não encontrada.")


def estado_json(tarefa: Tarefa) -> dict[str, object]:
    dados = andamento(tarefa)
    total, feitos = int(dados["total"]), int(dados["feitos"])
    concluida = tarefa.estado == Estado.CONCLUIDA
    url = tarefa.resultado_url
    if concluida and not url and caminho_do_arquivo(tarefa) is not None:
        url = reverse("tarefas:arquivo", args=[tarefa.pk])
    return {
        "estado": tarefa.estado,
        "rotulo": tarefa.get_estado_display(),
        "feitos": total if concluida else feitos,
        "total": total,
        "percentual": 100 if concluida else (min(99, feitos * 100 // total) if total else 0),
        "mensagem": dados["mensagem"],
        "terminou": not tarefa.ativa,
        "url": url,
    }


@publica
@require_safe  # (GET e HEAD: os verificadores de links e os monitores usam HEAD)
def estado(request: HttpRequest, tarefa_id: str) -> JsonResponse:
    resposta = JsonResponse(estado_json(_visivel(request, tarefa_id)))
    resposta["Cache-Control"] = "no-store"
    return resposta


@publica
@require_safe
@limitar_por_cliente
def arquivo(request: HttpRequest, tarefa_id: str) -> HttpResponse | FileResponse:
    tarefa = _visivel(request, tarefa_id)
    caminho = caminho_do_arquivo(tarefa)
    if tarefa.estado != Estado.CONCLUIDA or caminho is None:
        raise Http404("Arquivo não encontrado.")
    nome = str(tarefa.parametros.get("nome") or caminho.name)
    tipo = tarefa.parametros.get("tipo") or mimetypes.guess_type(nome)[0]
    anexo = not tarefa.parametros.get("inline", False)
    resposta = FileResponse(caminho.open("rb"), content_type=tipo or "application/octet-stream")
    resposta["Content-Disposition"] = protecao.disposicao(nome, anexo=anexo)
    resposta["X-Content-Type-Options"] = "nosniff"
    return resposta


@publica
@require_safe
def acompanhar(request: HttpRequest, tarefa_id: str) -> HttpResponse:
    """A página de uma tarefa: a barra de progresso e, ao fim, o link do resultado."""
    tarefa = _visivel(request, tarefa_id)
    return render(
        request,
        "tarefas/acompanhar.html",
        {"tarefa": tarefa, "certame": tarefa.certame, "titulo": tarefa.get_tipo_display()},
    )
