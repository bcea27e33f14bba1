"""A página da consulta pública em duas partes: a casca, montada uma vez por versão da situação
publicada, e o resultado da inscrição, o único trecho montado a cada pedido.

A consulta de uma inscrição é a página pública mais pedida (issue "transparência", item 6: mil
consultas por segundo, de inscrições sorteadas, num certame de um milhão). Quase tudo nela não
depende da inscrição: o cabeçalho do órgão, o menu do certame, o formulário, o rodapé. A casca é
essa página com duas marcas, onde entram a inscrição (escapada, como o modelo a escaparia) e o
resultado (`publico/_consulta_resultado.html`); a página montada assim é a mesma, byte a byte,
que o modelo inteiro daria (teste).

Só para quem chega sem sessão nem mensagens (a página de quem entrou tem o nome dele; uma mensagem
de uma página anterior sairia na de outro visitante) e só a versão atual (a desatualizada mostra
o andamento da tarefa, que muda a cada segundo). A casca vale no máximo `VALIDADE_DA_MEMORIA`
segundos (a do órgão guardado): a mudança do órgão chega a ela como chega ao cabeçalho das outras
páginas.
"""

from __future__ import annotations

import threading
import time
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass

from django.conf import settings
from django.contrib.messages.storage.cookie import CookieStorage
from django.http import HttpRequest
from django.utils.html import escape

from cotas_web.certames.models import Certame
from cotas_web.identidade.models import VALIDADE_DA_MEMORIA

from .models import PublicacaoSituacoes
from .situacoes import Publicada, em_dia

# Caracteres de uso privado: o escape do modelo não os muda, e nenhum texto publicado os tem.
MARCA_DA_INSCRICAO = "\ue000inscricao\ue000"
MARCA_DO_RESULTADO = "\ue000resultado\ue000"

Chave = tuple[int, int, int, int]


@dataclass(frozen=True)
class Casca:
    """A página sem a inscrição: o que vem antes dela no formulário, entre ela e o resultado,
    e depois do resultado; e o certame lido ao montá-la, com o fundamento da homologação, que
    o resultado de toda inscrição cita."""

    certame: Certame
    homologacao: str
    antes: str
    meio: str
    fim: str
    montada: float

    def pagina(self, inscricao: str, resultado: str) -> str:
        return "".join((self.antes, escape(inscricao), self.meio, resultado, self.fim))


_CASCAS: OrderedDict[Chave, Casca] = OrderedDict()
# (Um processo com várias threads, como o gunicorn com `--threads`: mexer na ordem das cascas
# enquanto outra thread tira a mais antiga daria KeyError.)
_TRAVA = threading.Lock()


def chave(request: HttpRequest, certame: Certame, publicada: Publicada) -> Chave | None:
    """A chave da casca, ou None se ela não se guarda (quem entrou, versão desatualizada,
    publicação com erro)."""
    pub = publicada.pub
    if (
        not publicada.atual
        or pub is None
        or pub.erro
        or pub.publicada_em is None
        or not sem_sessao(request)
    ):
        return None
    # A versão é o último ato que a publicação contém; a geração muda a cada montagem começada
    # (duas publicações da mesma versão, uma refeita depois de um erro, não se confundem).
    return (certame.pk, pub.pk, pub.versao, pub.geracao)


def sem_sessao(request: HttpRequest) -> bool:
    """Quem não traz sessão nem mensagens: a página dele é a de todo visitante."""
    return not (
        request.COOKIES.get(settings.SESSION_COOKIE_NAME)
        or request.COOKIES.get(CookieStorage.cookie_name)
    )


def pode_servir(request: HttpRequest) -> bool:
    """Há cascas neste processo e o pedido é de quem chega sem sessão."""
    return bool(_CASCAS) and sem_sessao(request)


def pela_versao(pk: int, pub: PublicacaoSituacoes | None) -> Casca | None:
    """A casca do certame, se o marcador lido (`situacoes.marcador`) diz que a versão dela ainda
    é a atual. O certame não é lido: a casca só foi montada publicada e homologada, e o que o
    tirasse do público seria um ato, que muda a versão."""
    if pub is None or pub.erro or pub.publicada_em is None or not em_dia(pub):
        return None
    chave = (pk, pub.pk, pub.versao, pub.geracao)
    with _TRAVA:
        casca = _CASCAS.get(chave)
        if casca is None:
            return None
        if time.monotonic() - casca.montada > VALIDADE_DA_MEMORIA:
            del _CASCAS[chave]
            return None
        _CASCAS.move_to_end(chave)
    return casca


def montar(
    chave: Chave, certame: Certame, homologacao: str, desenhar: Callable[[str, str], str]
) -> Casca:
    """Desenha a página com as marcas no lugar da inscrição e do resultado e a guarda.
    `desenhar(inscricao, resultado)` é o modelo inteiro da página."""
    pagina = desenhar(MARCA_DA_INSCRICAO, MARCA_DO_RESULTADO)
    # (Uma marca a mais seria o modelo pondo a inscrição ou o resultado noutro lugar: a casca
    # daria outra página que o modelo; melhor falhar alto.)
    if pagina.count(MARCA_DA_INSCRICAO) != 1 or pagina.count(MARCA_DO_RESULTADO) != 1:
        raise RuntimeError("O modelo da consulta deve pôr a inscrição e o resultado uma vez.")
    antes, resto = pagina.split(MARCA_DA_INSCRICAO, 1)
    meio, fim = resto.split(MARCA_DO_RESULTADO, 1)
    casca = Casca(certame, homologacao, antes, meio, fim, time.monotonic())
    with _TRAVA:
        _CASCAS[chave] = casca
        _CASCAS.move_to_end(chave)
        while len(_CASCAS) > settings.PUBLICO_CASCAS_NA_MEMORIA:
            _CASCAS.popitem(last=False)
    return casca


def esquecer() -> None:
    """Para os testes: cada um tem o seu banco (os números das chaves se repetem)."""
    with _TRAVA:
        _CASCAS.clear()
