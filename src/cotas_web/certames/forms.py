import base64
import copy
from decimal import Decimal
from typing import Any

from django import forms
from django.http import QueryDict

from cotas.arquivos.limites import VAGAS_POR_CARGO, br
from cotas_web.comum import TEXTO_LIVRE_MAXIMO, CampoData, FormularioDeUmaVez
from cotas_web.ponte import catalogo, leis, tela
from cotas_web.ponte.erros import ErroCotas
from cotas_web.rotulos import escolhas

from .models import (
    Arredondamento,
    BaseDoLimiar,
    DuplaCondicao,
    Orgao,
    PrioridadeColisao,
    TipoSelecao,
)

# (O Django diria "menor ou igual a 100000", sem o ponto do milhar.)
VAGAS_DEMAIS = {
    "max_value": f"No máximo {br(VAGAS_POR_CARGO)} vagas por cargo (e por oferta de novas vagas)."
}


class ComLacunas(forms.Form):
    """Os campos dos valores que a lei deixa em aberto: um para o valor e outro para a
    justificativa de cada um. O motor diz quais o certame precisa (os da comissão, só se há
    comissão; os demais têm padrão documentado) e recusa a lei sem eles, com a lista; o operador
    os informa e o certame os guarda.

    Com o edital como dado (docs/EDITAIS.md), os valores que ele diz vêm preenchidos, agrupados
    por assunto com as palavras da lei, cada um com o item e as palavras do edital; pedem-se em
    branco só os que nem a lei nem o edital dizem. Um valor do edital mudado aqui o substitui,
    com a justificativa, como `--parametro` na linha de comando."""

    lacunas: list[str]
    formas: dict[str, Any]
    # Os valores que o edital diz e que valem como dele: o valor do edital e o item como a tela
    # o mostra (`cotas.motor.edital.ItemDoEdital`), e os assuntos em que vão (título, nomes).
    do_edital: dict[str, object]
    itens_do_edital: dict[str, Any]
    assuntos_do_edital: list[tuple[str, list[str]]]

    def por_lacunas(
        self,
        lei: Any,
        informados: dict[str, Any] | None = None,
        dia: Any = None,
        edital: Any = None,
    ) -> list[str]:
        """Acrescenta os campos das lacunas da lei para um edital de `dia` (o que um regulamento
        já fixa nessa data não se pergunta), com os valores já informados, se houver; com o
        `edital`, os dele preenchidos (ou o do operador que os substitui)."""
        informados = informados or {}
        self.do_edital, self.itens_do_edital, self.assuntos_do_edital = {}, {}, []
        self.formas = {}
        if edital is not None:
            self._campos_do_edital(lei, edital, informados)
        lacunas: list[str] = [n for n in lei.desconhecidos(dia) if n not in self.do_edital]
        self.formas.update({nome: tela.forma_da_lacuna(lei, nome) for nome in lacunas})
        grupos = {g.nome: g.rotulo for g in lei.grupos}
        for nome in lacunas:
            # (O parâmetro de um grupo diz de qual: os três percentuais têm a mesma descrição.)
            grupo = grupos.get(nome.partition(".")[0])
            descricao = lei.parametros[nome].descricao or nome
            o_que = f"{grupo} — {descricao}" if grupo else descricao
            self.fields[f"lacuna__{nome}"] = campo_da_lacuna(
                self.formas[nome],
                label=o_que,  # (a legenda do grupo diz que a lei o deixa em aberto)
                help_text="Deixe em branco se o certame não precisa dele.",
            )
            self.fields[f"justificativa__{nome}"] = forms.CharField(
                label=f"De onde vem o valor de “{o_que}”",
                required=False,
                help_text="O decreto ou o item do edital que o fixa (a justificativa fica no "
                "registro do certame).",
            )
            if nome in informados:
                self.fields[f"lacuna__{nome}"].initial = inicial_da_lacuna(
                    self.formas[nome], informados[nome].get("valor")
                )
                self.fields[f"justificativa__{nome}"].initial = informados[nome].get(
                    "justificativa", ""
                )
        return [*self.do_edital, *lacunas]

    def _campos_do_edital(self, lei: Any, edital: Any, informados: dict[str, Any]) -> None:
        """Um campo por valor do edital, preenchido, em grupos por assunto (o rótulo de cada
        grupo da lei, a comissão...), com a descrição da lei, nunca o nome interno; e, depois
        deles, um campo só para o fundamento dos valores mudados (pedido só se algum mudar: uma
        retificação muda vários itens de uma vez)."""
        from cotas_web.ponte.catalogo import especificacao_de

        from .editais import assuntos_na_tela

        usados = set(leis.usados_do_edital(edital))
        grupos = [g.nome for g in lei.grupos]
        for assunto in assuntos_na_tela(edital):
            nomes: list[str] = []
            for item in assunto.itens:
                if item.nome not in usados or especificacao_de(item.nome, grupos) is None:
                    continue  # (o que só repete a lei vale como da lei; a questão aberta do
                    # grupo tem o seu campo no certame)
                forma = self.formas[item.nome] = tela.forma_da_lacuna(lei, item.nome)
                valor = edital.valores[item.nome].valor
                self.do_edital[item.nome] = valor
                self.itens_do_edital[item.nome] = item
                da_lei = (
                    f" A lei fixa o mínimo ({item.da_lei.citacao()}); o edital o eleva."
                    if item.da_lei is not None
                    else ""
                )
                campo = campo_da_lacuna(
                    forma,
                    label=item.descricao,
                    help_text=f"{item.citacao}: “{item.texto}”{da_lei}",
                    do_edital=True,
                )
                substituto = informados.get(item.nome)
                campo.initial = inicial_da_lacuna(
                    forma, substituto.get("valor") if substituto else valor
                )
                self.fields[f"lacuna__{item.nome}"] = campo
                nomes.append(f"lacuna__{item.nome}")
            if nomes:
                self.assuntos_do_edital.append((f"{assunto.titulo}, pelo {edital.norma}", nomes))
        if not self.do_edital:
            return
        justificativas = [
            str(informados[n].get("justificativa", "")) for n in self.do_edital if n in informados
        ]
        self.fields[CAMPO_MUDANCAS] = forms.CharField(
            label=f"Se mudou algum valor do {edital.norma}: de onde vêm os novos valores",
            required=False,
            initial="; ".join(dict.fromkeys(j for j in justificativas if j)),
            help_text="Ex.: “Retificação nº 1 do edital, itens 2 e 3”. Em branco, valem os "
            "valores do edital. Um valor mudado substitui o do edital, e a razão de cada "
            "resultado diz o que ele substituiu.",
        )
        self.assuntos_do_edital.append(
            (f"Mudanças nos valores do {edital.norma}", [CAMPO_MUDANCAS])
        )

    def igual_ao_edital(self, nome: str, valor: object) -> bool:
        """Se o valor do campo é o que o edital diz (sem mudar nada)."""
        forma = self.formas[nome]
        from .editais import mesmo_valor

        return mesmo_valor(forma.tipo, valor_informado(forma, valor), self.do_edital[nome])

    def clean(self) -> dict[str, Any] | None:
        dados = super().clean() or {}
        for nome in getattr(self, "lacunas", []):
            if f"lacuna__{nome}" in self.errors or nome in getattr(self, "do_edital", {}):
                continue
            justificativa = (dados.get(f"justificativa__{nome}") or "").strip()
            valor = _preenchido(dados.get(f"lacuna__{nome}"))
            if valor and not justificativa:
                self.add_error(
                    f"justificativa__{nome}",
                    f"Informe de onde vem o valor de {nome} (o valor de uma lacuna da lei nunca "
                    "vale sem justificativa).",
                )
            elif justificativa and not valor:
                self.add_error(f"lacuna__{nome}", f"Informe o valor de {nome}.")
        if getattr(self, "do_edital", {}):
            self._conferir_as_mudancas(dados)
        return dados

    def mudados(self, dados: dict[str, Any]) -> list[str]:
        """Os valores do edital que o formulário muda."""
        return [
            nome
            for nome in getattr(self, "do_edital", {})
            if f"lacuna__{nome}" in dados
            and not self.igual_ao_edital(nome, dados[f"lacuna__{nome}"])
        ]

    def _conferir_as_mudancas(self, dados: dict[str, Any]) -> None:
        """Um valor do edital mudado nunca vale sem o fundamento; um fundamento sem mudança
        seria um registro que nada sustenta."""
        fundamento = (dados.get(CAMPO_MUDANCAS) or "").strip()
        mudados = self.mudados(dados)
        if mudados and not fundamento:
            for nome in mudados:
                item = self.itens_do_edital[nome]
                self.add_error(
                    f"lacuna__{nome}",
                    f"Difere do {item.citacao} ({item.valor}): diga abaixo de onde vem o novo "
                    "valor, ou volte ao do edital.",
                )
            self.add_error(
                CAMPO_MUDANCAS,
                "Informe de onde vêm os valores mudados (uma retificação do edital, por "
                "exemplo): um valor do edital não muda sem fundamento.",
            )
        elif fundamento and not mudados:
            self.add_error(
                CAMPO_MUDANCAS,
                "Nenhum valor difere do edital: apague este texto, ou mude o valor.",
            )

    def informados(self) -> dict[str, dict[str, object]]:
        """{parâmetro: {"valor", "justificativa"}} das lacunas da lei e dos valores do edital
        mudados aqui, como o motor os recebe (o do edital que não mudou fica com o edital)."""
        saida: dict[str, dict[str, object]] = {}
        d = self.cleaned_data
        for nome in self.mudados(d):
            saida[nome] = {
                "valor": valor_informado(self.formas[nome], d[f"lacuna__{nome}"]),
                "justificativa": (d.get(CAMPO_MUDANCAS) or "").strip(),
            }
        for nome in self.lacunas:
            if nome in getattr(self, "do_edital", {}) or not _preenchido(d[f"lacuna__{nome}"]):
                continue
            saida[nome] = {
                "valor": valor_informado(self.formas[nome], d[f"lacuna__{nome}"]),
                "justificativa": d[f"justificativa__{nome}"].strip(),
            }
        return saida


# O fundamento dos valores do edital mudados no formulário (um só: uma retificação muda vários).
CAMPO_MUDANCAS = "justificativa_do_edital"


def _oculto(texto: str) -> str:
    """O arquivo lido num campo oculto, byte a byte: em base64, porque o navegador reescreve as
    quebras de linha de um campo ao enviá-lo (e o sha256 do arquivo mudaria)."""
    return base64.b64encode(texto.encode("utf-8")).decode("ascii")


def copia_mutavel(dados: Any) -> QueryDict:
    """Os dados enviados numa cópia que se pode mudar (o formulário a redesenha preenchida)."""
    copia = QueryDict(mutable=True)
    if hasattr(dados, "lists"):
        for chave, valores in dados.lists():
            copia.setlist(chave, valores)
    else:
        for chave, valor in dados.items():
            copia.setlist(chave, valor if isinstance(valor, list) else [valor])
    return copia


class ComEdital(forms.Form):
    """O edital como dado no formulário: o arquivo do edital (e o do modelo que ele segue, se
    ainda não está guardado), ou um modelo guardado escolhido e o número do edital. Lido pelo
    leitor da linha de comando (`editais.ler_edital_enviado`); os erros de todos os arquivos de
    uma vez, cada um no seu campo, com arquivo, linha e coluna.

    O arquivo enviado não volta num campo de arquivo: o texto lido volta oculto, e o formulário
    seguinte o lê de novo. Um edital novo (ou outro) não é adotado no mesmo envio: a tela mostra
    os valores dele para o operador conferir (`edital_novo`), e só o envio seguinte vale."""

    edital_arquivo = forms.FileField(
        label="Arquivo do edital (TOML)",
        required=False,
        help_text="O edital como dado: cada valor que a lei deixa ao edital, com o item que o "
        "diz (formato em docs/EDITAIS.md). A lei, a data e os valores vêm dele.",
    )
    modelo_arquivo = forms.FileField(
        label="Arquivo do modelo de edital que ele segue (TOML)",
        required=False,
        help_text="Só se o modelo ainda não está guardado nesta instalação: ele fica guardado, "
        "na versão do arquivo, para os próximos certames.",
    )
    modelo_guardado = forms.ChoiceField(
        label="Ou um modelo de edital já guardado",
        required=False,
        help_text="Sem o arquivo do edital: o edital segue o modelo como ele está, e os "
        "valores que mudam se informam abaixo, com a justificativa.",
    )
    edital_numero = forms.CharField(
        label="Número do edital (com o modelo escolhido, sem o arquivo do edital)",
        required=False,
        max_length=60,
        help_text="Ex.: 93/2026. As razões citam “Edital nº 93/2026 (modelo ...), item ...”.",
    )
    edital_texto = forms.CharField(widget=forms.HiddenInput, required=False)
    edital_nome = forms.CharField(widget=forms.HiddenInput, required=False)
    modelo_texto = forms.CharField(widget=forms.HiddenInput, required=False)
    modelo_nome = forms.CharField(widget=forms.HiddenInput, required=False)
    edital_conferido = forms.CharField(widget=forms.HiddenInput, required=False)

    CAMPOS_DO_EDITAL = ("edital_arquivo", "modelo_arquivo", "modelo_guardado", "edital_numero")

    edital_lido: Any
    erros_do_edital: Any
    edital_novo: bool

    def data_do_edital(self) -> Any:
        """A data do edital que só segue um modelo (a do formulário, ou a do certame)."""
        return None

    def ler_o_edital(self) -> None:
        """Lê o que foi enviado (ou o texto que voltou oculto); guarda o edital lido, ou os
        erros para o `clean`, e prepara os campos para o próximo envio."""
        from . import editais

        self.edital_lido, self.erros_do_edital, self.edital_novo = None, None, False
        self.fields["modelo_guardado"].choices = [  # type: ignore[attr-defined]
            ("", "— nenhum —"),
            *editais.escolhas_de_modelos(),
        ]
        if not self.is_bound:
            return
        try:
            edital = self._enviado("edital", editais.CAMPO_EDITAL)
            modelo = self._enviado("modelo", editais.CAMPO_MODELO)
        except forms.ValidationError as erro:
            self.erros_do_edital = erro
            return
        escolhido = str(self.data.get("modelo_guardado") or "")
        numero = str(self.data.get("edital_numero") or "").strip()
        if edital is None and modelo is None and not escolhido:
            return
        try:
            lido = editais.ler_edital_enviado(
                edital=edital,
                modelo=modelo,
                escolhido=escolhido,
                numero=numero,
                data=self.data_do_edital(),
            )
        except forms.ValidationError as erro:
            self.erros_do_edital = erro
            self._depois_do_erro(modelo, erro)
            return
        self.edital_lido = lido
        dados = copia_mutavel(self.data)
        # (Volta oculto só o arquivo enviado; o edital escrito a partir do modelo se escreve de
        # novo a cada envio, com o número e a data de então.)
        dados["edital_texto"] = _oculto(lido.texto) if edital is not None else ""
        dados["edital_nome"] = lido.arquivo if edital is not None else ""
        dados["modelo_texto"] = _oculto(lido.modelo_enviado.texto) if lido.modelo_enviado else ""
        dados["modelo_nome"] = lido.modelo_enviado.nome if lido.modelo_enviado else ""
        self.edital_novo = dados.get("edital_conferido") != lido.marca
        dados["edital_conferido"] = lido.marca
        self.data = dados
        modelo_lido = lido.edital.modelo
        segue = f", que segue o modelo {modelo_lido.chave}" if modelo_lido is not None else ""
        if edital is not None:
            self.fields["edital_arquivo"].help_text = (
                f"Lido: {lido.arquivo} ({lido.edital.norma}, de "
                f"{lido.edital.data:%d/%m/%Y}{segue}). Envie outro arquivo só para trocá-lo."
            )
        if lido.modelo_enviado is not None:
            self.fields["modelo_arquivo"].help_text = (
                f"Lido: {lido.modelo_enviado.nome} ({modelo_lido.chave if modelo_lido else ''}); "
                "fica guardado nesta instalação quando o edital for adotado."
            )

    def _depois_do_erro(self, modelo: Any, erro: forms.ValidationError) -> None:
        """Com erro, nada do edital volta oculto (um edital lido antes não vale em silêncio no
        lugar do que foi recusado); o modelo enviado sem erro volta, e a tela o diz: basta
        enviar de novo o edital corrigido."""
        from . import editais

        dados = copia_mutavel(self.data)
        dados["edital_texto"] = dados["edital_nome"] = dados["edital_conferido"] = ""
        dados["modelo_texto"] = dados["modelo_nome"] = ""
        if modelo is not None and editais.CAMPO_MODELO not in erro.message_dict:
            dados["modelo_texto"], dados["modelo_nome"] = _oculto(modelo.texto), modelo.nome
            self.fields[
                "modelo_arquivo"
            ].help_text = (
                f"Lido sem erro: {modelo.nome}. Basta enviar de novo o arquivo do edital corrigido."
            )
        self.data = dados
        self.fields["edital_arquivo"].help_text = (
            "Nada foi gravado: corrija o arquivo (cada erro diz a linha e a coluna) e envie de "
            "novo."
        )

    def _enviado(self, prefixo: str, campo: str) -> Any:
        """O arquivo enviado agora ou, sem ele, o texto que voltou oculto do envio anterior."""
        from . import editais

        arquivo = self.files.get(f"{prefixo}_arquivo") if self.files else None
        if arquivo is not None:
            return editais.ler_enviado(arquivo.name or f"{prefixo}.toml", arquivo.read(), campo)
        oculto = str(self.data.get(f"{prefixo}_texto") or "")
        if not oculto:
            return None
        try:
            bruto = base64.b64decode(oculto, validate=True)
        except ValueError:
            return None  # (um campo oculto adulterado: como se nada tivesse voltado)
        nome = str(self.data.get(f"{prefixo}_nome") or f"{prefixo}.toml")
        return editais.ler_enviado(nome, bruto, campo)

    @property
    def aviso_do_edital(self) -> str:
        """O passo de conferir o edital recém-lido (sem erro: nada foi gravado ainda)."""
        if not getattr(self, "edital_novo", False):
            return ""
        lido = self.edital_lido
        modelo = lido.edital.modelo
        segue = ""
        if modelo:
            segue = f", que segue o {_o_modelo(modelo.titulo)} (versão {modelo.versao})"
        mudar = (
            " Um valor mudado aqui substitui o do edital e pede o fundamento."
            if getattr(self, "do_edital", None)
            else ""
        )
        return (
            f"{lido.edital.norma} lido{segue}: confira abaixo os valores dele, por assunto, e "
            f"clique em “{self.botao_do_edital}” para adotá-lo.{mudar} Nada foi gravado ainda."
        )

    @property
    def botao_do_edital(self) -> str:
        return "Criar certame"

    def is_valid(self) -> bool:
        return super().is_valid() and not getattr(self, "edital_novo", False)

    def clean(self) -> dict[str, Any] | None:
        dados = super().clean()
        erro = getattr(self, "erros_do_edital", None)
        if erro is not None:
            for campo, mensagens in erro.message_dict.items():
                for mensagem in mensagens:
                    self.add_error(campo if campo in self.fields else None, mensagem)
        return dados


# O prazo do recurso contra o parecer da comissão, quando a lei não o fixa: o do edital
# (docs/INTERPRETACAO.md#prazo-do-recurso). Em branco, o padrão da aplicação, que só se anuncia.
CAMPO_PRAZO_DO_RECURSO = forms.IntegerField(
    label="Prazo do recurso contra o parecer da comissão (dias corridos, pelo edital)",
    required=False,
    min_value=1,
    max_value=365,
    help_text="Só quando a lei do certame prevê comissão e não fixa o prazo: os dias que o "
    "edital dá, contados do dia seguinte ao da sessão. Em branco, a página pública anuncia o "
    "prazo padrão da aplicação, sem recusar recurso por ele.",
)


class CertameForm(FormularioDeUmaVez, ComEdital, ComLacunas):
    nome = forms.CharField(label="Nome do certame", max_length=200)
    # (Não obrigatórios no navegador: com o arquivo do edital, vêm dele; sem ele, o `clean` os
    # exige.)
    municipio = forms.ChoiceField(
        label="Município",
        required=False,
        help_text="Obrigatório sem o arquivo do edital; com ele, em branco: vem da lei do edital.",
    )
    data_edital = CampoData(
        label="Data de publicação do edital",
        required=False,
        help_text="Obrigatória sem o arquivo do edital; com ele, em branco: vem do edital.",
    )
    tipo = forms.ChoiceField(label="Tipo de seleção", choices=escolhas(TipoSelecao))
    orgao = forms.ChoiceField(
        label="Órgão ou entidade que faz a seleção",
        choices=[("", "— não informado —"), *escolhas(Orgao)],
        required=False,
        help_text="Obrigatório quando a lei só abrange alguns órgãos (ex.: só a administração "
        "direta).",
    )
    validade_ate = CampoData(label="Validade até", required=False)
    pcd_percentual = forms.DecimalField(
        label="PcD: percentual do edital (%)",
        required=False,
        min_value=0,
        max_value=100,
        help_text="Deixe em branco se o edital não reserva vagas a pessoas com deficiência.",
    )
    pcd_arredondamento = forms.ChoiceField(
        widget=forms.RadioSelect,
        label="PcD: arredondamento",
        choices=escolhas(Arredondamento),
        initial="cima",
        required=False,
    )
    pcd_teto = forms.DecimalField(
        label="PcD: teto (%)", required=False, min_value=0, max_value=100, initial=20
    )

    data_referencia_idade = CampoData(
        label="Data de referência da idade (desempate)",
        required=False,
        help_text=f"Idade de {leis.IDADE_IDOSO} anos ou mais desempata primeiro "
        f"({leis.REF_IDOSO.citacao()}).",
    )
    desempate = forms.CharField(
        label="Outros critérios de desempate do edital",
        required=False,
        help_text="O cabeçalho de cada coluna como está no arquivo da banca, na ordem, "
        "separados por vírgula, cada um com “:maior” ou “:menor” (quem tem o valor "
        "maior, ou menor, fica à frente). Ex.: “especifica:maior, portugues:maior”.",
    )
    admite_final_de_fila = forms.BooleanField(
        label="O edital admite final de fila",
        required=False,
        help_text="Marque só se o edital permite ao nomeado pedir para ir ao final da lista.",
    )
    final_de_fila_item = forms.CharField(
        label="Item do edital que admite o final de fila",
        required=False,
        max_length=200,
        help_text="Ex.: “item 14.3”. É citado como fundamento do ato.",
    )

    prioridade_colisao = forms.ChoiceField(
        widget=forms.RadioSelect,
        label="Quando um grupo da lei e PcD querem a mesma vaga",
        choices=escolhas(PrioridadeColisao),
        initial=PrioridadeColisao.LEI_PCD,
        required=False,
        help_text="Questão que as leis deixam em aberto: quem recebe a vaga; o outro grupo "
        "recebe a seguinte.",
    )
    base_do_limiar = forms.ChoiceField(
        widget=forms.RadioSelect,
        label="Mínimo de vagas que a lei fixa para a reserva de cada grupo, contado sobre",
        choices=escolhas(BaseDoLimiar),
        initial=BaseDoLimiar.TODAS_OFERTADAS,
        required=False,
        help_text="Questão em aberto: as vagas novas durante a validade entram na conta do "
        "mínimo de vagas que a lei fixa para a reserva?",
    )

    dupla_condicao = forms.ChoiceField(
        widget=forms.RadioSelect,
        label="Candidato de um grupo da lei e com deficiência chamado pelas duas listas no mesmo "
        "ato",
        choices=escolhas(DuplaCondicao),
        initial=DuplaCondicao.LISTA_QUE_NOMEIA_ANTES,
        required=False,
        help_text="Questão em aberto: vale a lista que ele escolheu na inscrição, se escolheu; "
        "sem opção, qual lista o nomeia.",
    )

    prazo_recurso_dias = CAMPO_PRAZO_DO_RECURSO

    # Os grupos do formulário longo (fieldsets com legenda, como o gov.br os desenha); os valores
    # em aberto da lei, quando a lei os tem, vão no seu próprio grupo (`grupos`).
    GRUPOS = (
        ("O edital como dado (opcional)", list(ComEdital.CAMPOS_DO_EDITAL)),
        (
            "Identificação do certame",
            ["nome", "municipio", "data_edital", "tipo", "orgao", "validade_ate"],
        ),
        (
            "Reserva a pessoas com deficiência (PcD) pelo edital",
            ["pcd_percentual", "pcd_arredondamento", "pcd_teto"],
        ),
        (
            "Desempate e final de fila",
            ["data_referencia_idade", "desempate", "admite_final_de_fila", "final_de_fila_item"],
        ),
        ("Comissão de heteroidentificação", ["prazo_recurso_dias"]),
        (
            "Questões que as leis deixam em aberto",
            ["prioridade_colisao", "base_do_limiar", "dupla_condicao"],
        ),
    )

    def clean_desempate(self) -> list[tuple[str, str]]:
        esquema = catalogo.esquema_da_lei(self.lei) if self.lei is not None else None
        return ler_desempate(self.cleaned_data["desempate"], esquema)

    def __init__(self, *args: object, **kwargs: object) -> None:
        super().__init__(*args, **kwargs)
        self.fields["municipio"].choices = [  # type: ignore[attr-defined]
            ("", "— escolha —"),
            *catalogo.entes_por_esfera(),
        ]
        self.lei: Any = None
        self.ler_o_edital()
        self.lacunas = self._campos_das_lacunas()
        if self.edital_novo:
            self._mostrar_os_valores_do_edital()

    @property
    def grupos(self) -> list[tuple[str, list[str]]]:
        # (Os valores do edital logo depois da identificação: o aviso manda conferi-los; os que
        # nem a lei nem o edital fixam, no fim, como sempre.)
        do_edital = getattr(self, "assuntos_do_edital", [])
        livres = [g for g in grupo_das_lacunas(self) if g not in do_edital]
        return [*self.GRUPOS[:2], *do_edital, *self.GRUPOS[2:], *livres]

    def data_do_edital(self) -> Any:
        try:
            return self.fields["data_edital"].clean(self.data.get("data_edital"))
        except forms.ValidationError:
            return None

    def _campos_das_lacunas(self) -> list[str]:
        """Os valores que a lei escolhida (pelo edital, ou pelo ente e pela data do edital
        enviados) deixa em aberto (`Lei.desconhecidos()`), com os do edital preenchidos."""
        if self.edital_lido is not None:
            edital = self.edital_lido.edital
            self.lei = catalogo.catalogo().lei(edital.lei)
            return self.por_lacunas(self.lei, dia=edital.data, edital=edital)
        municipio = self.data.get("municipio") if self.is_bound else None
        try:
            data_edital = self.fields["data_edital"].clean(self.data.get("data_edital"))
            self.lei = catalogo.lei_do_certame(None, str(municipio or ""), data_edital)
        except (forms.ValidationError, ErroCotas, TypeError, ValueError):
            return []
        return self.por_lacunas(self.lei, dia=data_edital)

    def _exigir_sem_o_edital(self, dados: dict[str, Any]) -> None:
        """Sem o edital (ou com erro nele), o ente e a data do edital são pedidos aqui; com o
        arquivo do edital com erro, os erros dele bastam."""
        if self.erros_do_edital is not None:
            return
        if not dados.get("municipio") and "municipio" not in self.errors:
            self.add_error(
                "municipio", "Escolha o ente da lei (ou envie o arquivo do edital, que a diz)."
            )
        if dados.get("data_edital") is None and "data_edital" not in self.errors:
            self.add_error(
                "data_edital",
                "Informe a data de publicação do edital (ou envie o arquivo do edital, que a diz).",
            )

    def _mostrar_os_valores_do_edital(self) -> None:
        """O edital recém-lido: os campos dele com os valores dele (o que veio no envio era de
        outro edital, ou de nenhum), e o ente e a data do edital onde ficaram em branco."""
        edital = self.edital_lido.edital
        dados = copia_mutavel(self.data)
        for nome in self.do_edital:
            inicial = self.fields[f"lacuna__{nome}"].initial
            if isinstance(inicial, list):
                dados.setlist(f"lacuna__{nome}", [str(v) for v in inicial])
            else:
                dados[f"lacuna__{nome}"] = "" if inicial is None else str(inicial)
            dados[CAMPO_MUDANCAS] = ""
        if not dados.get("data_edital"):
            dados["data_edital"] = edital.data.isoformat()
        if not dados.get("municipio") and self.lei is not None:
            dados["municipio"] = self.lei.municipio
        self.data = dados

    def clean(self) -> dict[str, Any] | None:
        dados = super().clean() or {}
        lido = self.edital_lido
        if lido is None:
            self._exigir_sem_o_edital(dados)
            return dados
        edital = lido.edital
        if not dados.get("data_edital"):
            dados["data_edital"] = edital.data
        if not dados.get("municipio") and self.lei is not None:
            dados["municipio"] = self.lei.municipio
        if dados.get("data_edital") != edital.data and "data_edital" not in self.errors:
            self.add_error(
                "data_edital",
                f"O {edital.norma} é de {edital.data:%d/%m/%Y} ({lido.arquivo}); a data do "
                "certame é a do edital. Deixe em branco ou corrija.",
            )
        if self.lei is not None and dados.get("municipio") not in ("", None, self.lei.municipio):
            self.add_error(
                "municipio",
                f"O {edital.norma} aplica {self.lei.titulo}, de {self.lei.municipio}; deixe em "
                "branco ou escolha o ente da lei do edital.",
            )
        numero = (dados.get("edital_numero") or "").strip()
        if numero and self.data.get("edital_texto") and numero != edital.numero:
            self.add_error(
                "edital_numero",
                f"O arquivo do edital é do {edital.norma}; o número informado é {numero}. Deixe "
                "em branco (o número vem do arquivo) ou corrija.",
            )
        return dados


def grupo_das_lacunas(form: Any) -> list[tuple[str, list[str]]]:
    """Os grupos dos valores do edital, um por assunto, e o dos valores que a lei deixa em
    aberto e o edital (se há) não diz (valor e justificativa de cada um)."""
    do_edital = getattr(form, "do_edital", {})
    nomes = [
        f"{p}__{n}"
        for n in getattr(form, "lacunas", [])
        if n not in do_edital
        for p in ("lacuna", "justificativa")
    ]
    titulo = (
        "Valores que nem a lei nem o edital fixam"
        if getattr(form, "edital_lido", None) is not None or do_edital
        else "Valores que a lei deixa em aberto"
    )
    return [*getattr(form, "assuntos_do_edital", []), *([(titulo, nomes)] if nomes else [])]


FORMATO_DESEMPATE = (
    "coluna:maior ou coluna:menor, separados por vírgula (ex.: “especifica:maior, portugues:maior”)"
)


def ler_desempate(texto: str, esquema: Any = None) -> list[tuple[str, str]]:
    """Os critérios de desempate do edital como o campo os recebe, conferidos: cada um é o
    cabeçalho da coluna, dois-pontos e o sentido. Sem os dois-pontos ("especifica maior"), o
    texto inteiro viraria o nome de uma coluna obrigatória: recusado, com o formato, todos os
    erros de uma vez. Com o `esquema` do arquivo de candidatos do certame, o nome também passa
    pela regra da leitura do arquivo (`recusa_do_criterio_de_desempate`): o que a importação
    recusaria é recusado aqui, antes de virar uma coluna exigida."""
    from cotas.arquivos.campos import normalizar_nome
    from cotas.arquivos.esquema import recusa_do_criterio_de_desempate

    criterios: list[tuple[str, str]] = []
    erros: list[str] = []
    for parte in texto.split(","):
        parte = parte.strip()
        if not parte:
            continue
        coluna, dois_pontos, sentido = (t.strip() for t in parte.partition(":"))
        if not dois_pontos:
            palavras = parte.split()
            sugestao = (
                f" Quis dizer “{'_'.join(palavras[:-1])}:{palavras[-1]}”?"
                if len(palavras) > 1 and palavras[-1].lower() in ("maior", "menor")
                else ""
            )
            erros.append(f"“{parte}” não diz o sentido depois de dois-pontos.{sugestao}")
        elif not coluna:
            erros.append(f"“{parte}”: falta o cabeçalho da coluna antes dos dois-pontos.")
        elif sentido.lower() not in ("maior", "menor"):
            erros.append(f"“{parte}”: sentido “{sentido}” desconhecido (use maior ou menor).")
        elif any(normalizar_nome(c) == normalizar_nome(coluna) for c, _ in criterios):
            erros.append(f"“{coluna}” aparece duas vezes (a importação lê os dois como um só).")
        elif esquema is not None and (recusa := recusa_do_criterio_de_desempate(esquema, coluna)):
            erros.append(f"“{coluna}” {recusa}.")
        else:
            criterios.append((coluna, sentido.lower()))
    if erros:
        raise forms.ValidationError([*erros, f"Formato: {FORMATO_DESEMPATE}."])
    return criterios


def desempate_como_texto(desempate: Any) -> str:
    """Os critérios gravados como o campo os mostra ("especifica:maior, portugues:maior")."""
    return ", ".join(f"{c}:{s}" for c, s in desempate or [])


def inicial_da_lacuna(forma: Any, valor: object) -> object:
    """O valor informado (como o motor o recebe) de volta no campo (`valor_informado` ao
    contrário)."""
    if valor is None:
        return None
    if forma.tipo == "reversao":
        return valor if isinstance(valor, str) else ",".join(map(str, valor))  # type: ignore[call-overload]
    if forma.tipo == "booleano":
        return "sim" if valor is True else "nao"
    return valor


def _preenchido(valor: object) -> str:
    """O valor de um campo de lacuna como texto ("" se em branco), qualquer que seja o campo."""
    if valor is None:
        return ""
    if isinstance(valor, list | tuple):
        return ",".join(str(v) for v in valor)
    return str(valor).strip()


def campo_da_lacuna(
    forma: Any, *, label: str, help_text: str, do_edital: bool = False
) -> forms.Field:
    """O campo de um valor em aberto na forma do parâmetro (nunca a sintaxe do arquivo da lei):
    escolha, várias escolhas, sim ou não, número. `do_edital`: o valor vem do edital, e um
    valor há de haver (sem a opção "não informado")."""
    comum: dict[str, Any] = {"label": label, "help_text": help_text, "required": do_edital}
    vazio = [] if do_edital else [("", "— não informado —")]
    if forma.tipo in ("escolha", "reversao"):
        return forms.ChoiceField(choices=[*vazio, *forma.opcoes], **comum)
    if forma.tipo == "lista":
        return forms.MultipleChoiceField(
            choices=list(forma.opcoes), widget=forms.CheckboxSelectMultiple, **comum
        )
    if forma.tipo == "booleano":
        return forms.ChoiceField(choices=[*vazio, ("sim", "Sim"), ("nao", "Não")], **comum)
    if forma.tipo == "inteiro":
        return forms.IntegerField(min_value=0, **comum)
    if forma.tipo == "percentual":
        return forms.DecimalField(min_value=0, max_value=100, decimal_places=4, **comum)
    return forms.CharField(**comum)


def valor_informado(forma: Any, valor: object) -> object:
    """O valor do campo como o motor o recebe (o que o arquivo da lei escreveria)."""
    if forma.tipo == "reversao":
        return "ampla" if valor == "ampla" else str(valor).split(",")
    if forma.tipo == "lista":
        return list(valor) if isinstance(valor, list | tuple) else [valor]
    if forma.tipo == "booleano":
        return valor == "sim"
    if forma.tipo == "percentual":
        texto = format(valor, "f")
        return texto.rstrip("0").rstrip(".") if "." in texto else texto
    return valor


class EditalForm(ComEdital):
    """Adotar ou trocar o edital como dado de um certame, até a homologação (o edital escrito
    a partir de um modelo escolhido leva a data do certame)."""

    motivo = forms.CharField(
        label="Motivo",
        widget=forms.Textarea,
        help_text="Ex.: o edital publicado foi retificado; o modelo do órgão tem versão nova.",
    )

    def __init__(self, *args: Any, certame: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.certame = certame
        self.ler_o_edital()

    def clean(self) -> dict[str, Any] | None:
        dados = super().clean()
        if self.edital_lido is None and self.erros_do_edital is None:
            self.add_error(
                "edital_arquivo",
                "Envie o arquivo do edital, ou escolha um modelo guardado e informe o número do "
                "edital.",
            )
        return dados

    def data_do_edital(self) -> Any:
        return self.certame.data_edital

    @property
    def botao_do_edital(self) -> str:
        lido = self.edital_lido
        return f"Adotar o {lido.edital.norma}" if lido is not None else "Ler o edital"

    @property
    def grupos(self) -> list[tuple[str, list[str]]]:
        return [("O edital", list(self.CAMPOS_DO_EDITAL)), ("O ato", ["motivo"])]


class CargoForm(forms.Form):
    codigo = forms.CharField(label="Código do cargo", max_length=40)
    nome = forms.CharField(label="Nome do cargo", max_length=200)
    vagas_edital = forms.IntegerField(
        label="Vagas do edital", min_value=0, max_value=VAGAS_POR_CARGO, error_messages=VAGAS_DEMAIS
    )


class DataForm(forms.Form):
    data = CampoData(label="Data")  # type: ignore[assignment]


class DadosCertameForm(ComLacunas):
    """Os dados do certame e dos cargos que se corrigem: antes da homologação (com o motivo) ou,
    depois dela, por retificação (com a data e o fundamento do ato; a data do edital, que decide
    a lei, não se retifica). Um par de campos por cargo: nome e vagas do edital.

    Antes da homologação também os critérios de desempate, os parâmetros de PcD, os valores que
    a lei deixa em aberto (com a justificativa) e o cargo sem candidatos nem vagas oferecidas
    (que se apaga): a classificação ainda não foi homologada com eles."""

    nome = forms.CharField(label="Nome do certame", max_length=200)
    data_edital = CampoData(label="Data de publicação do edital")
    validade_ate = CampoData(label="Validade até", required=False)

    def __init__(self, *args: Any, certame: Any, retificacao: bool, **kwargs: Any) -> None:
        kwargs.setdefault(
            "initial",
            {
                "nome": certame.nome,
                "data_edital": certame.data_edital,
                "validade_ate": certame.validade_ate,
                "desempate": desempate_como_texto(certame.desempate),
                "pcd_percentual": certame.pcd_percentual,
                "pcd_arredondamento": certame.pcd_arredondamento or "cima",
                "pcd_teto": certame.pcd_teto,
                **{campo: getattr(certame, campo) for campo in CONFIGURACOES},
            },
        )
        super().__init__(*args, **kwargs)
        self.retificacao = retificacao
        self.cargos = list(certame.cargos.all())
        self.lacunas = []
        for cargo in self.cargos:
            self.fields[f"cargo_{cargo.pk}_nome"] = forms.CharField(
                label=f"Cargo {cargo.codigo}: nome", max_length=200, initial=cargo.nome
            )
            self.fields[f"cargo_{cargo.pk}_vagas"] = forms.IntegerField(
                label=f"Cargo {cargo.codigo}: vagas do edital",
                min_value=0,
                max_value=VAGAS_POR_CARGO,
                error_messages=VAGAS_DEMAIS,
                initial=cargo.vagas_edital,
            )
            if not retificacao and cargo_sem_uso(cargo):
                self.fields[f"cargo_{cargo.pk}_apagar"] = forms.BooleanField(
                    label=f"Apagar o cargo {cargo.codigo} (sem candidatos nem vagas oferecidas)",
                    required=False,
                )
        if retificacao:
            del self.fields["data_edital"]
            self.fields["data"] = CampoData(label="Data do ato de retificação")
            self.fields["fundamento"] = forms.CharField(
                label="Fundamento (texto do ato de retificação)",
                widget=forms.Textarea,
                help_text="O número e o texto do ato publicado que retifica o edital.",
            )
            return
        self._campos_de_antes_da_homologacao(certame)

    def _campos_de_antes_da_homologacao(self, certame: Any) -> None:
        modelo = CertameForm.base_fields
        for campo in ("desempate", "pcd_percentual", "pcd_arredondamento", "pcd_teto"):
            self.fields[campo] = copy.deepcopy(modelo[campo])
        for campo in CONFIGURACOES:
            if campo != "prazo_recurso_dias" or prazo_do_edital_se_aplica(certame):
                self.fields[campo] = copy.deepcopy(modelo[campo])
        self.fields["desempate"].label = "Critérios de desempate do edital"
        try:
            lei = catalogo.lei_do_certame(
                certame.lei_id or None, certame.municipio, certame.data_edital
            )
            self.esquema = leis.esquema_do_certame(certame)
            edital = leis.edital_do_certame(certame)
        except ErroCotas:
            lei, edital = None, None
        if lei is not None:
            self.lacunas = self.por_lacunas(
                lei, certame.informados or {}, certame.data_edital, edital=edital
            )
        if certame.edital_texto and "data_edital" in self.fields:
            # (A data do certame é a do edital: muda trocando o edital.)
            del self.fields["data_edital"]
        self.fields["motivo"] = forms.CharField(
            label="Motivo da correção",
            widget=forms.Textarea,
            help_text="Ex.: data do edital digitada errada.",
        )

    @property
    def grupos(self) -> list[tuple[str, list[str]]]:
        cargos = [n for n in self.fields if n.startswith("cargo_")]
        return [
            ("Identificação do certame", ["nome", "data_edital", "validade_ate"]),
            ("Cargos e vagas do edital", cargos),
            *(g for g in CertameForm.GRUPOS if g[0] != "Identificação do certame"),
            *grupo_das_lacunas(self),
            ("O ato", ["data", "fundamento", "motivo"]),
        ]

    def clean_desempate(self) -> list[tuple[str, str]]:
        return ler_desempate(self.cleaned_data["desempate"], getattr(self, "esquema", None))

    def dados(self) -> dict[str, Any]:
        d = self.cleaned_data
        dados: dict[str, Any] = {k: d[k] for k in ("nome", "data_edital", "validade_ate") if k in d}
        if not self.retificacao:
            dados["desempate"] = d["desempate"]
            dados["pcd"] = (
                (
                    d["pcd_percentual"],
                    d["pcd_arredondamento"] or "cima",
                    d["pcd_teto"] if d["pcd_teto"] is not None else Decimal(20),
                )
                if d["pcd_percentual"] is not None
                else None
            )
            dados["informados"] = self.informados()
            for campo in CONFIGURACOES:
                if campo in d:
                    dados[campo] = d[campo]
        return dados

    def dados_dos_cargos(self) -> dict[int, tuple[str, int]]:
        d = self.cleaned_data
        return {c.pk: (d[f"cargo_{c.pk}_nome"], d[f"cargo_{c.pk}_vagas"]) for c in self.cargos}

    def cargos_a_apagar(self) -> list[int]:
        d = self.cleaned_data
        return [c.pk for c in self.cargos if d.get(f"cargo_{c.pk}_apagar")]


# Os demais dados do certame que se corrigem antes da homologação, como o formulário de criação
# os pede (os rótulos e as escolhas dos campos de `CertameForm`).
CONFIGURACOES = (
    "data_referencia_idade",
    "admite_final_de_fila",
    "final_de_fila_item",
    "prazo_recurso_dias",
    "prioridade_colisao",
    "base_do_limiar",
    "dupla_condicao",
)


def prazo_do_edital_se_aplica(certame: Any) -> bool:
    """O prazo do recurso pelo edital só vale com comissão e quando a lei não o fixa."""
    if not certame.exige_comissao:
        return False
    try:
        regra = leis.regras_do_certame(certame).comissao
    except ErroCotas:
        return False
    return regra is not None and regra.recurso_prazo_dias is None


def cargo_sem_uso(cargo: Any) -> bool:
    """O cargo se apaga (antes da homologação) só sem candidatos nem vagas oferecidas."""
    return not cargo.candidatos.exists() and not cargo.ofertas.exists()


class ArquivarForm(forms.Form):
    data = CampoData(label="Data do arquivamento")  # type: ignore[assignment]
    motivo = forms.CharField(
        label="Motivo",
        max_length=500,
        help_text="Ex.: certame de teste; validade encerrada.",
    )


class SemEfeitoForm(forms.Form):
    """O ato novo que torna sem efeito um ato registrado por engano (docs/INTERPRETACAO.md)."""

    data = CampoData(label="Data do ato")  # type: ignore[assignment]
    ato = forms.CharField(
        label="Ato que torna sem efeito (número)",
        max_length=60,
        help_text="Ex.: Portaria 110/2026.",
    )
    autoridade = forms.CharField(label="Autoridade que o assina (cargo e nome)", max_length=200)
    motivo = forms.CharField(
        label="Motivo (o engano que o ato corrige)",
        widget=forms.Textarea,
        max_length=TEXTO_LIVRE_MAXIMO,
    )


def _o_modelo(titulo: str) -> str:
    """ "modelo X" sem repetir a palavra quando o título já a traz ("Modelo de edital de ...")."""
    if titulo.lower().startswith("modelo"):
        return titulo[0].lower() + titulo[1:]
    return f"modelo {titulo}"
