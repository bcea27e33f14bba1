"""A página da consulta pública guardada na memória do processo, por versão da situação publicada.

A consulta de uma inscrição é a página pública mais pedida (issue "transparência", item 6: mil
pedidos por segundo num certame de um milhão). Montá-la custa a linha da inscrição, os atos que a
atingiram e o modelo da página (~3 ms); o que ela mostra só muda quando muda a situação publicada
(cada ato a renova) ou o órgão do cabeçalho. Guardamos a página pronta com a chave da versão
servida: o pedido seguinte da mesma inscrição confere a versão (o marcador de `para_consulta`)
e devolve a página guardada sem montá-la.

Só para quem chega sem sessão (a de quem entrou tem o nome e o papel dele) e só a versão atual
(a desatualizada mostra o andamento da tarefa, que muda a cada segundo). A página guardada vale
no máximo `VALIDADE_DA_MEMORIA` segundos (a do órgão guardado): a mudança do órgão chega a ela
como chega ao cabeçalho das outras páginas. Um número limitado de páginas por processo (as mais
recentes ficam).
"""

from __future__ import annotations

import time
from collections import OrderedDict

from django.conf import settings
from django.contrib.messages.storage.cookie import CookieStorage
from django.http import HttpRequest, HttpResponse

from cotas_web.certames.models import Certame
from cotas_web.identidade.models import VALIDADE_DA_MEMORIA

from .models import PublicacaoSituacoes
from .situacoes import Publicada, em_dia

Chave = tuple[int, int, int, int, str]

_GUARDADAS: OrderedDict[Chave, tuple[float, bytes]] = OrderedDict()


def chave(
    request: HttpRequest, certame: Certame, publicada: Publicada, inscricao: str
) -> Chave | None:
    """A chave da página montada, ou None se ela não se guarda (quem entrou, versão
    desatualizada, publicação com erro)."""
    pub = publicada.pub
    if (
        not publicada.atual
        or pub is None
        or pub.erro
        or pub.publicada_em is None
        or not _sem_sessao(request)
    ):
        return None
    # A versão é o último ato que a publicação contém; a geração muda a cada montagem começada
    # (duas publicações da mesma versão, uma refeita depois de um erro, não se confundem).
    return (certame.pk, pub.pk, pub.versao, pub.geracao, inscricao)


def _sem_sessao(request: HttpRequest) -> bool:
    """Quem não traz sessão nem mensagens: a página dele é a de todo visitante. (Quem entrou tem
    o nome no cabeçalho; uma mensagem de uma página anterior sairia na página guardada e, dela,
    na de outros visitantes.)"""
    return not (
        request.COOKIES.get(settings.SESSION_COOKIE_NAME)
        or request.COOKIES.get(CookieStorage.cookie_name)
    )


def pode_guardar(request: HttpRequest) -> bool:
    """Há páginas guardadas neste processo e o pedido é de quem chega sem sessão."""
    return bool(_GUARDADAS) and _sem_sessao(request)


def pela_versao(pk: int, pub: PublicacaoSituacoes | None, inscricao: str) -> HttpResponse | None:
    """A página guardada da inscrição, se o marcador lido (`situacoes.marcador`) diz que a
    versão dela ainda é a atual. O certame não é lido: a página só foi guardada publicada e
    homologada, e o que o tirasse do público seria um ato, que muda a versão."""
    if pub is None or pub.erro or pub.publicada_em is None or not em_dia(pub):
        return None
    return ler((pk, pub.pk, pub.versao, pub.geracao, inscricao))


def ler(chave: Chave) -> HttpResponse | None:
    guardada = _GUARDADAS.get(chave)
    if guardada is None:
        return None
    quando, conteudo = guardada
    if time.monotonic() - quando > VALIDADE_DA_MEMORIA:
        _GUARDADAS.pop(chave, None)
        return None
    _GUARDADAS.move_to_end(chave)
    return HttpResponse(conteudo)


def guardar(chave: Chave, resposta: HttpResponse) -> None:
    if resposta.status_code != 200:
        return
    _GUARDADAS[chave] = (time.monotonic(), resposta.content)
    _GUARDADAS.move_to_end(chave)
    while len(_GUARDADAS) > settings.PUBLICO_CONSULTAS_NA_MEMORIA:
        _GUARDADAS.popitem(last=False)


def esquecer() -> None:
    """Para os testes: cada um tem o seu banco (os números das chaves se repetem)."""
    _GUARDADAS.clear()
