"""Esqueci minha senha (por e-mail, com as views do Django em português) e a troca da senha pelo
próprio usuário (issue 21); cada troca fica no registro, nunca a senha."""

from __future__ import annotations

import re
from typing import Any

import pytest
from django.core import mail
from django.urls import reverse

from cotas_web.auditoria.models import Registro

from .conftest import SENHA, entrar

pytestmark = pytest.mark.django_db

NOVA = "outra-senha-bem-longa-77"


def _entra(client: Any, login: str, senha: str) -> bool:
    client.logout()
    resposta = client.post(reverse("contas:entrar"), {"username": login, "password": senha})
    return resposta.status_code == 302 and "_auth_user_id" in client.session


def test_entrar_oferece_esqueci_minha_senha(client: Any) -> None:
    html = client.get(reverse("contas:entrar")).content.decode()
    assert reverse("contas:senha_esqueci") in html and "Esqueci minha senha" in html


def test_redefinicao_por_email(client: Any, rita: Any) -> None:
    rita.email = "rita@exemplo.gov.br"
    rita.save()
    pagina = client.get(reverse("contas:senha_esqueci")).content.decode()
    assert "Esqueci minha senha" in pagina and 'lang="pt-BR"' in pagina
    resposta = client.post(reverse("contas:senha_esqueci"), {"email": "rita@exemplo.gov.br"})
    assert resposta.status_code == 302
    assert resposta["Location"] == reverse("contas:senha_enviada")
    assert "Verifique o seu e-mail" in client.get(resposta["Location"]).content.decode()
    assert len(mail.outbox) == 1
    mensagem = mail.outbox[0]
    assert mensagem.to == ["rita@exemplo.gov.br"]
    assert "Redefinição de senha" in mensagem.subject
    assert "login rita" in mensagem.body
    link = re.search(r"https?://[^/\s]+(/senha/nova/\S+/)", str(mensagem.body))
    assert link is not None
    # O link leva à página da senha nova (o Django troca o token por um endereço de sessão).
    formulario = client.get(link.group(1), follow=True)
    html = formulario.content.decode()
    assert "Senha nova" in html and "Nova senha" in html  # os rótulos do Django, em português
    destino = formulario.redirect_chain[-1][0] if formulario.redirect_chain else link.group(1)
    # Senhas diferentes: o erro em português, na mesma página.
    erro = client.post(destino, {"new_password1": NOVA, "new_password2": NOVA + "x"})
    assert "Os dois campos de senha não correspondem." in erro.content.decode()
    fim = client.post(destino, {"new_password1": NOVA, "new_password2": NOVA})
    assert fim.status_code == 302 and fim["Location"] == reverse("contas:senha_redefinida")
    assert "Senha redefinida" in client.get(fim["Location"]).content.decode()
    assert _entra(client, "rita", NOVA)
    assert not _entra(client, "rita", SENHA)
    registro = Registro.objects.get(acao="senha_redefinida")
    assert registro.certame_id is None and NOVA not in registro.descricao
    # O link serve uma vez só.
    client.logout()
    de_novo = client.get(link.group(1), follow=True).content.decode()
    assert "Este link não vale mais" in de_novo


def test_email_desconhecido_nao_envia_nem_revela(client: Any, rita: Any) -> None:
    resposta = client.post(reverse("contas:senha_esqueci"), {"email": "ninguem@exemplo.gov.br"})
    assert resposta.status_code == 302  # a mesma resposta: não diz se o e-mail existe
    assert mail.outbox == []


def test_usuario_desativado_nao_recebe_o_link(client: Any, rita: Any) -> None:
    rita.email, rita.is_active = "rita@exemplo.gov.br", False
    rita.save()
    client.post(reverse("contas:senha_esqueci"), {"email": "rita@exemplo.gov.br"})
    assert mail.outbox == []


def test_troca_da_propria_senha(client: Any, carlos: Any, sem_papel: Any) -> None:
    assert client.get(reverse("contas:senha_trocar")).status_code == 302  # sem login
    for quem in (carlos, sem_papel):  # qualquer papel, ou nenhum
        entrar(client, quem)
        assert client.get(reverse("contas:senha_trocar")).status_code == 200
    entrar(client, carlos)
    html = client.get(reverse("certames:inicio")).content.decode()
    assert reverse("contas:senha_trocar") in html
    errada = client.post(
        reverse("contas:senha_trocar"),
        {"old_password": "nao-e-esta", "new_password1": NOVA, "new_password2": NOVA},
    )
    assert "A senha antiga foi digitada incorretamente" in errada.content.decode()
    certa = client.post(
        reverse("contas:senha_trocar"),
        {"old_password": SENHA, "new_password1": NOVA, "new_password2": NOVA},
    )
    assert certa.status_code == 302 and certa["Location"] == reverse("contas:senha_trocada")
    assert "Senha trocada" in client.get(certa["Location"]).content.decode()
    carlos.refresh_from_db()
    assert carlos.check_password(NOVA)
    assert Registro.objects.filter(acao="senha_trocada", usuario=carlos).count() == 1
