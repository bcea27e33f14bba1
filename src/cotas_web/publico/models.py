"""A situação pública de cada inscrição, materializada e renovada por diferença.

A consulta pública não reencena o certame a cada pedido: a situação de cada inscrição é montada
(`situacoes.publicar`) e guardada aqui. A versão do certame é o último registro de auditoria
dele: todo ato gravado muda a versão, e a próxima consulta (ou `manage.py publicar_situacoes`)
renova a publicação. A situação de uma inscrição só depende do cargo dela; cada cargo tem a sua
geração em vigor (`PublicacaoDoCargo`), com o resumo do que a sua situação depende, e só os
cargos cujo resumo mudou são montados de novo. Só se guarda o que a página pública mostra: nada
de cor/raça, deficiência, parecer da comissão ou CPF.
"""

from __future__ import annotations

from django.db import models


class PublicacaoSituacoes(models.Model):
    """O marcador do certame: de que versão é a publicação em vigor, quando foi publicada, o
    erro da reencenação (o que é do certame todo fica aqui, nunca nas linhas: uma linha que não
    mudou não fica com a data ou o erro velhos) e quem monta a próxima."""

    certame = models.OneToOneField(
        "certames.Certame", on_delete=models.CASCADE, related_name="publicacao_situacoes"
    )
    geracao = models.PositiveIntegerField(
        "última geração começada",
        default=0,
        help_text="Cada montagem grava as linhas dos cargos que mudaram com um número novo.",
    )
    versao = models.BigIntegerField(
        "versão refletida",
        default=0,
        help_text="Id do último registro de auditoria do certame quando a publicação foi montada.",
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


class PublicacaoDoCargo(models.Model):
    """A geração em vigor da situação das inscrições de um cargo e o resumo do que ela depende
    (o livro do cargo, as nomeações publicadas dele, os candidatos, as regras, o código que a
    monta): o mesmo resumo, a mesma situação."""

    certame = models.ForeignKey(
        "certames.Certame", on_delete=models.CASCADE, related_name="+", db_index=False
    )
    cargo = models.CharField(max_length=40)
    geracao = models.PositiveIntegerField("geração em vigor")
    resumo = models.CharField("resumo do que a situação do cargo depende", max_length=64)

    class Meta:
        verbose_name = "publicação do cargo"
        verbose_name_plural = "publicações dos cargos"
        constraints = (
            models.UniqueConstraint(fields=("certame", "cargo"), name="publicacao_do_cargo_unica"),
        )

    def __str__(self) -> str:
        return f"{self.certame_id}/{self.cargo}: geração {self.geracao}"


class SituacaoPublica(models.Model):
    # A consulta vai pela restrição única (certame, inscrição, geração): as linhas da inscrição
    # (uma em vigor; outra só enquanto o cargo dela é montado de novo) e, delas, a da geração
    # em vigor do cargo. O índice (certame, cargo, geração) apaga as de um cargo.
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
                fields=("certame", "inscricao", "geracao"), name="situacao_publica_unica"
            ),
        )
        indexes = (
            models.Index(fields=("certame", "cargo", "geracao"), name="situacao_publica_cargo"),
        )

    def __str__(self) -> str:
        return f"{self.inscricao} ({self.cargo})"
