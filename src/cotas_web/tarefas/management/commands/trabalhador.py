"""O trabalhador da fila (o `db_worker` do django-tasks-db) que antes de começar, e depois a
cada poucos segundos, retoma as tarefas que um processo morto deixou no meio e refaz o que
ficou desatualizado (a situação pública de cada certame)."""

from __future__ import annotations

import logging
import threading
import time
from typing import Any

from django.core.management import call_command
from django.core.management.base import BaseCommand, CommandParser
from django.db import OperationalError, connection

from cotas_web.tarefas import services

logger = logging.getLogger(__name__)


def _retomar_sempre(parar: threading.Event, intervalo: float) -> None:
    while not parar.wait(intervalo):
        try:
            services.retomar()
        except Exception:
            logger.exception("Falha ao retomar tarefas interrompidas")
        finally:
            connection.close()


class Command(BaseCommand):
    help = "Executa as tarefas em segundo plano (importações, consulta pública, arquivos)."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument(
            "--intervalo-retomar",
            type=float,
            default=15.0,
            help="segundos entre duas buscas por tarefas interrompidas (padrão: 15)",
        )
        parser.add_argument(
            "--lote",
            action="store_true",
            help="executa o que está na fila e sai (para testes e para o cron)",
        )

    def handle(self, *args: Any, **opcoes: Any) -> None:
        # A fila bem cuidada: o que terminou há muito sai (as linhas da fila do django-tasks-db
        # depois de 14 dias; as tarefas sem arquivo depois de 30).
        call_command("prune_db_task_results", "--min-age-days", "14", verbosity=0)
        services.limpar()
        recolocadas = services.retomar()
        if recolocadas:
            self.stdout.write(f"{len(recolocadas)} tarefa(s) interrompida(s) de volta à fila.")
        parar = threading.Event()
        if not opcoes["lote"]:
            threading.Thread(
                target=_retomar_sempre,
                args=(parar, opcoes["intervalo_retomar"]),
                name="retomar-tarefas",
                daemon=True,
            ).start()
        try:
            _trabalhar(lote=opcoes["lote"], verbosity=opcoes["verbosity"])
        finally:
            parar.set()


# Quanto o trabalhador espera para voltar à fila depois de achar o banco indisponível.
ESPERA_DO_BANCO = 5.0

# As falhas do PostgreSQL que passam sozinhas, pela classe do SQLSTATE: a conexão (08), a
# transação desfeita por serialização ou impasse (40), a trava não obtida (55P03) e o servidor
# reiniciando (57P01–57P03). Sem SQLSTATE, a conexão caiu antes da resposta.
_PASSAGEIRAS_PG = ("08", "40", "55P03", "57P01", "57P02", "57P03")


def _passageira(erro: OperationalError) -> bool:
    """Se a falha do banco passa sozinha (tentar de novo adianta) ou pede alguém (uma tabela que
    falta, um arquivo de banco que não abre): essa sai, em vez de se repetir para sempre."""
    causa = erro.__cause__
    sqlstate = getattr(causa, "sqlstate", None)
    if causa is not None and type(causa).__module__.startswith("psycopg"):
        return sqlstate is None or sqlstate.startswith(_PASSAGEIRAS_PG)
    texto = str(erro).lower()
    return "locked" in texto or "busy" in texto


def _trabalhar(*, lote: bool, verbosity: int) -> None:
    """O `db_worker`, de novo depois de uma falha do banco: no SQLite, um ato que segura a
    escrita por mais que a espera do banco fazia o trabalhador sair com "database is locked", e
    a fila parava até alguém subir outro. Só a falha que passa sozinha (`_passageira`); a outra,
    e qualquer uma em lote (testes, cron), sai como veio."""
    extras = ["--batch"] if lote else []
    while True:
        try:
            call_command(
                "db_worker", "--no-startup-delay", "--interval", "1", *extras, verbosity=verbosity
            )
            return
        except OperationalError as erro:
            if lote or not _passageira(erro):
                raise
            logger.warning(
                "Banco indisponível para a fila de tarefas (%s); de volta em %s s.",
                erro,
                ESPERA_DO_BANCO,
            )
            connection.close()
            time.sleep(ESPERA_DO_BANCO)
