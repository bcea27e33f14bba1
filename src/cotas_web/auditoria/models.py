"""Registro de auditoria: só se acrescenta. Nenhuma linha é alterada ou apagada pela aplicação.

Cada registro novo entra na cadeia do seu certame (cadeia.py) ao ser gravado, sob a trava do
certame: por `services.registrar` ou por qualquer outro `save`.
"""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.db import connection, models, transaction
from django.utils import timezone

from . import cadeia
from .acoes import AcaoAuditada
from .chaves import chave_atual

# Chave (do PostgreSQL) da trava da cadeia dos registros sem certame.
_TRAVA_SEM_CERTAME = 0x41554454  # "AUDT"


# Os registros que só dão conta de uma publicação (o arquivo gerado de uma versão, com o sha256):
# não mudam o certame, então não mudam a versão dele (senão cada arquivo gerado tornaria a si
# mesmo desatualizado).
ACOES_DE_PUBLICACAO = (AcaoAuditada.ARQUIVO_PUBLICADO.value,)


class RegistroImutavel(Exception):
    """Tentativa de alterar ou apagar uma linha do registro de auditoria."""


class RegistroQuerySet(models.QuerySet["Registro"]):
    def da_cadeia(self, certame_id: int | None) -> RegistroQuerySet:
        """Os registros de um certame (None: os sem certame), uma cadeia de hashes."""
        if certame_id is None:
            return self.filter(certame__isnull=True)
        return self.filter(certame_id=certame_id)

    def que_mudam_o_certame(self) -> RegistroQuerySet:
        """Os atos e fatos do certame (o que conta para a versão), sem as publicações."""
        return self.exclude(acao__in=ACOES_DE_PUBLICACAO)

    def update(self, **kwargs: Any) -> int:
        raise RegistroImutavel("O registro de auditoria não pode ser alterado.")

    def delete(self) -> tuple[int, dict[str, int]]:
        raise RegistroImutavel("O registro de auditoria não pode ser apagado.")

    def bulk_create(self, *args: Any, **kwargs: Any) -> list[Registro]:
        raise RegistroImutavel("Registros de auditoria entram um a um, cada um na sua cadeia.")


class Registro(models.Model):
    certame = models.ForeignKey(
        "certames.Certame",
        null=True,
        blank=True,
        on_delete=models.PROTECT,
        related_name="registros",
    )
    usuario = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.PROTECT,
        related_name="+",
    )
    usuario_nome = models.CharField("usuário", max_length=150, blank=True)
    quando = models.DateTimeField(default=timezone.now, db_index=True)
    acao = models.CharField("ação", max_length=60)
    descricao = models.TextField("o que")
    fundamento = models.TextField("fundamento legal", blank=True)
    dados = models.JSONField(default=dict, blank=True)
    # A cadeia (cadeia.py): o hash do registro anterior do mesmo certame e o deste registro.
    anterior = models.CharField("hash do anterior", max_length=64, blank=True, editable=False)
    hash = models.CharField(max_length=64, editable=False)
    # A versão do selo (cadeia.SEM_CHAVE: os gravados antes da migração 0004; cadeia.HMAC: com
    # a chave que o banco não guarda) e a identificação da chave (não a chave).
    selo_versao = models.PositiveSmallIntegerField(
        "versão do selo", db_default=cadeia.SEM_CHAVE, editable=False
    )
    selo_chave = models.CharField("chave do selo", max_length=16, db_default="", editable=False)

    objects = RegistroQuerySet.as_manager()

    class Meta:
        ordering = ("quando", "id")
        verbose_name = "registro de auditoria"
        verbose_name_plural = "registros de auditoria"
        # O último registro da cadeia (o anterior do próximo) sem ler a cadeia inteira.
        indexes = (models.Index(fields=("certame", "id"), name="auditoria_cadeia"),)
        constraints = (
            # Dois registros nunca têm o mesmo anterior: a cadeia de um certame não se bifurca.
            # (O hash cobre o certame, então também não se repete entre certames.)
            models.UniqueConstraint(
                fields=("anterior",),
                condition=~models.Q(anterior=""),
                name="auditoria_um_sucessor",
            ),
            models.UniqueConstraint(
                fields=("certame",),
                condition=models.Q(anterior=""),
                name="auditoria_um_inicio",
            ),
        )

    def save(self, *args: Any, **kwargs: Any) -> None:
        if self.pk is not None:
            raise RegistroImutavel("O registro de auditoria não pode ser alterado.")
        with transaction.atomic():
            self._travar_cadeia()
            ultimo = (
                Registro.objects.da_cadeia(self.certame_id)
                .order_by("-id")
                .values_list("hash", flat=True)
                .first()
            )
            self.anterior = ultimo if ultimo is not None else cadeia.INICIO
            cadeia.selar(self, chave_atual())
            kwargs["force_insert"] = True
            super().save(*args, **kwargs)

    def _travar_cadeia(self) -> None:
        """A trava do certame (a mesma linha que os serviços travam antes de decidir): dois
        registros do mesmo certame nunca leem o mesmo anterior. No SQLite a transação já
        começa com a escrita reservada (BEGIN IMMEDIATE)."""
        if self.certame_id is None:
            if connection.vendor == "postgresql":
                with connection.cursor() as cursor:
                    cursor.execute("SELECT pg_advisory_xact_lock(%s)", [_TRAVA_SEM_CERTAME])
            return
        certames = type(self)._meta.get_field("certame").related_model
        assert certames is not None and not isinstance(certames, str)
        list(certames._default_manager.select_for_update().filter(pk=self.certame_id).values("pk"))

    def delete(self, *args: Any, **kwargs: Any) -> tuple[int, dict[str, int]]:
        raise RegistroImutavel("O registro de auditoria não pode ser apagado.")

    def __str__(self) -> str:
        return f"{self.quando:%d/%m/%Y %H:%M} {self.usuario_nome}: {self.descricao}"
