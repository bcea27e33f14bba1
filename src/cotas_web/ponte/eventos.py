"""Os fatos do banco que mudam as nomeações, como o motor os aplica (`cotas.motor.eventos.Evento`):
as novas vagas, as desistências, os pedidos de final de fila e as anulações por declaração falsa,
com o procedimento que as decidiu."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date
from typing import TYPE_CHECKING

from cotas.motor.certame import ProcedimentoAdministrativo
from cotas.motor.eventos import Evento, TipoEvento
from cotas_web.auditoria.acoes import AcaoAuditada

if TYPE_CHECKING:
    from cotas_web.candidatos.models import Candidato
    from cotas_web.certames.models import Certame

__all__ = ["Fatos", "fatos_do_certame", "fundamento_final_de_fila", "procedimento_da_anulacao"]


@dataclass(frozen=True)
class Fatos:
    """Os fatos registrados do certame, como o motor os reencena: a data em que as vagas do
    edital foram oferecidas (None: ainda não foram), os eventos depois dela (`Evento` do motor,
    em ordem de data e, no mesmo dia, de registro; a ordem entre tipos no mesmo dia é do motor)
    e quem saiu antes dela (nunca entra nas listas)."""

    abertura: date | None
    eventos: list[Evento]
    fora: set[str]


def fatos_do_certame(certame: Certame) -> Fatos:
    """Os fatos registrados que mudam as nomeações."""
    from cotas_web.candidatos.models import Candidato
    from cotas_web.nomeacoes.models import (
        Desistencia,
        MotivoDaSaida,
        Nomeacao,
        OfertaVagas,
        SituacaoNomeacao,
    )

    edital = OfertaVagas.objects.filter(cargo__certame=certame, do_edital=True)
    abertura = min((o.data for o in edital), default=None)
    registrados: list[tuple[date, int, Evento]] = []  # (data, pk, evento): a ordem de registro
    # O que foi tornado sem efeito (por um ato novo; o original fica gravado) não é fato.
    novas = OfertaVagas.objects.filter(
        cargo__certame=certame, do_edital=False, sem_efeito_em__isnull=True
    )
    for o in novas.select_related("cargo"):
        evento = Evento(
            o.data,
            TipoEvento.NOVAS_VAGAS,
            cargo=o.cargo.codigo,
            quantidade=o.quantidade,
            justificativa=o.justificativa,
        )
        registrados.append((o.data, o.pk, evento))
    desistencias = Desistencia.objects.filter(certame=certame, sem_efeito_em__isnull=True)
    for d in desistencias.select_related("candidato"):
        tipo = (
            TipoEvento.SEM_POSSE if d.motivo == MotivoDaSaida.SEM_POSSE else TipoEvento.DESISTENCIA
        )
        evento = Evento(d.data, tipo, inscricao=d.candidato.inscricao)
        registrados.append((d.data, d.pk, evento))
    fundamento = fundamento_final_de_fila(certame)
    for n in Nomeacao.objects.filter(
        cargo__certame=certame, situacao=SituacaoNomeacao.FINAL_DE_FILA
    ).select_related("candidato"):
        assert n.encerrada_em is not None
        evento = Evento(
            n.encerrada_em,
            TipoEvento.FINAL_DE_FILA,
            inscricao=n.candidato.inscricao,
            justificativa=fundamento,
        )
        registrados.append((n.encerrada_em, n.pk, evento))
    for c in Candidato.objects.filter(certame=certame, anulado_em__isnull=False):
        assert c.anulado_em is not None
        evento = Evento(
            c.anulado_em,
            TipoEvento.ANULACAO,
            inscricao=c.inscricao,
            procedimento=procedimento_da_anulacao(c),
        )
        registrados.append((c.anulado_em, c.pk, evento))
    registrados.sort(key=lambda r: (r[0], r[1]))
    # Quem saiu antes da abertura das vagas nunca entra nas listas do motor.
    saidas = (TipoEvento.DESISTENCIA, TipoEvento.ANULACAO)
    fora = {
        e.inscricao
        for _, _, e in registrados
        if e.tipo in saidas
        and e.inscricao is not None  # (toda saída tem a sua)
        and (abertura is None or e.data < abertura)
    }
    eventos = [e for _, _, e in registrados if e.inscricao not in fora]
    return Fatos(abertura, eventos, fora)


def procedimento_da_anulacao(candidato: Candidato) -> ProcedimentoAdministrativo | None:
    """O registro do procedimento por declaração falsa (contraditório e ampla defesa) que anulou
    a inscrição, como o motor o pede: a abertura é a notificação do candidato para a defesa; a
    autoridade é a que o RH informou com a decisão. None se não há
    procedimento decidido pela falsidade (o motor então recusa a anulação)."""
    from cotas_web.auditoria.models import Registro

    proc = (
        candidato.procedimentos.filter(decisao="falsidade", decidido_em__isnull=False)
        .order_by("-decidido_em", "-pk")
        .first()
    )
    if proc is None:
        return None
    assert proc.decidido_em is not None  # (só as decididas)
    autoridade = f"{proc.autoridade} (procedimento nº {proc.pk})"
    if not proc.autoridade:
        # Decisões registradas antes de a autoridade ter campo próprio: quem as registrou.
        registro = (
            Registro.objects.filter(
                acao=AcaoAuditada.FALSIDADE_DECIDIDA, dados__procedimento=proc.pk
            )
            .order_by("-pk")
            .first()
        )
        quem = registro.usuario_nome if registro is not None else "usuário não identificado"
        autoridade = f"{quem}, que registrou a decisão no sistema (procedimento nº {proc.pk})"
    return ProcedimentoAdministrativo(
        notificacao=proc.aberto_em,
        defesa=proc.defesa_em,
        decisao=proc.decidido_em,
        autoridade=autoridade,
    )


def fundamento_final_de_fila(certame: Certame) -> str:
    """A base do pedido de final de fila: o item do edital que o admite (o edital decide)."""
    item = certame.final_de_fila_item.strip()
    if item:
        return f"Edital, {item}: admite o pedido de final de fila."
    return "Edital: admite o pedido de final de fila."
