"""O certame (concurso ou contratação temporária), seus cargos e as vagas do edital."""

from __future__ import annotations

from django.conf import settings
from django.db import models

from cotas_web.ponte.vocabulario import glossario as g
from cotas_web.rotulos import escolhas

# As escolhas do banco são os próprios tipos do glossário do motor (código e rótulo de cada
# membro; `glossario.escolhas` dá as escolhas de um campo): nenhum membro redeclarado aqui.


TipoSelecao = g.TipoSelecao
Orgao = g.Orgao  # a lei pode abranger só alguns (`orgaos.<tipo>`)
Arredondamento = g.ArredondamentoPcd  # o da reserva PcD, como o edital o escreve
PrioridadeColisao = g.PrioridadeColisao  # docs/INTERPRETACAO.md#prioridade-colisao
BaseDoLimiar = g.BaseDoLimiar  # docs/INTERPRETACAO.md#base-do-limiar
DuplaCondicao = g.DuplaCondicao  # docs/INTERPRETACAO.md#dupla-condicao


class ModeloDeEdital(models.Model):
    """Um modelo de edital guardado na instalação (o edital padrão de um órgão ou de uma banca,
    docs/EDITAIS.md), numa versão: o arquivo como foi enviado e o sha256 dele. Nunca se
    reescreve: uma versão nova é outra linha, e o certame que seguiu a anterior fica com ela."""

    identificador = models.CharField("id do modelo", max_length=200)
    versao = models.CharField("versão", max_length=60)
    titulo = models.CharField("título", max_length=300)
    orgao = models.CharField("órgão", max_length=300)
    lei_id = models.CharField("lei", max_length=100)
    arquivo = models.CharField("nome do arquivo enviado", max_length=255)
    texto = models.TextField("o arquivo do modelo (TOML)")
    sha256 = models.CharField(max_length=64)
    usuario = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT)
    guardado_em = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ("identificador", "guardado_em")
        verbose_name = "modelo de edital"
        verbose_name_plural = "modelos de edital"
        constraints = (
            models.UniqueConstraint(
                fields=("identificador", "versao"), name="modelo_de_edital_versao_unica"
            ),
        )

    def __str__(self) -> str:
        return f"{self.titulo}, versão {self.versao}"

    @property
    def chave(self) -> str:
        return f"{self.identificador}@{self.versao}"


class Certame(models.Model):
    nome = models.CharField(max_length=200)
    municipio = models.CharField("município", max_length=100)
    data_edital = models.DateField("data de publicação do edital")
    tipo = models.CharField("tipo de seleção", max_length=30, choices=escolhas(TipoSelecao))
    # Vazio: não informado (certames de antes; a lei não restringe os órgãos).
    orgao = models.CharField(
        "órgão ou entidade que faz a seleção", max_length=40, blank=True, choices=escolhas(Orgao)
    )
    validade_ate = models.DateField("validade até", null=True, blank=True)
    lei_id = models.CharField("lei aplicada", max_length=100)
    lei_titulo = models.CharField(max_length=300, blank=True)
    exige_comissao = models.BooleanField("exige comissão de heteroidentificação", default=False)
    pcd_percentual = models.DecimalField(
        "PcD: percentual do edital", max_digits=5, decimal_places=2, null=True, blank=True
    )
    pcd_arredondamento = models.CharField(
        "PcD: arredondamento", max_length=10, choices=escolhas(Arredondamento), blank=True
    )
    pcd_teto = models.DecimalField(
        "PcD: teto (%)", max_digits=5, decimal_places=2, null=True, blank=True
    )
    data_referencia_idade = models.DateField(
        "data de referência da idade (desempate)", null=True, blank=True
    )
    desempate = models.JSONField(
        "critérios de desempate do edital", default=list, blank=True
    )  # [[coluna, "maior"|"menor"], ...], depois da idade (docs/INTERPRETACAO.md#desempate)
    admite_final_de_fila = models.BooleanField(
        "o edital admite final de fila",
        default=False,
        help_text="O nomeado que ainda não tomou posse pode pedir para ir ao final da lista "
        "só se o edital o prevê.",
    )
    final_de_fila_item = models.CharField(
        "item do edital que admite o final de fila", max_length=200, blank=True
    )
    # Questões em aberto das leis, cada uma com o padrão documentado
    # (docs/INTERPRETACAO.md#questoes-em-aberto).
    prioridade_colisao = models.CharField(
        "prioridade quando dois grupos querem a mesma vaga",
        max_length=20,
        choices=escolhas(PrioridadeColisao),
        default=PrioridadeColisao.LEI_PCD,
    )
    base_do_limiar = models.CharField(
        "base do limiar de vagas da reserva de cada grupo da lei",
        max_length=20,
        choices=escolhas(BaseDoLimiar),
        default=BaseDoLimiar.TODAS_OFERTADAS,
    )
    dupla_condicao = models.CharField(
        "candidato de um grupo da lei e com deficiência chamado pelas duas listas",
        max_length=40,
        choices=escolhas(DuplaCondicao),
        default=DuplaCondicao.LISTA_QUE_NOMEIA_ANTES,
    )
    # Os valores que a lei deixa em aberto (`Lei.desconhecidos()`), informados na criação:
    # {parâmetro: {"valor": ..., "justificativa": ...}}, como o motor os recebe (`informados`).
    informados = models.JSONField("valores informados das lacunas da lei", default=dict, blank=True)
    # O prazo do recurso contra o parecer da comissão que o edital fixa, quando a lei não o fixa
    # (`heteroidentificacao.recurso_prazo_dias` ausente); vazio: o padrão documentado
    # (docs/INTERPRETACAO.md#prazo-do-recurso, `comissao.selectors.PRAZO_RECURSO_PADRAO_DIAS`).
    prazo_recurso_dias = models.PositiveSmallIntegerField(
        "prazo do recurso contra o parecer da comissão (dias corridos, pelo edital)",
        null=True,
        blank=True,
    )
    # O edital como dado (docs/EDITAIS.md), se o certame o tem: o arquivo como foi enviado (ou o
    # que a tela escreveu a partir do modelo escolhido e do número), o id e a versão do modelo
    # que ele segue (`ModeloDeEdital`, que nunca muda) e o sha256 do modelo lido (conferido a
    # cada leitura). Muda até a homologação, com registro; os valores dele vão ao motor pela
    # ponte. (Colunas simples que aceitam nulo, o "sem edital" dos certames de antes: entram e
    # saem do SQLite sem refazer a tabela, que os gatilhos da marca dos candidatos citam.)
    edital_texto = models.TextField("o arquivo do edital (TOML)", null=True, blank=True)
    edital_arquivo = models.CharField(
        "nome do arquivo do edital", max_length=255, null=True, blank=True
    )
    modelo_identificador = models.CharField(
        "id do modelo de edital seguido", max_length=200, null=True, blank=True
    )
    modelo_versao = models.CharField(
        "versão do modelo de edital seguido", max_length=60, null=True, blank=True
    )
    modelo_sha256 = models.CharField("sha256 do modelo usado", max_length=64, null=True, blank=True)
    homologado_em = models.DateField("homologado em", null=True, blank=True)
    # Rascunho até publicado: só então aparece ao público. Arquivado: sai da página inicial,
    # segue no seu endereço, só para leitura.
    publicado_em = models.DateField("publicado em", null=True, blank=True)
    arquivado_em = models.DateField("arquivado em", null=True, blank=True)
    criado_em = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ("-data_edital", "nome")

    def __str__(self) -> str:
        return f"{self.nome} ({self.municipio})"

    @property
    def homologado(self) -> bool:
        return self.homologado_em is not None

    @property
    def publicado(self) -> bool:
        return self.publicado_em is not None

    @property
    def arquivado(self) -> bool:
        return self.arquivado_em is not None

    @property
    def modelo_de_edital(self) -> ModeloDeEdital | None:
        """O modelo guardado que o edital do certame segue, na versão que ele usou (lido uma
        vez por objeto e por versão)."""
        chave = (self.modelo_identificador or "", self.modelo_versao or "")
        if not chave[0]:
            return None
        lido: tuple[tuple[str, str], ModeloDeEdital | None] | None = getattr(
            self, "_modelo_lido", None
        )
        if lido is None or lido[0] != chave:
            modelo = ModeloDeEdital.objects.filter(identificador=chave[0], versao=chave[1]).first()
            lido = (chave, modelo)
            self._modelo_lido = lido
        return lido[1]

    @modelo_de_edital.setter
    def modelo_de_edital(self, modelo: ModeloDeEdital | None) -> None:
        self.modelo_identificador = modelo.identificador if modelo is not None else None
        self.modelo_versao = modelo.versao if modelo is not None else None
        self.modelo_sha256 = modelo.sha256 if modelo is not None else None
        if modelo is not None:
            self._modelo_lido = ((modelo.identificador, modelo.versao), modelo)


class Cargo(models.Model):
    certame = models.ForeignKey(Certame, on_delete=models.PROTECT, related_name="cargos")
    codigo = models.CharField("código", max_length=40)
    nome = models.CharField(max_length=200)
    vagas_edital = models.PositiveIntegerField("vagas do edital")

    class Meta:
        ordering = ("codigo",)
        constraints = (
            models.UniqueConstraint(fields=("certame", "codigo"), name="cargo_codigo_unico"),
        )

    def __str__(self) -> str:
        return f"{self.codigo} — {self.nome}"


class Retificacao(models.Model):
    """Ato que corrige um dado do certame depois da homologação, com o seu fundamento (o texto
    do ato de retificação e a data em que foi publicado). Cada alteração guarda o antes e o
    depois; a página pública as mostra."""

    certame = models.ForeignKey(Certame, on_delete=models.PROTECT, related_name="retificacoes")
    data = models.DateField("data do ato de retificação")
    fundamento = models.TextField("fundamento (texto do ato de retificação)")
    alteracoes = models.JSONField(default=list)  # [{"o_que", "antes", "depois"}, ...]
    usuario = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT)
    registrado_em = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ("data", "id")
        verbose_name = "retificação"
        verbose_name_plural = "retificações"

    def __str__(self) -> str:
        return f"Retificação de {self.data:%d/%m/%Y}"


class Pedido(models.Model):
    """Um formulário que cria algo (sessão, oferta de vagas, recurso...) traz um código único de
    uso único: o mesmo envio repetido (duplo clique, reenvio do navegador, pedidos simultâneos)
    encontra aqui o que o primeiro criou, em vez de criar de novo. O índice único decide a
    corrida: o segundo pedido com o mesmo código espera o primeiro e então o encontra."""

    token = models.CharField(max_length=64, unique=True)
    acao = models.CharField(max_length=40)
    objeto_id = models.BigIntegerField(null=True)
    feito_em = models.DateTimeField(auto_now_add=True)

    def __str__(self) -> str:
        return f"{self.acao} ({self.token})"


class AtoTornavelSemEfeito(models.Model):
    """Um ato registrado por engano (data, candidato ou portaria errados) não se apaga nem se
    reescreve: um ato novo, com data, número, autoridade e motivo, o torna sem efeito; o
    original continua gravado e no histórico (docs/INTERPRETACAO.md#sem-efeito). Herdado pelos
    atos que se podem tornar sem efeito (nomeação, desistência, oferta de novas vagas, parecer
    e decisão de recurso da comissão)."""

    # Como a situação aparece ("Tornada sem efeito (Portaria 110/2026, em 01/09/2026: motivo)").
    ROTULO_SEM_EFEITO = "Tornada sem efeito"

    sem_efeito_em = models.DateField("tornado sem efeito em", null=True, blank=True)
    sem_efeito_ato = models.CharField(
        "ato que o torna sem efeito (número)", max_length=60, blank=True
    )
    sem_efeito_autoridade = models.CharField(
        "autoridade que o torna sem efeito", max_length=200, blank=True
    )
    sem_efeito_motivo = models.TextField("motivo de torná-lo sem efeito", blank=True)

    class Meta:
        abstract = True

    @property
    def em_vigor(self) -> bool:
        return self.sem_efeito_em is None

    @property
    def sem_efeito_texto(self) -> str:
        """ "Tornada sem efeito (Portaria 110/2026, em 01/09/2026: motivo)"; vazio se em vigor."""
        if self.sem_efeito_em is None:
            return ""
        return (
            f"{self.ROTULO_SEM_EFEITO} ({self.sem_efeito_ato}, em "
            f"{self.sem_efeito_em:%d/%m/%Y}: {self.sem_efeito_motivo})"
        )


class EstadoDoCertame(models.Model):
    """O livro do certame depois do último ato (`cotas.motor.estado`), para que o ato seguinte
    o retome em vez de reencenar o certame desde o edital (`cotas_web.ponte.estado`). Não é
    fato: é a conta dos fatos, refeita do zero quando não confere (outra versão dos candidatos,
    das regras ou do motor; um ato fora da ordem; um ato tornado sem efeito). Quem confere o
    registro de auditoria reencena sempre.

    `chave`: o resumo do que o livro pressupõe; `eventos`: o resumo de cada evento aplicado, na
    ordem do livro; `livro`: o do certame; `cargos`: de cada cargo, o resumo dos bytes guardados
    em `EstadoDoCargo` e o dos atos publicados que o livro dele já tem; `selo`: HMAC com a
    chave secreta da instalação (quem só tem o banco não forja um estado que a aplicação
    retome)."""

    certame = models.OneToOneField(
        Certame, on_delete=models.CASCADE, primary_key=True, related_name="estado_do_livro"
    )
    chave = models.CharField(max_length=64)
    eventos = models.JSONField(default=list)
    livro = models.BinaryField()
    cargos = models.JSONField(default=dict)
    selo = models.CharField(max_length=64)
    gravado_em = models.DateTimeField(auto_now=True)

    class Meta:
        verbose_name = "estado do livro do certame"


class EstadoDoCargo(models.Model):
    """O livro de um cargo (`cotas.motor.estado.Guardado.cargos`), lido só pelo ato que o toca;
    confere com o resumo em `EstadoDoCertame.cargos`."""

    certame = models.ForeignKey(
        Certame, on_delete=models.CASCADE, related_name="estados_dos_cargos"
    )
    cargo = models.CharField(max_length=50)
    estado = models.BinaryField()

    class Meta:
        verbose_name = "estado do livro de um cargo"
        constraints = (
            models.UniqueConstraint(fields=["certame", "cargo"], name="estado_um_por_cargo"),
        )
