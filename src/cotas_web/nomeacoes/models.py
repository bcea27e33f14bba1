"""Atos do certame depois da homologação: ofertas de vagas, nomeações, posses, desistências."""

from __future__ import annotations

from typing import Any

from django.db import models

from cotas_web.certames.models import AtoTornavelSemEfeito
from cotas_web.ponte.vocabulario import glossario as g
from cotas_web.rotulos import rotulo_lista


class OfertaVagas(AtoTornavelSemEfeito):
    cargo = models.ForeignKey("certames.Cargo", on_delete=models.PROTECT, related_name="ofertas")
    data = models.DateField()
    quantidade = models.PositiveIntegerField()
    justificativa = models.TextField()
    do_edital = models.BooleanField(default=False)

    class Meta:
        ordering = ("data", "id")


class SituacaoNomeacao(models.TextChoices):
    NOMEADO = "nomeado", "Nomeado"
    EMPOSSADO = "empossado", "Empossado"
    # (a situação de quem desistiu: "Desistente", como nas listas publicadas; o ato que a
    # registra é a "Desistência", o evento do glossário)
    DESISTENTE = "desistente", "Desistente"
    SEM_POSSE = "sem_posse", "Prazo de posse esgotado (nomeação sem efeito)"
    ANULADA = "anulada", "Anulada (declaração falsa)"
    FINAL_DE_FILA = "final_de_fila", "Foi para o final da lista (a pedido)"
    SEM_EFEITO = "sem_efeito", "Tornada sem efeito"


class MotivoDaSaida(models.TextChoices):
    """Por que um nomeado sai: o ato de desistência (o rótulo do evento no glossário) ou o prazo
    de posse esgotado (o rótulo da situação em que a nomeação fica)."""

    DESISTENCIA = "desistencia", g.TipoEvento.DESISTENCIA.rotulo
    SEM_POSSE = "sem_posse", SituacaoNomeacao.SEM_POSSE.label


class Nomeacao(AtoTornavelSemEfeito):
    """Ato de nomeação confirmado pelo RH (portaria), a partir da proposta do motor."""

    cargo = models.ForeignKey("certames.Cargo", on_delete=models.PROTECT, related_name="nomeacoes")
    candidato = models.ForeignKey(
        "candidatos.Candidato", on_delete=models.PROTECT, related_name="nomeacoes"
    )
    ordem = models.PositiveIntegerField()
    vaga = models.PositiveIntegerField()
    modalidade = models.CharField(max_length=20)
    reservada_para = models.CharField(max_length=20, blank=True)
    substitui = models.ForeignKey(
        "self", null=True, blank=True, on_delete=models.PROTECT, related_name="substituida_por"
    )
    portaria = models.CharField("número da portaria", max_length=60)
    data_portaria = models.DateField("data da portaria")
    razao = models.TextField()
    fundamento = models.TextField(blank=True)
    situacao = models.CharField(
        max_length=20, choices=SituacaoNomeacao.choices, default=SituacaoNomeacao.NOMEADO
    )
    posse_em = models.DateField(null=True, blank=True)
    encerrada_em = models.DateField(null=True, blank=True)

    class Meta:
        ordering = ("cargo__codigo", "ordem")
        constraints = (
            # Quem foi para o final da lista pode ser nomeado de novo, numa vaga posterior; a
            # nomeação tornada sem efeito (por engano) dá lugar à nomeação certa.
            models.UniqueConstraint(
                fields=("cargo", "candidato"),
                condition=~models.Q(situacao__in=("final_de_fila", "sem_efeito")),
                name="candidato_nomeado_uma_vez_por_cargo",
            ),
        )

    @property
    def ocupa_a_vaga(self) -> bool:
        """Nomeado ou empossado: a vaga é dele (uma saída a deixa para ser recomposta)."""
        return self.situacao in (SituacaoNomeacao.NOMEADO, SituacaoNomeacao.EMPOSSADO)

    @property
    def modalidade_rotulo(self) -> str:
        return rotulo_lista(self.modalidade)

    @property
    def reservada_rotulo(self) -> str:
        return rotulo_lista(self.reservada_para)


class Desistencia(AtoTornavelSemEfeito):
    """Desistência (antes ou depois da nomeação) ou prazo de posse esgotado: evento do motor."""

    candidato = models.ForeignKey(
        "candidatos.Candidato", on_delete=models.PROTECT, related_name="desistencias"
    )
    # O certame do candidato, repetido aqui (`save`): as poucas desistências de um certame se
    # acham pelo índice delas. Pelo candidato, o SQLite monta um filtro de Bloom sobre o milhão
    # de candidatos do certame a cada consulta (1,3 s por ato).
    certame = models.ForeignKey(
        "certames.Certame", on_delete=models.PROTECT, related_name="desistencias", editable=False
    )
    data = models.DateField()
    motivo = models.CharField(
        max_length=20, choices=MotivoDaSaida.choices, default=MotivoDaSaida.DESISTENCIA
    )
    observacao = models.TextField(blank=True)

    def save(self, *args: Any, **kwargs: Any) -> None:
        if self.certame_id is None:
            self.certame_id = self.candidato.certame_id
        super().save(*args, **kwargs)

    class Meta:
        ordering = ("data", "id")
