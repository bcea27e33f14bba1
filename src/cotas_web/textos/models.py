"""Os modelos dos textos que o órgão publica (`cotas.documentos.atos`), um por tipo, editados
pelo administrador: o título, o corpo (com os campos `$nome`) e quem assina. Enquanto o órgão
não edita um tipo, vale o modelo padrão (`atos.MODELOS_PADRAO`)."""

from __future__ import annotations

from django.db import models

from cotas.documentos.atos import TIPOS


class ModeloDeTexto(models.Model):
    tipo = models.CharField(max_length=40, choices=list(TIPOS.items()), unique=True)
    titulo = models.CharField("título", max_length=300)
    corpo = models.TextField("texto", help_text="Parágrafos separados por uma linha em branco.")
    signatario_nome = models.CharField("nome de quem assina", max_length=200, blank=True)
    signatario_cargo = models.CharField(
        "cargo de quem assina", max_length=200, blank=True, help_text="Ex.: Prefeito Municipal."
    )
    alterado_em = models.DateTimeField(auto_now=True)

    class Meta:
        verbose_name = "modelo de texto"
        verbose_name_plural = "modelos de texto"

    def __str__(self) -> str:
        return TIPOS.get(self.tipo, self.tipo)
