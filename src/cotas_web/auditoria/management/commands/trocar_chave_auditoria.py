"""Registra a troca da chave do selo (chaves.py): rode depois de pôr a chave nova em
`COTAS_CHAVE_AUDITORIA`, as antigas em `COTAS_CHAVES_AUDITORIA_ANTERIORES` e reiniciar todos os
processos. Grava, selado com a chave nova, o registro que aposenta as antigas (cadeia.py,
`TROCA_DE_CHAVE`): a partir dele, um registro selado com uma delas é uma falha em
`verificar_auditoria`, e quem tivesse obtido uma chave antiga não acrescenta nada com ela."""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand, CommandError
from django.db import transaction
from django.db.models import Max

from cotas_web.auditoria import cadeia, chaves
from cotas_web.auditoria.acoes import AcaoAuditada
from cotas_web.auditoria.integridade import verificar_todas
from cotas_web.auditoria.models import Registro
from cotas_web.auditoria.services import registrar


class Command(BaseCommand):
    help = "Aposenta as chaves anteriores do selo do registro de auditoria (depois da troca)."

    def handle(self, *args: Any, **opcoes: Any) -> None:
        atual = cadeia.identificacao(chaves.chave_atual())
        antigas = sorted(k for k in chaves.chaves_conhecidas() if k != atual)
        if not antigas:
            raise CommandError(
                "Nenhuma chave anterior a aposentar: ponha a chave nova em COTAS_CHAVE_AUDITORIA "
                "e as antigas em COTAS_CHAVES_AUDITORIA_ANTERIORES antes.",
                returncode=2,
            )
        quebradas = [f"{e.nome()}: {e.quebra}" for e in verificar_todas() if not e.integra]
        if quebradas:
            raise CommandError(
                "O registro não confere; a troca não é registrada sobre ele:\n"
                + "\n".join(quebradas),
                returncode=1,
            )
        with transaction.atomic():
            cabecas = {
                cadeia.nome_da_cadeia(c["certame_id"]): c["ultimo"]
                for c in Registro.objects.order_by().values("certame_id").annotate(ultimo=Max("id"))
            }
            troca = registrar(
                usuario=None,
                certame=None,
                acao=AcaoAuditada.CHAVE_TROCADA,
                descricao=(
                    f"Troca da chave do selo: a chave {atual} passa a selar; as anteriores "
                    f"({', '.join(antigas)}) só conferem os registros de até aqui."
                ),
                dados={"nova": atual, "aposentadas": antigas, "cabecas": cabecas},
            )
        self.stdout.write(
            f"Troca registrada (registro {troca.pk}): {len(antigas)} chave(s) aposentada(s). "
            "Mantenha-as em COTAS_CHAVES_AUDITORIA_ANTERIORES: sem elas, os registros que "
            "selaram não se conferem."
        )
