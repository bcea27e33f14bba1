"""`manage.py restaurar ARQUIVO`: confere o sha256 de cada parte da cópia, restaura o banco num
banco vazio e os arquivos privados, e confere a cadeia do registro de auditoria
(`verificar_auditoria`), mostrando o resultado."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from django.core.management import call_command
from django.core.management.base import BaseCommand, CommandError, CommandParser

from cotas_web.auditoria.copia import CopiaRecusada, restaurar_copia


class Command(BaseCommand):
    help = "Restaura uma cópia de copia_de_seguranca num banco vazio e confere a auditoria."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("arquivo", type=Path, help="arquivo gravado por copia_de_seguranca")

    def handle(self, *args: Any, **opcoes: Any) -> None:
        try:
            manifesto = restaurar_copia(opcoes["arquivo"])
        except (CopiaRecusada, OSError) as erro:
            raise CommandError(f"Nada restaurado: {erro}", returncode=2) from None
        self.stdout.write(
            f"Restaurada a cópia de {manifesto['criada_em']}: {len(manifesto['partes'])} "
            "parte(s), todas com o sha256 conferido."
        )
        call_command("migrate", "--noinput", verbosity=0)  # (uma cópia de versão anterior)
        call_command("verificar_auditoria", stdout=self.stdout, stderr=self.stderr)
