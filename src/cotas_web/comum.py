"""Utilidades das views: formulários com datas em campo nativo e erros de serviço como mensagens."""

from __future__ import annotations

import uuid
from collections.abc import Callable
from typing import Any

from django import forms
from django.contrib import messages
from django.core.exceptions import ValidationError
from django.http import Http404, HttpRequest, HttpResponse


class CampoData(forms.DateField):
    def __init__(self, *args: Any, **kwargs: Any) -> None:
        kwargs.setdefault("widget", forms.DateInput(attrs={"type": "date"}, format="%Y-%m-%d"))
        kwargs.setdefault("input_formats", ["%Y-%m-%d", "%d/%m/%Y"])
        super().__init__(*args, **kwargs)


FORMULARIO_EXPIRADO = "O formulário expirou; abra a página de novo."
# O tamanho de um texto livre digitado num ato (razões, fundamentação, motivo): ~8 páginas. Sem
# limite, 200.000 caracteres de razões entravam no registro e na página.
TEXTO_LIVRE_MAXIMO = 20_000


class FormularioDeUmaVez(forms.Form):
    """Formulário de um ato que cria algo: traz um código único (campo oculto `pedido`), e o
    service devolve o que um envio anterior com o mesmo código já criou (duplo clique, reenvio,
    pedidos simultâneos) em vez de criar de novo. O código é obrigatório: um envio sem ele
    (página antiga, pedido montado à mão) é recusado, senão dez envios criariam dez vezes."""

    pedido = forms.CharField(widget=forms.HiddenInput, required=False, max_length=64)

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        if not self.is_bound:  # (uma cópia: o `initial` de quem chama pode servir a outros)
            self.initial = {"pedido": uuid.uuid4().hex, **self.initial}

    def clean(self) -> dict[str, Any] | None:
        dados = super().clean()
        if not (self.cleaned_data.get("pedido") or "").strip() and "pedido" not in self.errors:
            # (erro do formulário, não do campo oculto: a tela o mostra no topo; os demais
            # erros continuam sendo conferidos e mostrados juntos)
            self.add_error(None, ValidationError(FORMULARIO_EXPIRADO, code="sem_pedido"))
        return dados


def mensagens_de(erro: ValidationError) -> list[str]:
    """As mensagens do erro para a tela: as primeiras e "e mais K", cada uma de tamanho
    limitado (um motor que recusa milhares de linhas nunca vira um aviso de 32 KB)."""
    from cotas.arquivos.erros import resumir

    return resumir([str(m) for m in erro.messages])


def erro_no_formulario(form: Any, erro: ValidationError) -> None:
    """O erro de um service no formulário redesenhado: o que o service diz de um campo
    (`ValidationError({"campo": ...})`) vai junto do campo, como o gov.br mostra; o resto, no
    alto do formulário. O que foi digitado fica."""
    if hasattr(erro, "error_dict"):
        for campo, erros in erro.error_dict.items():
            destino = campo if campo in form.fields else None
            for m in mensagens_de(ValidationError(erros)):
                form.add_error(destino, m)
        return
    for m in mensagens_de(erro):
        form.add_error(None, m)


def erros_do_formulario(request: HttpRequest, form: Any, onde: str = "") -> None:
    """Os erros de um formulário que não é redesenhado (a ação volta a outra página) como
    mensagens, cada uma com o rótulo do campo, como o usuário o leu na tela, e `onde` na frente
    (qual dos formulários da página: o painel tem um por cargo e por nomeado)."""
    for campo, erros in form.errors.items():
        rotulo = form.fields[campo].label if campo in form.fields else None
        for e in erros:
            texto = f"{rotulo}: {e}" if rotulo else str(e)
            messages.error(request, f"{onde} — {texto}" if onde else texto)


def tentar(request: HttpRequest, acao: Callable[[], Any], sucesso: str, onde: str = "") -> Any:
    """Executa um serviço; em erro de negócio mostra cada mensagem (com `onde` na frente, como
    `erros_do_formulario`) e devolve None."""
    try:
        resultado = acao()
    except ValidationError as erro:
        for m in mensagens_de(erro):
            messages.error(request, f"{onde} — {m}" if onde else m)
        return None
    messages.success(request, sucesso)
    return resultado if resultado is not None else True


class AindaNaoPublicado(Http404):
    """O documento que existe mas ainda não se publica (as listas antes da homologação): a
    página diz isso no título, não "Página não encontrada"."""

    titulo = "Documento ainda não publicado"

    def __init__(self, mensagem: str, *, links: tuple[tuple[str, str], ...] = ()) -> None:
        super().__init__(mensagem)
        self.links = links  # (rótulo, endereço): aonde ir (antes, só "Voltar aos certames")


def pagina_nao_encontrada(request: HttpRequest, exception: Exception) -> HttpResponse:
    """A 404 em português: a mensagem do `Http404` só quando é uma frase nossa. O Django põe ali
    o nome da exceção ("Resolver404", endereço sem rota) ou uma frase em inglês
    ("No Certame matches the given query.", `get_object_or_404`)."""
    from django.shortcuts import render

    mensagem = exception.args[0] if exception.args else ""
    if not isinstance(mensagem, str) or mensagem.endswith("matches the given query."):
        mensagem = ""
    titulo = getattr(exception, "titulo", "Página não encontrada")
    links = getattr(exception, "links", ())
    contexto = {"mensagem": mensagem, "titulo": titulo, "links": links}
    return render(request, "404.html", contexto, status=404)
