"""Feeds Atom dos atos publicados (o framework de syndication do Django): um por certame e um
por cargo. Cada entrada é um ato (a homologação, as ofertas de vagas, as nomeações com a
portaria, as desistências, anulações, eliminações, idas ao final da fila, as vagas sem
candidato, os atos que tornam outro sem efeito, as correções e as retificações), com o
fundamento legal e o endereço da página pública em que ele aparece. Os mesmos atos de
/api/certames/{id}/atos (`selectors.atos_publicados`).

O subtítulo traz a cabeça do registro de auditoria do certame com a data (quem guarda o feed
guarda uma cópia datada dela). A ETag é a versão do certame e a cabeça: um leitor de feeds que
repete o pedido com `If-None-Match` recebe 304 enquanto nenhum registro novo foi gravado.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, time
from typing import Any

from django.contrib.syndication.views import Feed
from django.http import Http404, HttpRequest, HttpResponse
from django.urls import reverse
from django.utils import timezone
from django.utils.feedgenerator import Atom1Feed

from cotas_web.auditoria.selectors import cabeca_publica
from cotas_web.certames.models import Certame

from . import selectors

# Quantas entradas o feed traz (as mais novas); a API pagina todos os atos.
ENTRADAS = 500


def _tag(host: str, certame: Certame, resto: str) -> str:
    """tag URI (RFC 4151): o identificador estável de um feed ou de uma entrada."""
    return f"tag:{host},{certame.data_edital:%Y}:certame/{certame.pk}/{resto}"


@dataclass(frozen=True)
class _Entrada:
    ato: selectors.Ato
    guid: str


class _Objeto:
    """O certame do feed, o cargo (None: o certame inteiro) e as entradas."""

    def __init__(self, certame: Certame, cargo: Any | None, host: str) -> None:
        self.certame = certame
        self.cargo = cargo
        self.cabeca = cabeca_publica(certame_id=certame.pk)
        self.guid = _tag(host, certame, f"cargo/{cargo.codigo}" if cargo else "atos")
        self.entradas = [
            _Entrada(a, _tag(host, certame, a.chave))
            for a in selectors.atos_publicados(certame, cargo.codigo if cargo else None)
        ]


def _momento(dia: Any) -> datetime:
    return timezone.make_aware(datetime.combine(dia, time.min))


class FeedCertame(Feed):  # type: ignore[type-arg]
    feed_type = Atom1Feed

    def __call__(self, request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        certame = selectors.certame_publico(int(kwargs["pk"]))
        # (a cabeça do registro, no subtítulo, muda também com a publicação de um arquivo)
        cabeca = cabeca_publica(certame_id=certame.pk)
        ultimo = cabeca.ultimo_id if cabeca else 0
        etag = f'"certame-{certame.pk}-v{selectors.versao(certame)}-c{ultimo}-feed"'
        pedidas = request.headers.get("If-None-Match", "")
        if etag in {t.strip().removeprefix("W/") for t in pedidas.split(",")}:
            resposta = HttpResponse(status=304)
            resposta["ETag"] = etag
            return resposta
        resposta = super().__call__(request, *args, **kwargs)
        resposta["ETag"] = etag
        resposta["Cache-Control"] = "no-cache"
        resposta["X-Content-Type-Options"] = "nosniff"
        return resposta

    def get_object(self, request: HttpRequest, pk: int, codigo: str | None = None) -> _Objeto:
        certame = selectors.certame_publico(int(pk))
        cargo = None
        if codigo is not None:
            cargo = certame.cargos.filter(codigo=codigo).first()
            if cargo is None:
                raise Http404(f"Cargo {codigo} não existe neste certame.")
        return _Objeto(certame, cargo, request.get_host().split(":")[0])

    def subtitle(self, obj: _Objeto) -> str:
        atos = (
            f"{obj.certame.municipio}: homologação, ofertas de vagas, nomeações com a portaria, "
            "desistências, anulações, eliminações, idas ao final da lista, atos que tornam outro "
            "sem efeito, correções e retificações, cada ato com o fundamento legal."
        )
        cabeca = obj.cabeca
        if cabeca is None:
            return atos
        # A cabeça da cadeia do registro de auditoria, com a data: quem guarda o feed tem uma
        # cópia datada dela e detecta depois uma reescrita do registro (como na transparência
        # de certificados).
        return (
            f"{atos} Registro de auditoria em {cabeca.lida_em.isoformat(timespec='seconds')}: "
            f"{cabeca.registros} registro(s), o último nº {cabeca.ultimo_id} com o selo "
            f"{cabeca.ultimo_hash}. Linha para conferir: {cabeca.jsonl()}"
        )

    def title(self, obj: _Objeto) -> str:
        onde = f" — cargo {obj.cargo.codigo} ({obj.cargo.nome})" if obj.cargo else ""
        return f"Atos publicados — {obj.certame.nome}{onde}"

    def link(self, obj: _Objeto) -> str:
        return reverse("certames:publico", args=[obj.certame.pk])

    def feed_url(self, obj: _Objeto) -> str:
        if obj.cargo:
            return reverse("dados_abertos:feed_cargo", args=[obj.certame.pk, obj.cargo.codigo])
        return reverse("dados_abertos:feed_certame", args=[obj.certame.pk])

    def feed_guid(self, obj: _Objeto) -> str:
        return obj.guid

    def author_name(self, obj: _Objeto) -> str:
        return obj.certame.municipio

    def items(self, obj: _Objeto) -> list[_Entrada]:
        return obj.entradas[:ENTRADAS]

    def item_title(self, item: _Entrada) -> str:
        return item.ato.titulo

    def item_description(self, item: _Entrada) -> str:
        ato = item.ato
        partes = [ato.descricao] if ato.descricao else []
        partes.append(
            f"Fundamento legal: {ato.fundamento}"
            if ato.fundamento
            else "Fundamento legal: o ato não cita dispositivo da lei."
        )
        return "\n".join(partes)

    def item_link(self, item: _Entrada) -> str:
        return item.ato.link

    def item_guid(self, item: _Entrada) -> str:
        return item.guid

    item_guid_is_permalink = False

    def item_pubdate(self, item: _Entrada) -> datetime:
        return _momento(item.ato.data)

    def item_updateddate(self, item: _Entrada) -> datetime:
        return _momento(item.ato.data)

    def item_categories(self, item: _Entrada) -> tuple[str, ...]:
        ato = item.ato
        return (ato.tipo_rotulo,) + ((f"Cargo {ato.cargo}",) if ato.cargo else ())


class FeedCargo(FeedCertame):
    pass
