from django import forms

from cotas_web.certames.models import Cargo
from cotas_web.comum import CampoData, FormularioDeUmaVez


class OfertaEditalForm(forms.Form):
    data = CampoData(label="Data da oferta")  # type: ignore[assignment]


class NovasVagasForm(FormularioDeUmaVez):
    cargo = forms.ModelChoiceField(label="Cargo", queryset=Cargo.objects.none())
    data = CampoData(label="Data")  # type: ignore[assignment]
    quantidade = forms.IntegerField(label="Quantidade de novas vagas", min_value=1)
    justificativa = forms.CharField(label="Justificativa", widget=forms.Textarea)

    def __init__(self, *args: object, cargos: object, **kwargs: object) -> None:
        super().__init__(*args, **kwargs)
        self.fields["cargo"].queryset = cargos  # type: ignore[attr-defined]


class ConfirmarForm(forms.Form):
    inscricao = forms.CharField(widget=forms.HiddenInput)
    portaria = forms.CharField(label="Nº da portaria", max_length=60)
    data_portaria = CampoData(label="Data da portaria")


class ConfirmarLoteForm(FormularioDeUmaVez):
    quantidade = forms.IntegerField(label="Quantas nomeações", min_value=1)
    portaria = forms.CharField(label="Nº da portaria", max_length=60)
    data_portaria = CampoData(label="Data da portaria")


class DataForm(forms.Form):
    data = CampoData(label="Data")  # type: ignore[assignment]


class DesistenciaForm(forms.Form):
    data = CampoData(label="Data")  # type: ignore[assignment]
    motivo = forms.ChoiceField(
        label="Motivo",
        choices=[("desistencia", "Desistência"), ("sem_posse", "Prazo de posse esgotado")],
    )
    observacao = forms.CharField(label="Observação", required=False)


class FinalDeFilaForm(forms.Form):
    data = CampoData(label="Data do pedido")  # type: ignore[assignment]
    observacao = forms.CharField(label="Observação", required=False)

