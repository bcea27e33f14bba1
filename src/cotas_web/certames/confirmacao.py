"""O passo de confirmação dos atos que não se desfazem (homologação, nomeação, desistência, novas
vagas, publicação, arquivamento, retificação): o primeiro envio mostra o que vai acontecer e o
seu fundamento; só o segundo, com `confirmar=1`, faz o ato. Sem JavaScript: os campos do
primeiro envio voltam ocultos na página de confirmação."""

from __future__ import annotations

from typing import Any

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render

CAMPO = "confirmar"


def confirmado(request: HttpRequest) -> bool:
    return request.method == "POST" and request.POST.get(CAMPO) == "1"


def pedir_confirmacao(
    request: HttpRequest,
    *,
    certame: Any,
    titulo: str,
    o_que: list[str],
    fundamento: str = "",
    botao: str = "Confirmar",
    voltar: str = "",
) -> HttpResponse:
    """A página que pergunta antes do ato: o que acontecerá, o fundamento e o botão que reenvia
    o mesmo pedido, agora confirmado."""
    campos = [
        (nome, valor)
        for nome, valores in request.POST.lists()
        if nome not in ("csrfmiddlewaretoken", CAMPO)
        for valor in valores
    ]
    return render(
        request,
        "certames/confirmar.html",
        {
            "certame": certame,
            "titulo": titulo,
            "o_que": o_que,
            "fundamento": fundamento,
            "botao": botao,
            "campos": campos,
            "acao": request.get_full_path(),
            "voltar": voltar or request.META.get("HTTP_REFERER", ""),
        },
    )
