"""Inscrições importadas do resultado da banca, e o procedimento por declaração falsa."""

from __future__ import annotations

from django.conf import settings
from django.db import models


class CorRaca(models.TextChoices):
    BRANCA = "branca", "Branca"
    PRETA = "preta", "Preta"
    PARDA = "parda", "Parda"
    AMARELA = "amarela", "Amarela"
    INDIGENA = "indigena", "Indígena"


class Situacao(models.TextChoices):
    APROVADO = "aprovado", "Aprovado"
    ELIMINADO = "eliminado", "Eliminado"


class Heteroidentificacao(models.TextChoices):
    CONFIRMADO = "confirmado", "Confirmado pela comissão"
    NAO_CONFIRMADO = "nao_confirmado", "Não confirmado"
    AUSENTE = "ausente", "Ausente"
    RECUSOU_FILMAGEM = "recusou_filmagem", "Recusou a filmagem"
    RECUSOU_PERGUNTAS = "recusou_perguntas", "Recusou as perguntas"
    PENDENTE = "pendente", "Pendente"


class Importacao(models.Model):
    certame = models.ForeignKey(
        "certames.Certame", on_delete=models.PROTECT, related_name="importacoes"
    )
    arquivo_nome = models.CharField(max_length=255)
    usuario = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT)
    quando = models.DateTimeField(auto_now_add=True)
    linhas = models.PositiveIntegerField()
    avisos = models.JSONField(default=list, blank=True)
    # Antes da homologação a importação inteira pode ser removida ou trocada por outra; a linha
    # fica (o registro de auditoria a cita), sem candidatos.
    removida_em = models.DateTimeField(null=True, blank=True)
    substituida_por = models.ForeignKey(
        "self", null=True, blank=True, on_delete=models.PROTECT, related_name="substitui"
    )

    class Meta:
        ordering = ("-quando", "-id")

    @property
    def removida(self) -> bool:
        return self.removida_em is not None


class MapeamentoColunas(models.Model):
    """Qual título do arquivo da banca é cada coluna, escolhido por quem importou, para o
    próximo arquivo da mesma banca (pelo nome da banca ou, sem ele, pelo certame)."""

    certame = models.ForeignKey(
        "certames.Certame",
        null=True,
        blank=True,
        on_delete=models.CASCADE,
        related_name="mapeamentos",
    )
    banca = models.CharField("nome da banca", max_length=200, blank=True)
    mapa = models.JSONField(default=dict)  # título no arquivo → coluna
    atualizado_em = models.DateTimeField(auto_now=True)

    class Meta:
        constraints = (
            models.UniqueConstraint(
                fields=("banca",), condition=~models.Q(banca=""), name="mapeamento_por_banca"
            ),
            models.UniqueConstraint(
                fields=("certame",), condition=models.Q(banca=""), name="mapeamento_por_certame"
            ),
        )


class CandidatoQuerySet(models.QuerySet["Candidato"]):
    def aguardando_parecer(self) -> CandidatoQuerySet:
        """Quem a comissão ainda tem de verificar: aprovados autodeclarados pretos ou pardos
        que optaram pela reserva, não anulados e ainda sem parecer (parâmetros `negros.cores`,
        `heteroidentificacao.exigida` e `.momento`: antes da homologação)."""
        return self.filter(
            situacao=Situacao.APROVADO,
            cor_raca__in=(CorRaca.PRETA, CorRaca.PARDA),
            reserva_negros=True,
            anulado_em__isnull=True,
            heteroidentificacao__in=("", Heteroidentificacao.PENDENTE),
        )


class Candidato(models.Model):
    certame = models.ForeignKey(
        "certames.Certame", on_delete=models.PROTECT, related_name="candidatos"
    )
    cargo = models.ForeignKey("certames.Cargo", on_delete=models.PROTECT, related_name="candidatos")
    importacao = models.ForeignKey(Importacao, null=True, on_delete=models.PROTECT)
    inscricao = models.CharField("inscrição", max_length=40)
    nome = models.CharField(max_length=200)
    cpf = models.CharField("CPF", max_length=14, blank=True, db_index=True)
    data_nascimento = models.DateField(null=True, blank=True)
    nota = models.DecimalField(max_digits=12, decimal_places=4)
    situacao = models.CharField(max_length=20, choices=Situacao.choices)
    cor_raca = models.CharField("cor/raça", max_length=20, choices=CorRaca.choices, blank=True)
    reserva_negros = models.BooleanField("optou pela reserva para negros", default=False)
    pcd = models.BooleanField("pessoa com deficiência", default=False)
    heteroidentificacao = models.CharField(
        "parecer da comissão", max_length=20, choices=Heteroidentificacao.choices, blank=True
    )
    classificacao = models.PositiveIntegerField("classificação", null=True, blank=True)
    desempate = models.JSONField(default=list, blank=True)
    opcao_lista = models.CharField(max_length=20, blank=True)
    linha = models.PositiveIntegerField(null=True, blank=True)
    anulado_em = models.DateField("inscrição anulada em", null=True, blank=True)

    objects = CandidatoQuerySet.as_manager()

    class Meta:
        ordering = ("cargo__codigo", "-nota", "inscricao")
        constraints = (
            models.UniqueConstraint(
                fields=("certame", "inscricao"), name="inscricao_unica_no_certame"
            ),
        )

    def __str__(self) -> str:
        return f"{self.inscricao} — {self.nome}"

    @property
    def autodeclarado_negro(self) -> bool:
        return self.cor_raca in (CorRaca.PRETA, CorRaca.PARDA)

    @property
    def cpf_mascarado(self) -> str:
        digitos = "".join(c for c in self.cpf if c.isdigit())
        if len(digitos) != 11:
            return ""
        return f"***.{digitos[3:6]}.{digitos[6:9]}-**"


class Correcao(models.Model):
    """Correção de um dado do candidato depois da homologação: o quê, de quanto para quanto,
    por quê, com que fundamento e quem. O candidato guarda o valor corrigido (documentos e
    páginas públicas o leem); a correção guarda o antes."""

    candidato = models.ForeignKey(Candidato, on_delete=models.PROTECT, related_name="correcoes")
    campo = models.CharField(max_length=40)
    anterior = models.CharField("valor anterior", max_length=200, blank=True)
    novo = models.CharField("valor novo", max_length=200, blank=True)
    motivo = models.TextField("por quê")
    fundamento = models.TextField("fundamento legal")
    data = models.DateField("data do ato")
    usuario = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT)
    registrada_em = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ("data", "id")
        verbose_name = "correção"
        verbose_name_plural = "correções"


class DecisaoFraude(models.TextChoices):
    FALSIDADE = "falsidade", "Declaração falsa: inscrição anulada"
    IMPROCEDENTE = "improcedente", "Improcedente: declaração mantida"


class ProcedimentoFraude(models.Model):
    """Procedimento administrativo com contraditório e ampla defesa (parâmetro
    `falsidade.anulacao`; docs/INTERPRETACAO.md#anulacao)."""

    candidato = models.ForeignKey(Candidato, on_delete=models.PROTECT, related_name="procedimentos")
    aberto_em = models.DateField("aberto em")
    motivo = models.TextField()
    defesa = models.TextField("defesa do candidato", blank=True)
    defesa_em = models.DateField("defesa apresentada em", null=True, blank=True)
    decisao = models.CharField(max_length=20, choices=DecisaoFraude.choices, blank=True)
    fundamentacao = models.TextField("fundamentação da decisão", blank=True)
    decidido_em = models.DateField(null=True, blank=True)
    # Quem decide é a autoridade competente (cargo e nome), não necessariamente quem registra.
    autoridade = models.CharField("autoridade que decidiu", max_length=200, blank=True)
    encaminhado_a = models.CharField(
        "encaminhado às autoridades (órgão)", max_length=200, blank=True
    )
    encaminhado_em = models.DateField(null=True, blank=True)

    class Meta:
        ordering = ("-aberto_em", "-id")

    @property
    def decidido(self) -> bool:
        return bool(self.decisao)
