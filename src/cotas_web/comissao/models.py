"""Comissão de heteroidentificação (parâmetros `heteroidentificacao.*` da lei do certame)."""

from __future__ import annotations

from django.conf import settings
from django.core.files.storage import FileSystemStorage
from django.db import models
from django.utils.functional import LazyObject

from cotas_web.candidatos.models import Heteroidentificacao
from cotas_web.certames.models import AtoTornavelSemEfeito
from cotas_web.rotulos import escolhas


class ArmazenamentoPrivado(LazyObject):  # type: ignore[type-arg]
    """Gravações (`heteroidentificacao.registro_audiovisual`): fora de qualquer pasta servida;
    lidas só pela view da comissão."""

    def _setup(self) -> None:
        self._wrapped = FileSystemStorage(location=settings.ARQUIVOS_PRIVADOS, base_url=None)


armazenamento_privado = ArmazenamentoPrivado()


def _armazenamento() -> FileSystemStorage:
    return armazenamento_privado  # type: ignore[return-value]


class Genero(models.TextChoices):
    FEMININO = "feminino", "Feminino"
    MASCULINO = "masculino", "Masculino"
    OUTRO = "outro", "Outro"


class Membro(models.Model):
    certame = models.ForeignKey(
        "certames.Certame", on_delete=models.PROTECT, related_name="membros_comissao"
    )
    nome = models.CharField(max_length=200)
    genero = models.CharField("gênero", max_length=20, choices=Genero.choices)
    cor_raca = models.CharField("cor/raça", max_length=20)
    usuario = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.PROTECT
    )

    class Meta:
        ordering = ("id",)

    def __str__(self) -> str:
        return self.nome


class Sessao(models.Model):
    certame = models.ForeignKey(
        "certames.Certame", on_delete=models.PROTECT, related_name="sessoes"
    )
    data = models.DateField()
    local = models.CharField(max_length=200)
    ata = models.TextField("observações da ata", blank=True)
    # O encerramento fecha a ata: o registro da sessão como estava nele (`selectors.registro_
    # da_sessao`), que a ata passa a mostrar e que nada depois muda (um recurso vai no seu
    # próprio registro). Aberta, a ata é uma minuta.
    encerrada_em = models.DateTimeField("encerrada em", null=True, blank=True)
    registro = models.JSONField("registro da sessão no encerramento", null=True, blank=True)

    class Meta:
        ordering = ("data", "id")

    @property
    def encerrada(self) -> bool:
        return self.encerrada_em is not None

    def __str__(self) -> str:
        return f"Sessão de {self.data:%d/%m/%Y} — {self.local}"


class Convocacao(AtoTornavelSemEfeito):
    """A convocação de um candidato a uma sessão e o parecer dela (tornado sem efeito, o
    candidato volta a aguardar parecer e é convocado de novo)."""

    ROTULO_SEM_EFEITO = "Parecer tornado sem efeito"

    sessao = models.ForeignKey(Sessao, on_delete=models.PROTECT, related_name="convocacoes")
    candidato = models.ForeignKey(
        "candidatos.Candidato", on_delete=models.PROTECT, related_name="convocacoes"
    )
    compareceu = models.BooleanField(null=True)
    recusou_filmagem = models.BooleanField("recusou ser filmado ou fotografado", default=False)
    recusou_perguntas = models.BooleanField("não respondeu às perguntas", default=False)
    resultado = models.CharField(max_length=20, choices=escolhas(Heteroidentificacao), blank=True)
    parecer = models.TextField("parecer da comissão (texto)", blank=True)
    registrado_em = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ("candidato__cargo__codigo", "candidato__inscricao")
        constraints = (
            models.UniqueConstraint(fields=("sessao", "candidato"), name="convocacao_unica"),
        )


class Voto(models.Model):
    """O fato de cada integrante numa verificação: ausente, ou presente com o voto (reconhece,
    não reconhece ou se absteve: `reconhece` nulo). A decisão é do motor, pela regra da lei."""

    convocacao = models.ForeignKey(Convocacao, on_delete=models.PROTECT, related_name="votos")
    membro = models.ForeignKey(Membro, on_delete=models.PROTECT)
    presente = models.BooleanField("presente à verificação", default=True)
    reconhece = models.BooleanField("reconhece a condição declarada", null=True)

    @property
    def rotulo(self) -> str:
        if not self.presente:
            return "ausente"
        if self.reconhece is None:
            return "absteve-se"
        return "reconhece" if self.reconhece else "não reconhece"

    class Meta:
        constraints = (models.UniqueConstraint(fields=("convocacao", "membro"), name="voto_unico"),)


class Gravacao(models.Model):
    convocacao = models.ForeignKey(Convocacao, on_delete=models.PROTECT, related_name="gravacoes")
    arquivo = models.FileField(upload_to="gravacoes/%Y/%m/", storage=_armazenamento)
    nome_original = models.CharField(max_length=255)
    tipo_conteudo = models.CharField(max_length=100)
    enviado_em = models.DateTimeField(auto_now_add=True)


class Recorrente(models.TextChoices):
    CANDIDATO = "candidato", "O próprio candidato"
    TERCEIRO = "terceiro", "Outro candidato"


class DecisaoRecurso(models.TextChoices):
    PROVIDO = "provido", "Provido"
    IMPROVIDO = "improvido", "Não provido"


class Recurso(AtoTornavelSemEfeito):
    """Recursos dos autodeclarados ou de outros candidatos (`heteroidentificacao.recursos`). A
    decisão tornada sem efeito fica gravada; o recurso volta a ser decidido num registro novo
    (`reaberto_de` aponta o da decisão desfeita)."""

    ROTULO_SEM_EFEITO = "Decisão tornada sem efeito"

    candidato = models.ForeignKey(
        "candidatos.Candidato", on_delete=models.PROTECT, related_name="recursos"
    )
    recorrente = models.CharField(max_length=20, choices=Recorrente.choices)
    recorrente_nome = models.CharField("nome de quem recorre", max_length=200)
    razoes = models.TextField("razões do recurso")
    interposto_em = models.DateField()
    decisao = models.CharField(max_length=20, choices=DecisaoRecurso.choices, blank=True)
    resultado_final = models.CharField("parecer após o recurso", max_length=20, blank=True)
    fundamentacao = models.TextField(blank=True)
    decidido_em = models.DateField(null=True, blank=True)
    reaberto_de = models.ForeignKey(
        "self", null=True, blank=True, on_delete=models.PROTECT, related_name="reaberto_em"
    )

    class Meta:
        ordering = ("interposto_em", "id")

    @property
    def resultado_final_rotulo(self) -> str:
        """O parecer após o recurso por extenso ("Não confirmado"), não o código."""
        rotulos = dict(escolhas(Heteroidentificacao))
        return str(rotulos.get(self.resultado_final, self.resultado_final))

    @property
    def mudou_o_parecer(self) -> bool:
        return self.decisao == DecisaoRecurso.PROVIDO
