"""Papéis: administrador do certame (RH), membro da comissão, auditor. O público não entra."""

from __future__ import annotations

from django.conf import settings
from django.db import models


class Papel(models.TextChoices):
    ADMINISTRADOR = "administrador", "Administrador do certame (RH)"
    COMISSAO = "comissao", "Membro da comissão de heteroidentificação"
    AUDITOR = "auditor", "Auditor"


class Perfil(models.Model):
    usuario = models.OneToOneField(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="perfil"
    )
    papel = models.CharField(max_length=20, choices=Papel.choices)

    class Meta:
        verbose_name = "perfil"
        verbose_name_plural = "perfis"

    def __str__(self) -> str:
        return f"{self.usuario} ({self.get_papel_display()})"
