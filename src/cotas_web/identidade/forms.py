from __future__ import annotations

from typing import TYPE_CHECKING, Any

from django import forms

from .models import Orgao

# Imagens que o navegador mostra sem risco (SVG pode ter script: fica de fora), conferidas pelos
# primeiros bytes do arquivo, não pelo tipo que o navegador declara.
TIPOS_DO_BRASAO = {"image/png", "image/jpeg", "image/webp"}


def tipo_da_imagem(inicio: bytes) -> str | None:
    if inicio.startswith(b"\x89PNG\r\n\x1a\n"):
        return "image/png"
    if inicio.startswith(b"\xff\xd8\xff"):
        return "image/jpeg"
    if inicio[:4] == b"RIFF" and inicio[8:12] == b"WEBP":
        return "image/webp"
    return None


TAMANHO_MAXIMO = 512 * 1024


# (O ModelForm é genérico só para o mypy; em execução não aceita o parâmetro.)
if TYPE_CHECKING:
    _FormDoModelo = forms.ModelForm[Orgao]
else:
    _FormDoModelo = forms.ModelForm


class OrgaoForm(_FormDoModelo):
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
        inicio = arquivo.read(16)
        arquivo.seek(0)
        if arquivo.content_type not in TIPOS_DO_BRASAO or tipo_da_imagem(inicio) is None:
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
            conteudo = arquivo.read()
            orgao.brasao, orgao.brasao_tipo = conteudo, tipo_da_imagem(conteudo) or ""
        if commit:
            orgao.save()
        return orgao
