"""Leituras do certame: a lei com seus artigos e a reserva por cargo com a conta."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from django.db.models import QuerySet

from cotas_web import ponte

from .models import Certame

if TYPE_CHECKING:
    from cotas.motor.regras import Regras


@dataclass(frozen=True)
class ReservaCargo:
    cargo: Any
    vagas: int
    reservadas: dict[str, int]
    ampla: int
    memoria: list[str]
    erro: str = ""


def certames_visiveis(*, usuario: Any) -> QuerySet[Certame]:
    """RH, auditoria e público veem todos os certames; o membro da comissão, só aqueles de cuja
    comissão faz parte."""
    from cotas_web.contas.permissoes import COMISSAO, papel_de

    if papel_de(usuario) == COMISSAO:
        return Certame.objects.filter(membros_comissao__usuario=usuario).distinct()
    return Certame.objects.all()


def regras_do_certame(*, certame: Certame) -> Regras:
    """A lei aplicável ao certame e suas regras, pelo motor (as views não chamam a ponte)."""
    return ponte.regras_do_certame(certame)


def artigos_da_lei(*, regras: Regras) -> list[ponte.ArtigoLei]:
    """Cada parâmetro da lei com o artigo que o fixa, para a página do certame."""
    return ponte.artigos_da_lei(regras)


def reserva_por_cargo(*, certame: Certame) -> list[ReservaCargo]:
    """A reserva de cada cargo sobre as vagas do edital, com a memória de cálculo do motor."""
    regras = ponte.regras_do_certame(certame)
    saida = []
    for cargo in certame.cargos.all():
        try:
            r = ponte.reserva(certame, regras, cargo.vagas_edital)
        except ponte.ErroCotas as erro:
            saida.append(ReservaCargo(cargo, cargo.vagas_edital, {}, 0, [], str(erro)))
            continue
        saida.append(
            ReservaCargo(cargo, r.vagas, dict(r.reservadas), r.ampla, list(r.memoria))
        )
    return saida
