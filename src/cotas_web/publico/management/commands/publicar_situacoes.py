"""Monta agora a situação pública de cada inscrição (depois de importações grandes ou da
homologação), em vez de deixar para a primeira consulta."""

from __future__ import annotations

import time
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from cotas_web.certames.models import Certame
from cotas_web.publico import situacoes
from cotas_web.publico.models import PublicacaoSituacoes


class Command(BaseCommand):
    help = "Monta a situação pública de todas as inscrições dos certames homologados."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--certame", type=int, help="só este certame (pk)")

    def handle(self, *args: Any, **opcoes: Any) -> None:
        certames = Certame.objects.filter(homologado_em__isnull=False).order_by("pk")
        if opcoes["certame"] is not None:
            certames = certames.filter(pk=opcoes["certame"])
            if not certames.exists():
                raise CommandError(
                    f"Certame {opcoes['certame']} não existe ou ainda não foi homologado."
                )
        for certame in certames:
            inicio = time.perf_counter()
            antes = PublicacaoSituacoes.objects.filter(certame=certame).first()
            pub = situacoes.publicar(certame)
            if pub is None:
                self.stderr.write(
                    f"Certame {certame.pk} ({certame.nome}): outro processo já está montando."
                )
                continue
            if pub.erro:
                self.stderr.write(f"Certame {certame.pk} ({certame.nome}): {pub.erro}")
                continue
            total = situacoes.em_vigor(certame.pk).count()
            # (Uma montagem que não mudou cargo algum não começa geração nova.)
            mudou = antes is None or pub.geracao != antes.geracao
            novas = situacoes.linhas_da_geracao(pub).count() if mudou else 0
            self.stdout.write(
                f"Certame {certame.pk} ({certame.nome}): {total} situações publicadas "
                f"({novas} montadas de novo; versão {pub.versao}) em "
                f"{time.perf_counter() - inicio:.1f} s."
            )
