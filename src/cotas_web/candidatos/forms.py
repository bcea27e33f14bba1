from typing import Any

from django import forms
from django.conf import settings

from cotas.arquivos.limites import br
from cotas_web.comum import TEXTO_LIVRE_MAXIMO, CampoData

from .models import RESULTADOS_DOCUMENTAIS, ROTULOS_DOCUMENTAIS, DecisaoFraude


class ImportacaoForm(forms.Form):
    arquivo = forms.FileField(
        label="Arquivo da banca (CSV, XLSX ou ODS)",
        help_text="Uma linha por inscrição e cargo. Nada é gravado antes da confirmação.",
    )
    aba = forms.CharField(
        label="Aba da planilha",
        required=False,
        max_length=200,
        help_text="Só para XLSX ou ODS com mais de uma aba visível; em branco, lê-se a única aba "
        "visível (uma aba oculta só é lida se nomeada aqui).",
    )
    banca = forms.CharField(
        label="Banca que produziu o arquivo",
        required=False,
        max_length=200,
        help_text="Se os títulos do arquivo não forem os do modelo, a escolha de cada coluna é "
        "lembrada para o próximo arquivo desta banca.",
    )
    substitui = forms.IntegerField(widget=forms.HiddenInput, required=False)

    def clean_arquivo(self) -> Any:
        arquivo = self.cleaned_data["arquivo"]
        limite = int(settings.COTAS_IMPORTACAO_MAX_BYTES)
        if arquivo.size > limite:
            raise forms.ValidationError(
                f"O arquivo tem {br(arquivo.size)} bytes e passa do limite de {br(limite)} bytes "
                "da tela; para arquivos maiores, use a linha de comando (cotas validar)."
            )
        return arquivo


class RemoverImportacaoForm(forms.Form):
    motivo = forms.CharField(
        label="Motivo da remoção",
        max_length=500,
        help_text="Ex.: arquivo errado enviado pela banca.",
    )


class CorrecaoForm(forms.Form):
    campo = forms.ChoiceField(label="Dado a corrigir")
    valor = forms.CharField(
        label="Valor corrigido",
        max_length=200,
        required=False,
        help_text="Como no arquivo da banca: nota com vírgula ou ponto; data DD/MM/AAAA; "
        "situação aprovado ou eliminado; os campos da lei, um número inteiro ou sim/não.",
    )
    data = CampoData(label="Data do ato de correção")  # type: ignore[assignment]
    motivo = forms.CharField(label="Por quê", widget=forms.Textarea, max_length=TEXTO_LIVRE_MAXIMO)
    fundamento = forms.CharField(
        label="Fundamento legal",
        widget=forms.Textarea,
        help_text="O ato ou a decisão que manda corrigir (ex.: decisão do recurso nº ...).",
    )

    def __init__(self, *args: Any, certame: Any, **kwargs: Any) -> None:
        from .correcoes import campos_corrigiveis

        super().__init__(*args, **kwargs)
        # (os de todo certame e os campos que a lei do certame declara)
        self.fields["campo"].choices = list(campos_corrigiveis(certame).items())  # type: ignore[attr-defined]
        self.certame = certame

    def clean(self) -> dict[str, Any]:
        """O valor lido aqui, pelas regras da importação (as do service), antes da página de
        confirmação: "8,8,8" numa nota é recusado no campo, com o resto do que foi digitado."""
        from .correcoes import ler_valor

        dados = super().clean() or {}
        campo = dados.get("campo")
        if campo and "valor" in dados:
            try:
                self.valor_lido = ler_valor(certame=self.certame, campo=campo, texto=dados["valor"])
            except forms.ValidationError as erro:
                self.add_error("valor", erro)
        return dados


class FraudeAbrirForm(forms.Form):
    data = CampoData(label="Data de abertura")  # type: ignore[assignment]
    motivo = forms.CharField(
        label="Motivo (fatos que indicam a falsidade)",
        widget=forms.Textarea,
        max_length=TEXTO_LIVRE_MAXIMO,
    )


class DefesaForm(forms.Form):
    data = CampoData(label="Data da defesa")  # type: ignore[assignment]
    defesa = forms.CharField(
        label="Defesa apresentada", widget=forms.Textarea, max_length=TEXTO_LIVRE_MAXIMO
    )


class DecisaoForm(forms.Form):
    data = CampoData(label="Data da decisão")  # type: ignore[assignment]
    decisao = forms.ChoiceField(label="Decisão", choices=DecisaoFraude.choices)
    fundamentacao = forms.CharField(
        label="Fundamentação", widget=forms.Textarea, max_length=TEXTO_LIVRE_MAXIMO
    )
    autoridade = forms.CharField(
        label="Autoridade que decide",
        max_length=200,
        help_text="Cargo e nome de quem decide (por exemplo, Prefeito Municipal, Fulano de Tal).",
    )


class EncaminhamentoForm(forms.Form):
    data = CampoData(label="Data do encaminhamento")  # type: ignore[assignment]
    orgao = forms.CharField(label="Órgão destinatário", max_length=200)


class DesistenciaForm(forms.Form):
    data = CampoData(label="Data da desistência")  # type: ignore[assignment]
    observacao = forms.CharField(label="Observação", required=False)


class VerificacaoDocumentalForm(forms.Form):
    data = CampoData(label="Data da análise dos documentos")  # type: ignore[assignment]
    resultado = forms.ChoiceField(
        label="Resultado",
        choices=[(c, ROTULOS_DOCUMENTAIS[c]) for c in RESULTADOS_DOCUMENTAIS],
    )
    fundamentacao = forms.CharField(
        label="Documentos analisados e fundamentação",
        widget=forms.Textarea,
        help_text="Quais documentos o candidato apresentou e por que comprovam, ou não, a "
        "condição.",
    )
