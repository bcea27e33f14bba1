"""`manage.py copia_de_seguranca --saida ARQUIVO`: o banco (SQLite pela API de cópia; PostgreSQL
por `pg_dump -Fc`) e os arquivos privados (sem as prévias de importação) num arquivo só, com
um manifesto com o sha256 de cada parte. Restaure com `manage.py restaurar ARQUIVO`."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from cotas_web.auditoria.copia import CopiaRecusada, fazer_copia


class Command(BaseCommand):
    help = "Grava uma cópia de segurança do banco e dos arquivos privados, com manifesto."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--saida", type=Path, required=True, help="arquivo da cópia (.tar)")

    def handle(self, *args: Any, **opcoes: Any) -> None:
        try:
            manifesto = fazer_copia(opcoes["saida"])
        except (CopiaRecusada, OSError) as erro:
            raise CommandError(f"Cópia não gravada: {erro}", returncode=2) from None
        partes = manifesto["partes"]
        self.stdout.write(
            f"Cópia gravada em {opcoes['saida']}: banco {manifesto['banco']} e "
            f"{len(partes) - 1} arquivo(s) privado(s); {sum(p['bytes'] for p in partes)} bytes."
        )
