"""Os fatos da vida de um certame depois do edital, como o livro do certame os recebe.

Um tipo só de evento para quem reencena um certame (a linha de comando, a aplicação web, os
testes): `Certame.apurar` os recebe todos e os aplica na ordem de `ordenar_no_dia`.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable
from dataclasses import dataclass, field
from datetime import date

# (Reexportado: o vocabulário está em `glossario`.)
from cotas.motor.glossario import TipoEvento as TipoEvento


@dataclass(frozen=True)
class ProcedimentoAdministrativo:
    """O registro do procedimento com contraditório e ampla defesa que precede a anulação por
    declaração falsa: notificação, defesa (None: não apresentada), decisão e quem decidiu."""

    notificacao: date
    defesa: date | None
    decisao: date
    autoridade: str

    def problemas(self, data_do_evento: date) -> list[str]:
        """O que impede o registro de valer como procedimento (vazio: nada)."""
        saida = []
        if not self.autoridade.strip():
            saida.append("informe a autoridade que decidiu")
        if self.defesa is not None and not self.notificacao <= self.defesa <= self.decisao:
            saida.append(
                f"a defesa ({self.defesa:%d/%m/%Y}) deve estar entre a notificação "
                f"({self.notificacao:%d/%m/%Y}) e a decisão ({self.decisao:%d/%m/%Y})"
            )
        if self.decisao < self.notificacao:
            saida.append(
                f"a decisão ({self.decisao:%d/%m/%Y}) é anterior à notificação "
                f"({self.notificacao:%d/%m/%Y})"
            )
        if data_do_evento < self.decisao:
            saida.append(
                f"a anulação ({data_do_evento:%d/%m/%Y}) é anterior à decisão "
                f"({self.decisao:%d/%m/%Y})"
            )
        return saida

    def descricao(self) -> str:
        defesa = (
            f"defesa apresentada em {self.defesa:%d/%m/%Y}"
            if self.defesa is not None
            else "defesa não apresentada no prazo"
        )
        return (
            f"notificação em {self.notificacao:%d/%m/%Y}, {defesa}, decisão em "
            f"{self.decisao:%d/%m/%Y} por {self.autoridade.strip()}"
        )


@dataclass(frozen=True)
class Evento:
    data: date
    tipo: TipoEvento
    cargo: str | None = None
    inscricao: str | None = None
    quantidade: int | None = None
    justificativa: str = ""
    procedimento: ProcedimentoAdministrativo | None = None  # anulação por declaração falsa
    fundamento: str = ""  # eliminação: a base legal que o operador informa
    # De onde o fato veio (a linha do arquivo do cenário), para quem aponta o erro; não decide.
    linha: int | None = field(default=None, compare=False)


# No mesmo dia, primeiro as saídas, depois as novas vagas (docs/INTERPRETACAO.md#mesmo-dia).
_POSICAO_NO_DIA = {
    TipoEvento.DESISTENCIA: 0,
    TipoEvento.SEM_POSSE: 0,
    TipoEvento.ANULACAO: 0,
    TipoEvento.ELIMINACAO: 0,
    TipoEvento.FINAL_DE_FILA: 0,
    TipoEvento.NOVAS_VAGAS: 1,
}


def ordenar_no_dia(eventos: Iterable[Evento]) -> list[Evento]:
    """Os eventos na ordem em que o livro do certame os aplica: entre dias diferentes, a ordem
    dada (uma data anterior depois de uma posterior continua sendo recusada pelo livro); entre
    eventos seguidos da mesma data, as saídas (desistência, anulação, eliminação, final de fila)
    antes das novas vagas e, entre os do mesmo tipo, a ordem dada."""
    saida: list[Evento] = []
    for _, do_dia in itertools.groupby(eventos, key=lambda e: e.data):
        saida += sorted(do_dia, key=lambda e: _POSICAO_NO_DIA[e.tipo])
    return saida
