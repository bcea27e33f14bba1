"""Apaga as prévias de importação esquecidas (dados pessoais em disco): `manage.py limpar_previas`,
de hora em hora ou ao iniciar o servidor; o envio de um arquivo também chama a limpeza."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from django.conf import settings
from django.core.management.base import BaseCommand, CommandParser

from cotas_web.candidatos.services import limpar_previas


class Command(BaseCommand):
    help = "Apaga as prévias de importação com mais de COTAS_PREVIAS_HORAS (padrão: 24 horas)."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--horas", type=float, default=None, help="idade mínima, em horas")

    def handle(self, *args: Any, **opcoes: Any) -> None:
        pasta = Path(settings.ARQUIVOS_PRIVADOS) / "importacoes"
        apagadas = limpar_previas(pasta, opcoes["horas"])
        self.stdout.write(f"{apagadas} prévia(s) apagada(s) em {pasta}.")
