"""Exporta a cabeça de cada cadeia do registro de auditoria (uma linha JSON por certame), para
guardar fora do servidor todo dia: quem tiver a exportação de ontem detecta uma reescrita
(`verificar_auditoria --cabecas ARQUIVO`)."""

from __future__ import annotations

import json
import os
import tempfile
from pathlib import Path
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser
from django.utils import timezone

from cotas_web.auditoria.integridade import cabeca, verificar_todas


class Command(BaseCommand):
    help = "Exporta a cabeça (último id, último hash, número de registros) de cada cadeia."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--saida", type=Path, required=True, help="arquivo JSON Lines")

    def handle(self, *args: Any, **opcoes: Any) -> None:
        saida: Path = opcoes["saida"]
        agora = timezone.now()
        estados = verificar_todas()
        linhas = [json.dumps(cabeca(e, agora), ensure_ascii=False) for e in estados]
        _gravar_inteiro(saida, "".join(f"{linha}\n" for linha in linhas))
        self.stdout.write(f"{len(linhas)} cabeça(s) exportada(s) em {saida}.")
        quebradas = [e for e in estados if not e.integra]
        for e in quebradas:
            self.stderr.write(f"Atenção — {e.nome()}: {e.quebra}")
        if quebradas:
            raise CommandError("Há cadeias quebradas (exportadas com integra=false).", returncode=1)


def _gravar_inteiro(saida: Path, texto: str) -> None:
    """Tudo ou nada: um arquivo temporário ao lado, renomeado por cima."""
    if not saida.parent.is_dir():
        raise CommandError(f"A pasta de {saida} não existe.", returncode=2)
    fd, temporario = tempfile.mkstemp(dir=saida.parent, prefix=".cabecas-")
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as arquivo:
            arquivo.write(texto)
        os.replace(temporario, saida)
    except BaseException:
        Path(temporario).unlink(missing_ok=True)
        raise
