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
    estilo_botao: str = "",
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
            "estilo_botao": estilo_botao,
            "campos": campos,
            "acao": request.get_full_path(),
            "voltar": voltar or request.META.get("HTTP_REFERER", ""),
        },
    )


def pagina_sem_efeito(
    request: HttpRequest,
    *,
    certame: Any,
    titulo: str,
    introducao: str,
    consequencias: Any,
    acao: Any,
    sucesso: str,
    voltar: str,
) -> HttpResponse:
    """Tornar um ato sem efeito, em três passos: o formulário do ato novo (data, número,
    autoridade, motivo); a confirmação, com as consequências (`consequencias(dados)`: o que
    volta a valer, quem deixa de ser proposto; a recusa do serviço já aparece aqui); e o ato
    (`acao(dados)`), que volta a `voltar`. O ato original nunca se apaga."""
    from django.core.exceptions import ValidationError
    from django.shortcuts import redirect

    from cotas_web.comum import erro_no_formulario, tentar

    from .forms import SemEfeitoForm

    form = SemEfeitoForm(request.POST or None)  # (sem data preenchida: a do ato novo)
    if request.method == "POST":
        if not form.is_valid():
            pass  # (o formulário volta com o erro junto de cada campo e o que foi digitado)
        elif confirmado(request):
            if tentar(request, lambda: acao(form.cleaned_data), sucesso):
                return redirect(voltar)
        else:
            d = form.cleaned_data
            try:
                linhas = consequencias(d)
            except ValidationError as erro:  # (no formulário, com o que foi digitado)
                erro_no_formulario(form, erro)
            else:
                return pedir_confirmacao(
                    request,
                    certame=certame,
                    titulo=titulo,
                    o_que=[
                        *linhas,
                        f"O ato: {d['ato']}, de {d['data']:%d/%m/%Y}, assinado por "
                        f"{d['autoridade']}. Motivo: {d['motivo']}",
                        "O ato original continua registrado, com este ato ao lado; nada se apaga.",
                    ],
                    botao="Tornar sem efeito",
                    voltar=voltar,
                    estilo_botao="irreversivel",
                )
    return render(
        request,
        "form.html",
        {
            "form": form,
            "certame": certame,
            "titulo": titulo[0].upper() + titulo[1:],
            "introducao": introducao,
            "botao": "Ver as consequências",
            "estilo_botao": "irreversivel",
        },
    )
