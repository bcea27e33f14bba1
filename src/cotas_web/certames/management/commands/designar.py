"""Designa um RH ou auditor para um certame (ou lista as designações): quem administra o sistema
decide quem age em cada certame; a designação fica no histórico de auditoria do certame. O mesmo
ato da tela Usuários (`contas.services.designacao_fazer`)."""

from __future__ import annotations

from typing import Any

from django.contrib.auth import get_user_model
from django.core.exceptions import ValidationError
from django.core.management.base import BaseCommand, CommandError

from cotas_web.certames.models import Certame
from cotas_web.contas.models import Designacao
from cotas_web.contas.services import designacao_desfazer, designacao_fazer


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
        login = usuario.get_username()
        try:
            if opcoes["remover"]:
                feito = designacao_desfazer(usuario=None, alvo=usuario, certame_id=certame.pk)
                texto = f"{login} deixa de estar designado para o certame."
            else:
                feito = designacao_fazer(usuario=None, alvo=usuario, certame_id=certame.pk)
                texto = f"{login} designado para o certame."
        except ValidationError as erro:
            raise CommandError("; ".join(erro.messages)) from None
        self.stdout.write(texto if feito else "Nada a mudar.")
