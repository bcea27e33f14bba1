from typing import Any

from django import forms

from cotas_web import ponte
from cotas_web.comum import CampoData, FormularioDeUmaVez

from .models import (
    Arredondamento,
    BaseDoLimiar,
    DuplaCondicao,
    Orgao,
    PrioridadeColisao,
    TipoSelecao,
)


class CertameForm(FormularioDeUmaVez):
    nome = forms.CharField(label="Nome do certame", max_length=200)
    municipio = forms.ChoiceField(label="Município")
    data_edital = CampoData(label="Data de publicação do edital")
    tipo = forms.ChoiceField(label="Tipo de seleção", choices=TipoSelecao.choices)
    orgao = forms.ChoiceField(
        label="Órgão ou entidade que faz a seleção",
        choices=[("", "— não informado —"), *Orgao.choices],
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
        label="PcD: arredondamento",
        choices=Arredondamento.choices,
        initial="cima",
        required=False,
    )
    pcd_teto = forms.DecimalField(
        label="PcD: teto (%)", required=False, min_value=0, max_value=100, initial=20
    )

    data_referencia_idade = CampoData(
        label="Data de referência da idade (desempate)",
        required=False,
        help_text=f"Idade de {ponte.IDADE_IDOSO} anos ou mais desempata primeiro "
        f"({ponte.REF_IDOSO.citacao()}).",
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
        label="Quando um grupo da lei e PcD querem a mesma vaga",
        choices=PrioridadeColisao.choices,
        initial=PrioridadeColisao.LEI_PCD,
        required=False,
        help_text="Questão que as leis deixam em aberto: quem recebe a vaga; o outro grupo "
        "recebe a seguinte.",
    )
    base_do_limiar = forms.ChoiceField(
        label="Mínimo de vagas que a lei fixa para a reserva de cada grupo, contado sobre",
        choices=BaseDoLimiar.choices,
        initial=BaseDoLimiar.TODAS_OFERTADAS,
        required=False,
        help_text="Questão em aberto: as vagas novas durante a validade entram na conta do "
        "mínimo de vagas que a lei fixa para a reserva?",
    )

    dupla_condicao = forms.ChoiceField(
        label="Candidato de um grupo da lei e com deficiência chamado pelas duas listas no mesmo "
        "ato",
        choices=DuplaCondicao.choices, initial=DuplaCondicao.LISTA_QUE_NOMEIA_ANTES,
        required=False,
        help_text="Questão em aberto: vale a lista que ele escolheu na inscrição, se escolheu; "
                  "sem opção, qual lista o nomeia.",
    )

    def clean_desempate(self) -> list[tuple[str, str]]:
        criterios = []
        for parte in self.cleaned_data["desempate"].split(","):
            parte = parte.strip()
            if not parte:
                continue
            coluna, _, sentido = parte.partition(":")
            sentido = sentido.strip() or "maior"
            if sentido not in ("maior", "menor"):
                raise forms.ValidationError(
                    f"Sentido “{sentido}” desconhecido: use “maior” ou “menor”."
                )
            criterios.append((coluna.strip(), sentido))
        return criterios

    def __init__(self, *args: object, **kwargs: object) -> None:
        super().__init__(*args, **kwargs)
        self.fields["municipio"].choices = ponte.entes_por_esfera()  # type: ignore[attr-defined]
        self.lacunas = self._campos_das_lacunas()

    def _campos_das_lacunas(self) -> list[str]:
        """Os valores que a lei escolhida (pelo ente e pela data do edital enviados) deixa em
        aberto (`Lei.desconhecidos()`): um campo para o valor e outro para a justificativa de
        cada um. O motor diz quais o certame precisa (os da comissão, só se há comissão; os
        demais têm padrão documentado) e recusa a lei sem eles, com a lista; o operador os
        informa e o certame os guarda."""
        municipio = self.data.get("municipio") if self.is_bound else None
        try:
            data_edital = self.fields["data_edital"].clean(self.data.get("data_edital"))
            lei = ponte.lei_do_certame(None, str(municipio or ""), data_edital)
        except (forms.ValidationError, ponte.ErroCotas, TypeError, ValueError):
            return []
        lacunas = lei.desconhecidos()
        self.formas = {nome: ponte.forma_da_lacuna(lei, nome) for nome in lacunas}
        grupos = {g.nome: g.rotulo for g in lei.grupos}
        for nome in lacunas:
            # (O parâmetro de um grupo diz de qual: os três percentuais têm a mesma descrição.)
            grupo = grupos.get(nome.partition(".")[0])
            descricao = lei.parametros[nome].descricao or nome
            o_que = f"{grupo} — {descricao}" if grupo else descricao
            self.fields[f"lacuna__{nome}"] = campo_da_lacuna(
                self.formas[nome],
                label=f"{lei.norma} deixa em aberto: {o_que}",
                help_text=f"Parâmetro {nome} (o nome no arquivo da lei). Deixe em branco se o "
                "certame não precisa dele.",
            )
            self.fields[f"justificativa__{nome}"] = forms.CharField(
                label=f"De onde vem o valor de “{o_que}”",
                required=False,
                help_text="O decreto ou o item do edital que o fixa (a justificativa fica no "
                "registro do certame).",
            )
        return lacunas

    def clean(self) -> dict[str, Any]:
        dados = super().clean() or {}
        for nome in self.lacunas:
            valor = _preenchido(dados.get(f"lacuna__{nome}"))
            justificativa = (dados.get(f"justificativa__{nome}") or "").strip()
            if valor and not justificativa:
                self.add_error(
                    f"justificativa__{nome}",
                    f"Informe de onde vem o valor de {nome} (o valor de uma lacuna da lei nunca "
                    "vale sem justificativa).",
                )
            elif justificativa and not valor:
                self.add_error(f"lacuna__{nome}", f"Informe o valor de {nome}.")
        return dados

    def informados(self) -> dict[str, dict[str, object]]:
        """{parâmetro: {"valor", "justificativa"}} das lacunas da lei, como o motor os recebe."""
        return {
            nome: {
                "valor": valor_informado(self.formas[nome], self.cleaned_data[f"lacuna__{nome}"]),
                "justificativa": self.cleaned_data[f"justificativa__{nome}"].strip(),
            }
            for nome in self.lacunas
            if _preenchido(self.cleaned_data[f"lacuna__{nome}"])
        }


def _preenchido(valor: object) -> str:
    """O valor de um campo de lacuna como texto ("" se em branco), qualquer que seja o campo."""
    if valor is None:
        return ""
    if isinstance(valor, list | tuple):
        return ",".join(str(v) for v in valor)
    return str(valor).strip()


def campo_da_lacuna(forma: Any, *, label: str, help_text: str) -> forms.Field:
    """O campo de um valor em aberto na forma do parâmetro (nunca a sintaxe do arquivo da lei):
    escolha, várias escolhas, sim ou não, número."""
    comum: dict[str, Any] = {"label": label, "help_text": help_text, "required": False}
    vazio = [("", "— não informado —")]
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


class CargoForm(forms.Form):
    codigo = forms.CharField(label="Código do cargo", max_length=40)
    nome = forms.CharField(label="Nome do cargo", max_length=200)
    vagas_edital = forms.IntegerField(label="Vagas do edital", min_value=0)


class DataForm(forms.Form):
    data = CampoData(label="Data")  # type: ignore[assignment]


class DadosCertameForm(forms.Form):
    """Os dados do certame e dos cargos que se corrigem: antes da homologação (com o motivo) ou,
    depois dela, por retificação (com a data e o fundamento do ato; a data do edital, que decide
    a lei, não se retifica). Um par de campos por cargo: nome e vagas do edital."""

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
            },
        )
        super().__init__(*args, **kwargs)
        self.cargos = list(certame.cargos.all())
        for cargo in self.cargos:
            self.fields[f"cargo_{cargo.pk}_nome"] = forms.CharField(
                label=f"Cargo {cargo.codigo}: nome", max_length=200, initial=cargo.nome
            )
            self.fields[f"cargo_{cargo.pk}_vagas"] = forms.IntegerField(
                label=f"Cargo {cargo.codigo}: vagas do edital",
                min_value=0,
                initial=cargo.vagas_edital,
            )
        if retificacao:
            del self.fields["data_edital"]
            self.fields["data"] = CampoData(label="Data do ato de retificação")
            self.fields["fundamento"] = forms.CharField(
                label="Fundamento (texto do ato de retificação)",
                widget=forms.Textarea,
                help_text="O número e o texto do ato publicado que retifica o edital.",
            )
        else:
            self.fields["motivo"] = forms.CharField(
                label="Motivo da correção",
                widget=forms.Textarea,
                help_text="Ex.: data do edital digitada errada.",
            )

    def dados(self) -> dict[str, Any]:
        d = self.cleaned_data
        return {k: d[k] for k in ("nome", "data_edital", "validade_ate") if k in d}

    def dados_dos_cargos(self) -> dict[int, tuple[str, int]]:
        d = self.cleaned_data
        return {c.pk: (d[f"cargo_{c.pk}_nome"], d[f"cargo_{c.pk}_vagas"]) for c in self.cargos}


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
        label="Ato que torna sem efeito (número)", max_length=60,
        help_text="Ex.: Portaria 110/2026.",
    )
    autoridade = forms.CharField(
        label="Autoridade que o assina (cargo e nome)", max_length=200
    )
    motivo = forms.CharField(label="Motivo (o engano que o ato corrige)", widget=forms.Textarea)
