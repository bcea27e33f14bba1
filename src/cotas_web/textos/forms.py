from __future__ import annotations

from django import forms

from cotas.documentos.atos import CAMPOS


class ModeloForm(forms.Form):
    titulo = forms.CharField(label="Título", max_length=300)
    corpo = forms.CharField(
        label="Texto",
        widget=forms.Textarea(attrs={"rows": 12}),
        help_text="Parágrafos separados por uma linha em branco. Campos: "
        + "; ".join(f"${c} ({d})" for c, d in CAMPOS.items())
        + ".",
    )
    signatario_nome = forms.CharField(label="Nome de quem assina", max_length=200, required=False)
    signatario_cargo = forms.CharField(
        label="Cargo de quem assina",
        max_length=200,
        required=False,
        help_text="Ex.: Prefeito Municipal; Presidente da Comissão.",
    )


class NumeroDoAtoForm(forms.Form):
    """O número e a data do edital que o órgão vai publicar (em branco: o texto os deixa para
    preencher no DOCX)."""

    numero = forms.CharField(label="Nº do edital", max_length=60, required=False)
    data_do_ato = forms.DateField(
        label="Data", required=False, widget=forms.DateInput(attrs={"type": "date"})
    )
