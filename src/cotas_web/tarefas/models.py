"""Uma tarefa acompanhada: o trabalho longo (importação, situação pública, arquivo público) que
roda na fila do banco (django-tasks) e cujo andamento a tela mostra numa barra de progresso."""

from __future__ import annotations

import uuid

from django.conf import settings
from django.db import models
from django.db.models import Q


class Estado(models.TextChoices):
    NA_FILA = "na_fila", "Na fila"
    EXECUTANDO = "executando", "Em andamento"
    CONCLUIDA = "concluida", "Concluída"
    FALHOU = "falhou", "Falhou"


ATIVOS = (Estado.NA_FILA, Estado.EXECUTANDO)


class Tipo(models.TextChoices):
    IMPORTACAO = "importacao", "Importação de candidatos"
    SITUACOES = "situacoes", "Atualização da consulta pública"
    ARQUIVO_PUBLICO = "arquivo_publico", "Arquivo público"


class Tarefa(models.Model):
    # Um UUID: o endereço do andamento de uma tarefa pública não deixa adivinhar as outras.
    id = models.UUIDField(primary_key=True, default=uuid.uuid4, editable=False)
    tipo = models.CharField(max_length=20, choices=Tipo.choices)
    chave = models.CharField(
        max_length=300,
        help_text="O mesmo trabalho pedido de novo enquanto roda é a mesma tarefa (uma ativa).",
    )
    grupo = models.CharField(
        max_length=300,
        blank=True,
        help_text="A chave sem a versão: o arquivo de uma versão anterior é do mesmo grupo.",
    )
    certame = models.ForeignKey(
        "certames.Certame", null=True, blank=True, on_delete=models.CASCADE, related_name="+"
    )
    versao = models.BigIntegerField("versão do certame", default=0)
    publica = models.BooleanField(default=False)
    parametros = models.JSONField(default=dict, blank=True)
    estado = models.CharField(max_length=12, choices=Estado.choices, default=Estado.NA_FILA)
    feitos = models.PositiveBigIntegerField(default=0)
    total = models.PositiveBigIntegerField(default=0)
    mensagem = models.TextField(blank=True)
    arquivo = models.CharField(
        max_length=300,
        blank=True,
        help_text="O arquivo do resultado, relativo à pasta das tarefas.",
    )
    resultado_url = models.CharField(max_length=300, blank=True)
    tentativas = models.PositiveSmallIntegerField(default=0)
    iniciada_por = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="+",
    )
    criada_em = models.DateTimeField(auto_now_add=True)
    iniciada_em = models.DateTimeField(null=True, blank=True)
    terminada_em = models.DateTimeField(null=True, blank=True)
    batimento = models.DateTimeField(
        null=True, blank=True, help_text="O último sinal de vida de quem a executa."
    )

    class Meta:
        verbose_name = "tarefa"
        constraints = (
            models.UniqueConstraint(
                fields=("chave",),
                condition=Q(estado__in=("na_fila", "executando")),
                name="tarefa_ativa_unica",
            ),
        )
        indexes = (models.Index(fields=("grupo", "estado", "versao")),)

    def __str__(self) -> str:
        return f"{self.get_tipo_display()} ({self.get_estado_display()})"

    @property
    def ativa(self) -> bool:
        return self.estado in ATIVOS

    @property
    def percentual(self) -> int:
        if self.estado == Estado.CONCLUIDA:
            return 100
        return min(99, self.feitos * 100 // self.total) if self.total else 0


class PedidoPesado(models.Model):
    """Um pedido pesado em curso (um download público; tarefas/limite.py), contado no banco: o
    limite por cliente vale para todos os processos do servidor, não para cada um."""

    cliente = models.CharField(max_length=64, db_index=True)
    inicio = models.DateTimeField(auto_now_add=True)

    class Meta:
        verbose_name = "pedido pesado em curso"
        verbose_name_plural = "pedidos pesados em curso"
