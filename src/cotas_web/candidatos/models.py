"""Inscrições importadas do resultado da banca, e o procedimento por declaração falsa."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.db.models.fields.json import KeyTextTransform
from django.db.models.functions import Cast

from cotas_web.ponte import mudancas
from cotas_web.ponte.vocabulario import glossario as g
from cotas_web.rotulos import escolhas

# As escolhas do banco são os próprios tipos do glossário do motor (código e rótulo de cada
# membro; `glossario.escolhas` dá as escolhas de um campo): nenhum membro redeclarado aqui.


CorRaca = g.CorRaca
Situacao = g.Situacao
Heteroidentificacao = g.Heteroidentificacao


# O resultado da análise documental (um grupo que a lei verifica por documentos) nas palavras
# dela: os códigos são os mesmos do parecer da comissão, que o motor lê.
ROTULOS_DOCUMENTAIS = {
    Heteroidentificacao.CONFIRMADO: "Os documentos comprovam a condição",
    Heteroidentificacao.NAO_CONFIRMADO: "Os documentos não comprovam a condição",
    Heteroidentificacao.PENDENTE: "Aguardando a análise dos documentos",
}


# Os resultados que o RH registra: os documentos comprovam a condição ou não.
RESULTADOS_DOCUMENTAIS = (Heteroidentificacao.CONFIRMADO, Heteroidentificacao.NAO_CONFIRMADO)


def rotulo_do_resultado(codigo: str, documental: bool = False) -> str:
    """O resultado da verificação como a tela o escreve ("" se não há)."""
    if not codigo:
        return ""
    if documental and codigo in ROTULOS_DOCUMENTAIS:
        return ROTULOS_DOCUMENTAIS[Heteroidentificacao(codigo)]
    return str(Heteroidentificacao(codigo).rotulo)


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


def optaram(grupo: str) -> models.Q:
    """Quem optou pelo grupo `grupo` da lei (o nome está na lista JSON `reservas`). Pelo texto
    do JSON, entre aspas: o mesmo filtro nos dois bancos (o SQLite não tem `contains` em JSON)."""
    return models.Q(reservas__icontains=f'"{grupo}"')


def verificacao_de(grupo: str) -> Cast:
    """O resultado da verificação do grupo `grupo` gravado no candidato (nulo se não há), como
    texto simples (as buscas de chave JSON tratariam "" como JSON)."""
    return Cast(KeyTextTransform(grupo, "verificacoes"), models.TextField())


class CandidatoQuerySet(models.QuerySet["Candidato"]):
    def gravar_verificacao(self, grupo: str, resultado: str, lote: int = 2000) -> None:
        """Grava o resultado da verificação do grupo em cada candidato do filtro (os dos outros
        grupos ficam); em lotes, que o JSON se reescreve linha a linha nos dois bancos."""
        alvo = list(self.order_by().values_list("pk", "verificacoes"))
        for k in range(0, len(alvo), lote):
            lidos = [
                Candidato(pk=pk, verificacoes={**(v or {}), grupo: str(resultado)})
                for pk, v in alvo[k : k + lote]
            ]
            Candidato.objects.bulk_update(lidos, ["verificacoes"])

    def aguardando_parecer(self, grupo: str, cores: tuple[str, ...] = ()) -> CandidatoQuerySet:
        """Quem ainda tem de ser verificado no grupo `grupo` da lei: aprovados que optaram por
        ele (autodeclarados de uma das `cores` da lei, se ela as fixa: `<grupo>.cores`), não
        anulados e ainda sem resultado (`heteroidentificacao.exigida` e `.momento`: antes da
        homologação)."""
        filtro = self.filter(optaram(grupo), situacao=Situacao.APROVADO, anulado_em__isnull=True)
        if cores:
            filtro = filtro.filter(cor_raca__in=cores)
        return filtro.annotate(_verificacao=verificacao_de(grupo)).filter(
            models.Q(_verificacao__isnull=True)
            | models.Q(_verificacao__in=("", Heteroidentificacao.PENDENTE))
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
    situacao = models.CharField(max_length=20, choices=escolhas(Situacao))
    cor_raca = models.CharField("cor/raça", max_length=20, choices=escolhas(CorRaca), blank=True)
    # Os grupos da lei do certame pelos quais optou (os nomes da lei: `[[grupos]]`) e o
    # resultado da verificação de cada um ({grupo: código de `Heteroidentificacao`}: o parecer
    # da comissão ou a análise documental). JSON e não uma tabela: a apuração lê o certame
    # inteiro numa consulta só (`ponte.tabela.tabela_de_candidatos`).
    reservas = models.JSONField("grupos da lei pelos quais optou", default=list, blank=True)
    pcd = models.BooleanField("pessoa com deficiência", default=False)
    verificacoes = models.JSONField(
        "resultado da verificação de cada grupo", default=dict, blank=True
    )
    # Os campos que a lei do certame declara ([[campos]]: {nome: inteiro ou booleano}), lidos
    # das colunas dela na importação; decidem a elegibilidade de um grupo
    # (`cotas.motor.elegibilidade`; a ponte os leva ao motor como `campo:<nome>`).
    campos = models.JSONField("campos da lei", default=dict, blank=True)
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
        # As anuladas, que cada ato relê (ponte.eventos.fatos_do_certame): poucas num milhão.
        indexes = (
            models.Index(
                fields=("certame", "anulado_em"),
                condition=models.Q(anulado_em__isnull=False),
                name="candidato_anulado",
            ),
        )

    def __str__(self) -> str:
        return f"{self.inscricao} — {self.nome}"

    def optou(self, grupo: str) -> bool:
        return grupo in (self.reservas or ())

    def verificacao(self, grupo: str) -> str:
        """O código do resultado da verificação do grupo ("" se não há)."""
        return str((self.verificacoes or {}).get(grupo) or "")

    def gravar_verificacao(self, grupo: str, resultado: str) -> None:
        """Grava o resultado da verificação de um grupo (os dos outros grupos ficam)."""
        self.verificacoes = {**(self.verificacoes or {}), grupo: str(resultado)}
        with mudancas.mudando(self.certame_id, [self.pk]):  # (o quadro relê só esta linha)
            self.save(update_fields=["verificacoes"])

    def verificacao_rotulo(self, grupo: str, documental: bool = False) -> str:
        return rotulo_do_resultado(self.verificacao(grupo), documental)

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


class VersaoCandidatos(models.Model):
    """Uma marca aleatória nova a cada mudança nos candidatos do certame, escrita só pelos
    gatilhos do banco (`candidatos.versao`), na mesma transação da mudança: nenhum caminho de
    escrita a esquece, e uma transação desfeita não a deixa. É a chave do quadro de candidatos
    guardado que os atos releem sem ler o banco inteiro (`cotas_web.ponte.quadro`)."""

    certame = models.OneToOneField(
        "certames.Certame", on_delete=models.CASCADE, primary_key=True, related_name="+"
    )
    marca = models.CharField(max_length=64)


class VersaoDoCargo(models.Model):
    """A marca de versão dos candidatos de um cargo, como a do certame (`VersaoCandidatos`):
    renovada pelos gatilhos do banco a cada INSERT, UPDATE e DELETE de um candidato do cargo
    (`candidatos.versao`). Diz que cargos mudaram desde o livro guardado: uma correção reapura
    só o cargo do corrigido e relê do banco só os candidatos dele.

    Sem restrição de chave estrangeira: o gatilho da remoção dos candidatos de um cargo que está
    sendo apagado marca o cargo antes de ele sair; a linha que fica não serve a ninguém (os ids
    dos cargos não se repetem)."""

    cargo = models.OneToOneField(
        "certames.Cargo",
        on_delete=models.DO_NOTHING,
        db_constraint=False,
        primary_key=True,
        related_name="+",
    )
    marca = models.CharField(max_length=64)
