"""Papéis: administrador do certame (RH), membro da comissão, auditor, e quem administra o
sistema (usuários, papéis, designações; o superusuário do Django também). O público não entra."""

from __future__ import annotations

from django.conf import settings
from django.db import models


class Papel(models.TextChoices):
    ADMINISTRADOR = "administrador", "Administrador do certame (RH)"
    COMISSAO = "comissao", "Membro da comissão de heteroidentificação"
    AUDITOR = "auditor", "Auditor"
    SISTEMA = "sistema", "Administrador do sistema (usuários e papéis)"


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


class Designacao(models.Model):
    """O RH ou o auditor designado para um certame: só nele age ou lê, como o membro da comissão
    só na comissão que integra. Quem cria o certame fica designado para ele; os demais, pelo
    comando `manage.py designar` (de quem administra o sistema)."""

    usuario = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="designacoes"
    )
    certame = models.ForeignKey(
        "certames.Certame", on_delete=models.CASCADE, related_name="designacoes"
    )
    designado_em = models.DateTimeField(auto_now_add=True)

    class Meta:
        verbose_name = "designação"
        verbose_name_plural = "designações"
        constraints = (
            models.UniqueConstraint(fields=("usuario", "certame"), name="designacao_unica"),
        )

    def __str__(self) -> str:
        return f"{self.usuario} em {self.certame_id}"


class SenhaProvisoria(models.Model):
    """O usuário entra com uma senha que outra pessoa definiu (quem administra o sistema, ao
    criá-lo ou ao redefini-la): troca-a antes de qualquer outra página. Sai quando ele troca a
    senha (na tela ou pelo link do e-mail)."""

    usuario = models.OneToOneField(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="senha_provisoria"
    )
    definida_em = models.DateTimeField(auto_now=True)

    class Meta:
        verbose_name = "senha provisória"
        verbose_name_plural = "senhas provisórias"

    def __str__(self) -> str:
        return f"{self.usuario} (senha provisória)"
