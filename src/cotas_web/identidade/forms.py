from __future__ import annotations

from typing import Any

from django import forms

from .models import Orgao

# Imagens que o navegador mostra sem risco (SVG pode ter script: fica de fora).
TIPOS_DO_BRASAO = {"image/png", "image/jpeg", "image/webp"}
TAMANHO_MAXIMO = 512 * 1024


class OrgaoForm(forms.ModelForm[Orgao]):
    arquivo_brasao = forms.FileField(
        label="Brasão",
        required=False,
        help_text="Imagem PNG, JPEG ou WebP de até 512 KB; fica no cabeçalho de todas as páginas.",
    )
    remover_brasao = forms.BooleanField(label="Remover o brasão atual", required=False)
    sitio = forms.URLField(label="Sítio oficial", required=False, assume_scheme="https")
    ouvidoria_url = forms.URLField(
        label="Endereço da ouvidoria na internet", required=False, assume_scheme="https"
    )

    class Meta:
        model = Orgao
        fields = (
            "nome",
            "subordinacao",
            "endereco",
            "telefone",
            "email",
            "sitio",
            "ouvidoria",
            "ouvidoria_url",
            "aviso_privacidade",
        )

    def clean_arquivo_brasao(self) -> Any:
        arquivo = self.cleaned_data.get("arquivo_brasao")
        if arquivo is None:
            return None
        if arquivo.content_type not in TIPOS_DO_BRASAO:
            raise forms.ValidationError(
                f"O brasão tem de ser uma imagem PNG, JPEG ou WebP (veio “{arquivo.name}”)."
            )
        if arquivo.size > TAMANHO_MAXIMO:
            raise forms.ValidationError(
                f"O brasão tem {arquivo.size // 1024} KB; o máximo é 512 KB."
            )
        return arquivo

    def save(self, commit: bool = True) -> Orgao:
        orgao: Orgao = super().save(commit=False)
        arquivo = self.cleaned_data.get("arquivo_brasao")
        if self.cleaned_data.get("remover_brasao"):
            orgao.brasao, orgao.brasao_tipo = None, ""
        elif arquivo is not None:
            orgao.brasao, orgao.brasao_tipo = arquivo.read(), arquivo.content_type
        if commit:
            orgao.save()
        return orgao
