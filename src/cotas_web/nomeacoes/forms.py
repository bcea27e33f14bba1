from django import forms

from cotas.arquivos.limites import VAGAS_POR_CARGO
from cotas_web.certames.forms import VAGAS_DEMAIS
from cotas_web.certames.models import Cargo
from cotas_web.comum import TEXTO_LIVRE_MAXIMO, CampoData, FormularioDeUmaVez
from cotas_web.rotulos import numero_da_portaria

from .models import MotivoDaSaida


class OfertaEditalForm(forms.Form):
    data = CampoData(label="Data da oferta")  # type: ignore[assignment]


class NovasVagasForm(FormularioDeUmaVez):
    cargo = forms.ModelChoiceField(
        label="Cargo", queryset=Cargo.objects.none(), empty_label="Escolha o cargo"
    )
    data = CampoData(label="Data")  # type: ignore[assignment]
    quantidade = forms.IntegerField(
        label="Quantidade de novas vagas",
        min_value=1,
        max_value=VAGAS_POR_CARGO,
        error_messages=VAGAS_DEMAIS,
    )
    justificativa = forms.CharField(
        label="Justificativa", widget=forms.Textarea, max_length=TEXTO_LIVRE_MAXIMO
    )

    def __init__(self, *args: object, cargos: object, **kwargs: object) -> None:
        super().__init__(*args, **kwargs)
        self.fields["cargo"].queryset = cargos  # type: ignore[attr-defined]


class ConfirmarForm(forms.Form):
    inscricao = forms.CharField(widget=forms.HiddenInput)
    portaria = forms.CharField(label="Nº da portaria", max_length=60)
    data_portaria = CampoData(label="Data da portaria")

    def clean_portaria(self) -> str:
        return _numero_da_portaria(self.cleaned_data["portaria"])


class ConfirmarLoteForm(FormularioDeUmaVez):
    quantidade = forms.IntegerField(label="Quantas nomeações", min_value=1)
    portaria = forms.CharField(label="Nº da portaria", max_length=60)
    data_portaria = CampoData(label="Data da portaria")

    def clean_portaria(self) -> str:
        return _numero_da_portaria(self.cleaned_data["portaria"])


def _numero_da_portaria(texto: str) -> str:
    """O número sem o "Portaria nº" que às vezes se digita: a página de confirmação e o ato
    escrevem "Portaria nº" uma vez só."""
    numero = numero_da_portaria(texto)
    if not numero:
        raise forms.ValidationError("Informe o número da portaria (ex.: 101/2026).")
    return numero


class DataForm(forms.Form):
    data = CampoData(label="Data")  # type: ignore[assignment]


class DesistenciaForm(forms.Form):
    data = CampoData(label="Data")  # type: ignore[assignment]
    motivo = forms.ChoiceField(
        label="Motivo",
        choices=MotivoDaSaida.choices,
    )
    observacao = forms.CharField(label="Observação", required=False)


class FinalDeFilaForm(forms.Form):
    data = CampoData(label="Data do pedido")  # type: ignore[assignment]
    observacao = forms.CharField(label="Observação", required=False)
