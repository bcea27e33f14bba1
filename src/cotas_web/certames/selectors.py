"""Leituras do certame: a lei com seus artigos e a reserva por cargo com a conta."""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from django.db.models import QuerySet

from cotas_web import ponte
from cotas_web.rotulos import por_extenso, rotulo_da_coluna

from .models import Certame


@dataclass(frozen=True)
class Lote:
    """Vagas oferecidas de uma vez: as do edital ou novas vagas numa data."""

    rotulo: str
    quantidade: int


@dataclass(frozen=True)
class ReservaCargo:
    cargo: Any
    vagas: int
    reservadas: dict[str, int]
    ampla: int
    memoria: list[str]
    erro: str = ""
    lotes: tuple[Lote, ...] = ()


def certames_visiveis(*, usuario: Any) -> QuerySet[Certame]:
    """RH, auditoria e público veem todos os certames; o membro da comissão, só aqueles de cuja
    comissão faz parte."""
    from cotas_web.contas.permissoes import COMISSAO, papel_de

    if papel_de(usuario) == COMISSAO:
        return Certame.objects.filter(membros_comissao__usuario=usuario).distinct()
    return Certame.objects.all()


def lotes_do_cargo(cargo: Any) -> tuple[Lote, ...]:
    """As vagas oferecidas até agora, lote a lote, na ordem em que o motor as reencena (as do
    edital primeiro); antes da oferta do edital, as vagas que ele prevê."""
    ofertas = sorted(cargo.ofertas.all(), key=lambda o: (not o.do_edital, o.data, o.pk))
    if not ofertas:
        return (Lote("edital", cargo.vagas_edital),)
    return tuple(
        Lote("edital" if o.do_edital else f"novas vagas em {o.data:%d/%m/%Y}", o.quantidade)
        for o in ofertas
    )


def reserva_por_cargo(*, certame: Certame) -> list[ReservaCargo]:
    """A reserva de cada cargo sobre as vagas oferecidas até agora (o edital e cada lote de novas
    vagas), com a memória de cálculo do motor."""
    regras = ponte.regras_do_certame(certame)
    saida = []
    for cargo in certame.cargos.prefetch_related("ofertas"):
        lotes = lotes_do_cargo(cargo)
        total = sum(lt.quantidade for lt in lotes)
        try:
            r = ponte.reserva(certame, regras, [lt.quantidade for lt in lotes])
        except ponte.ErroCotas as erro:
            saida.append(ReservaCargo(cargo, total, {}, 0, [], str(erro), lotes))
            continue
        saida.append(
            ReservaCargo(cargo, r.vagas, dict(r.reservadas), r.ampla, list(r.memoria), "", lotes)
        )
    return saida


def artigos_da_lei(regras: Any) -> list[ponte.ArtigoLei]:
    """Os parâmetros da lei com os valores por extenso ("meio_para_cima" → a regra em palavras)."""
    return [
        replace(a, valor=", ".join(por_extenso(v) for v in a.valor.split(", ")))
        for a in ponte.artigos_da_lei(regras)
    ]


def criterios_de_desempate(certame: Certame) -> list[str]:
    """Os critérios de desempate do edital em palavras, na ordem."""
    return [
        f"{rotulo_da_coluna(str(coluna))} ({'menor' if sentido == 'menor' else 'maior'} primeiro)"
        for coluna, sentido in certame.desempate
    ]
