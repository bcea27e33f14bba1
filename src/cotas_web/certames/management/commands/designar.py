"""Designa um RH ou auditor para um certame (ou lista as designações): quem administra o sistema
decide quem age em cada certame; a designação fica no histórico de auditoria do certame."""

from __future__ import annotations

from typing import Any

from django.contrib.auth import get_user_model
from django.core.exceptions import ValidationError
from django.core.management.base import BaseCommand, CommandError
from django.db import transaction

from cotas_web.auditoria.services import registrar
from cotas_web.certames.models import Certame
from cotas_web.contas.models import Designacao
from cotas_web.contas.permissoes import designar


class Command(BaseCommand):
    help = "Designa o RH ou o auditor LOGIN para o certame de número CERTAME."

    def add_arguments(self, parser: Any) -> None:
        parser.add_argument("login", nargs="?", help="login do RH ou do auditor")
        parser.add_argument("certame", nargs="?", type=int, help="número do certame")
        parser.add_argument("--remover", action="store_true", help="desfaz a designação")

    def handle(self, *args: Any, **opcoes: Any) -> None:
        if not opcoes["login"] or opcoes["certame"] is None:
            for d in Designacao.objects.select_related("usuario", "certame").order_by(
                "certame_id", "usuario__username"
            ):
                self.stdout.write(f"certame {d.certame_id} ({d.certame.nome}): {d.usuario}")
            return
        usuario = get_user_model().objects.filter(username=opcoes["login"]).first()
        if usuario is None:
            raise CommandError(f"O login {opcoes['login']} não existe.")
        certame = Certame.objects.filter(pk=opcoes["certame"]).first()
        if certame is None:
            raise CommandError(f"O certame {opcoes['certame']} não existe.")
        with transaction.atomic():
            if opcoes["remover"]:
                feito = Designacao.objects.filter(usuario=usuario, certame=certame).delete()[0]
                texto = f"{usuario.get_username()} deixa de estar designado para o certame."
            else:
                try:
                    feito = designar(usuario=usuario, certame=certame)
                except ValidationError as erro:
                    raise CommandError("; ".join(erro.messages)) from None
                texto = f"{usuario.get_username()} designado para o certame."
            if feito:
                registrar(usuario=None, certame=certame, acao="designacao", descricao=texto)
        self.stdout.write(texto if feito else "Nada a mudar.")
