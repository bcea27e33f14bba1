"""A situação pública de cada inscrição, materializada por versão do certame.

A consulta pública não reencena o certame a cada pedido: a situação de todas as inscrições é
montada de uma vez (`situacoes.publicar`) e guardada aqui, numa geração por versão do certame.
A versão é o último registro de auditoria do certame: todo ato gravado muda a versão, e a
próxima consulta (ou `manage.py publicar_situacoes`) monta a geração nova. Só se guarda o que a
página pública mostra: nada de cor/raça, deficiência, parecer da comissão ou CPF.
"""

from __future__ import annotations

from django.db import models


class PublicacaoSituacoes(models.Model):
    """O marcador do certame: qual geração de `SituacaoPublica` vale e de que versão ela é."""

    certame = models.OneToOneField(
        "certames.Certame", on_delete=models.CASCADE, related_name="publicacao_situacoes"
    )
    geracao = models.PositiveIntegerField("geração em vigor", default=0)
    versao = models.BigIntegerField(
        "versão refletida",
        default=0,
        help_text="Id do último registro de auditoria do certame quando a geração foi montada.",
    )
    erro = models.TextField(
        "erro da reencenação",
        blank=True,
        help_text="Se os fatos contrariam a lei, a consulta mostra este erro.",
    )
    publicada_em = models.DateTimeField("publicada em", null=True, blank=True)
    construindo_desde = models.DateTimeField(
        "em montagem desde",
        null=True,
        blank=True,
        help_text="Reserva de quem monta a geração nova; os demais servem a anterior.",
    )

    class Meta:
        verbose_name = "publicação das situações"
        verbose_name_plural = "publicações das situações"

    def __str__(self) -> str:
        return f"{self.certame_id}: geração {self.geracao} (versão {self.versao})"


class SituacaoPublica(models.Model):
    # Sem índice próprio: a restrição única (certame, geração, inscrição) já o começa.
    certame = models.ForeignKey(
        "certames.Certame", on_delete=models.CASCADE, related_name="+", db_index=False
    )
    geracao = models.PositiveIntegerField("geração")
    inscricao = models.CharField("inscrição", max_length=40)
    cargo = models.CharField(max_length=40)
    dados = models.JSONField(
        help_text="O que a página mostra: posições, nomeação ou projeção, situação e resumo."
    )

    class Meta:
        verbose_name = "situação pública"
        verbose_name_plural = "situações públicas"
        constraints = (
            models.UniqueConstraint(
                fields=("certame", "geracao", "inscricao"), name="situacao_publica_unica"
            ),
        )

    def __str__(self) -> str:
        return f"{self.inscricao} ({self.cargo})"
