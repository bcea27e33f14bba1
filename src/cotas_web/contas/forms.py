"""Os formulários de quem administra o sistema (usuários, papéis, designações)."""

from __future__ import annotations

from typing import Any

from django import forms
from django.contrib.auth.forms import PasswordResetForm

from .models import Papel

PAPEIS = [("", "— sem papel por enquanto —"), *Papel.choices]


class UsuarioForm(forms.Form):
    nome = forms.CharField(
        label="Nome completo", max_length=300, help_text="Como aparece no histórico de auditoria."
    )
    login = forms.CharField(
        label="Login", max_length=150, help_text="Com o que a pessoa entra no sistema (ex.: marta)."
    )
    email = forms.EmailField(
        label="E-mail",
        required=False,
        help_text="Para “Esqueci minha senha”: sem e-mail, só você redefine a senha dela.",
    )
    papel = forms.ChoiceField(label="Papel", choices=PAPEIS, required=False)
    senha = forms.CharField(
        label="Senha provisória",
        strip=False,
        widget=forms.PasswordInput(attrs={"autocomplete": "new-password"}),
        help_text="Entregue-a à pessoa; ela a troca em “Trocar senha” depois de entrar. No "
        "mínimo 10 caracteres, não só números.",
    )
    senha_confirmacao = forms.CharField(
        label="Senha provisória de novo",
        strip=False,
        widget=forms.PasswordInput(attrs={"autocomplete": "new-password"}),
    )

    def clean(self) -> dict[str, Any]:
        dados = super().clean() or {}
        senha, confirmacao = dados.get("senha"), dados.get("senha_confirmacao")
        if senha and confirmacao and senha != confirmacao:
            self.add_error("senha_confirmacao", "As duas senhas digitadas não são iguais.")
        return dados


class PapelForm(forms.Form):
    papel = forms.ChoiceField(label="Papel", choices=Papel.choices)


class DesignarForm(forms.Form):
    certame = forms.ChoiceField(label="Certame")

    def __init__(self, *args: Any, certames: list[tuple[int, str]], **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["certame"].choices = [  # type: ignore[attr-defined]
            ("", "— escolha o certame —"),
            *certames,
        ]


class DesativarForm(forms.Form):
    motivo = forms.CharField(
        label="Motivo da desativação", max_length=500, help_text="Ex.: deixou o RH; aposentadoria."
    )


class SenhaProvisoriaForm(forms.Form):
    senha = forms.CharField(
        label="Senha provisória nova",
        strip=False,
        widget=forms.PasswordInput(attrs={"autocomplete": "new-password"}),
        help_text="Para quem esqueceu a senha e não recebe o e-mail. Entregue-a à pessoa; ela a "
        "troca depois de entrar.",
    )
    senha_confirmacao = forms.CharField(
        label="Senha provisória nova de novo",
        strip=False,
        widget=forms.PasswordInput(attrs={"autocomplete": "new-password"}),
    )

    def clean(self) -> dict[str, Any]:
        dados = super().clean() or {}
        senha, confirmacao = dados.get("senha"), dados.get("senha_confirmacao")
        if senha and confirmacao and senha != confirmacao:
            self.add_error("senha_confirmacao", "As duas senhas digitadas não são iguais.")
        return dados


class DadosForm(forms.Form):
    nome = forms.CharField(label="Nome completo", max_length=300)
    email = forms.EmailField(
        label="E-mail", required=False, help_text="Para “Esqueci minha senha”."
    )


class EsqueciForm(PasswordResetForm):
    """O formulário do Django, com o rótulo como o resto do sistema o escreve."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["email"].label = "E-mail"
        self.fields["email"].help_text = "O e-mail cadastrado no seu usuário."
