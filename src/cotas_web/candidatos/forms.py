from typing import Any

from django import forms
from django.conf import settings

from cotas.arquivos.limites import br
from cotas_web.comum import CampoData

from .models import DecisaoFraude


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

    def clean_arquivo(self) -> Any:
        arquivo = self.cleaned_data["arquivo"]
        limite = int(settings.COTAS_IMPORTACAO_MAX_BYTES)
        if arquivo.size > limite:
            raise forms.ValidationError(
                f"O arquivo tem {br(arquivo.size)} bytes e passa do limite de {br(limite)} bytes "
                "da tela; para arquivos maiores, use a linha de comando (cotas validar)."
            )
        return arquivo


class FraudeAbrirForm(forms.Form):
    data = CampoData(label="Data de abertura")  # type: ignore[assignment]
    motivo = forms.CharField(label="Motivo (fatos que indicam a falsidade)", widget=forms.Textarea)


class DefesaForm(forms.Form):
    data = CampoData(label="Data da defesa")  # type: ignore[assignment]
    defesa = forms.CharField(label="Defesa apresentada", widget=forms.Textarea)


class DecisaoForm(forms.Form):
    data = CampoData(label="Data da decisão")  # type: ignore[assignment]
    decisao = forms.ChoiceField(label="Decisão", choices=DecisaoFraude.choices)
    fundamentacao = forms.CharField(label="Fundamentação", widget=forms.Textarea)
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
