"""Carga do exemplo de demonstração e configuração de produção."""

from __future__ import annotations

import os
import subprocess
import sys
from io import StringIO
from pathlib import Path
from typing import Any

import pytest
from django.core.management import CommandError, call_command

from cotas_web.candidatos.models import Candidato
from cotas_web.certames.models import Certame
from cotas_web.nomeacoes.selectors import propostas_do_motor

RAIZ = Path(__file__).resolve().parents[2]


@pytest.mark.django_db
def test_carregar_exemplo_cria_usuarios_e_o_certame_de_montenegro() -> None:
    saida = StringIO()
    call_command("carregar_exemplo", "--demo", stdout=saida)
    texto = saida.getvalue()
    assert "rh / rh-demonstracao" in texto
    assert "comissao / comissao-demonstracao" in texto
    assert "auditor / auditor-demonstracao" in texto
    certame = Certame.objects.get()
    assert certame.municipio == "Montenegro/RS"
    assert certame.homologado
    assert Candidato.objects.filter(certame=certame).count() > 10
    assert certame.membros_comissao.count() == 3
    propostas = propostas_do_motor(certame=certame)
    assert {p.modalidade for p in propostas} >= {"ampla", "negros"}


def test_check_deploy_limpo_em_producao(tmp_path: Any) -> None:
    ambiente = {
        **{k: v for k, v in os.environ.items() if k != "DJANGO_ALLOW_ASYNC_UNSAFE"},
        "DJANGO_SETTINGS_MODULE": "cotas_web.settings.producao",
        "DJANGO_SECRET_KEY": "x" * 20 + "-chave-de-teste-longa-e-aleatoria-9a8s7d6f5g4h3j2k1l",
        "DJANGO_ALLOWED_HOSTS": "cotas.exemplo.gov.br",
        "DATABASE_URL": f"sqlite:///{tmp_path / 'p.sqlite3'}",
    }
    r = subprocess.run(
        [sys.executable, str(RAIZ / "manage.py"), "check", "--deploy", "--fail-level", "WARNING"],
        env=ambiente, capture_output=True, text=True, check=False, cwd=RAIZ,
    )
    assert r.returncode == 0, r.stdout + r.stderr
    assert "no issues" in r.stdout


@pytest.mark.django_db
def test_carregar_exemplo_se_vazio_nao_duplica() -> None:
    call_command("carregar_exemplo", "--demo", stdout=StringIO())
    saida = StringIO()
    call_command("carregar_exemplo", "--se-vazio", "--demo", stdout=saida)
    assert Certame.objects.count() == 1
    assert "rh / rh-demonstracao" in saida.getvalue()


@pytest.mark.django_db
def test_sem_demo_o_exemplo_nao_cria_logins() -> None:
    """Logins com as senhas publicadas no README só a pedido (`--demo`)."""
    from django.contrib.auth import get_user_model

    from .conftest import criar_usuario

    with pytest.raises(CommandError, match=r"--demo .* ou --como LOGIN"):
        call_command("carregar_exemplo", stdout=StringIO())
    assert not Certame.objects.exists()
    criar_usuario("rita", "administrador")
    saida = StringIO()
    call_command("carregar_exemplo", "--como", "rita", stdout=saida)
    assert Certame.objects.count() == 1
    assert list(get_user_model().objects.values_list("username", flat=True)) == ["rita"]
    assert "demonstracao" not in saida.getvalue()


@pytest.mark.django_db
def test_demo_nunca_troca_a_senha_de_quem_ja_existe() -> None:
    from django.contrib.auth import get_user_model

    User = get_user_model()
    from cotas_web.contas.models import Perfil

    rh = User.objects.create_user("rh", password="senha-trocada-pelo-rh-2025")
    Perfil.objects.create(usuario=rh, papel="administrador")
    call_command("carregar_exemplo", "--demo", stdout=StringIO())
    rh.refresh_from_db()
    assert rh.check_password("senha-trocada-pelo-rh-2025")
    assert not rh.check_password("rh-demonstracao")
    saida = StringIO()
    call_command("carregar_exemplo", "--se-vazio", "--demo", stdout=saida)
    rh.refresh_from_db()
    assert rh.check_password("senha-trocada-pelo-rh-2025")
    assert "rh / rh-demonstracao" not in saida.getvalue()


@pytest.mark.django_db
def test_se_vazio_com_dados_nao_recria_logins_apagados() -> None:
    from django.contrib.auth import get_user_model

    call_command("carregar_exemplo", "--demo", stdout=StringIO())
    get_user_model().objects.filter(username="auditor").update(is_active=False)
    get_user_model().objects.filter(username="comissao").update(password="!")
    call_command("carregar_exemplo", "--se-vazio", "--demo", stdout=StringIO())
    auditor = get_user_model().objects.get(username="auditor")
    assert not auditor.is_active
    assert not get_user_model().objects.get(username="comissao").check_password(
        "comissao-demonstracao"
    )


def test_demo_recusada_nas_configuracoes_de_producao(tmp_path: Any) -> None:
    ambiente = {
        **{k: v for k, v in os.environ.items() if k != "DJANGO_ALLOW_ASYNC_UNSAFE"},
        "DJANGO_SETTINGS_MODULE": "cotas_web.settings.producao",
        "DJANGO_SECRET_KEY": "x" * 20 + "-chave-de-teste-longa-e-aleatoria-9a8s7d6f5g4h3j2k1l",
        "DJANGO_ALLOWED_HOSTS": "cotas.exemplo.gov.br",
        "DATABASE_URL": f"sqlite:///{tmp_path / 'p.sqlite3'}",
    }
    r = subprocess.run(
        [sys.executable, str(RAIZ / "manage.py"), "carregar_exemplo", "--demo"],
        env=ambiente, capture_output=True, text=True, check=False, cwd=RAIZ,
    )
    assert r.returncode != 0
    assert "produção" in r.stderr and "--demo" in r.stderr
    assert "rh-demonstracao" not in r.stdout + r.stderr


def test_make_run_pede_os_logins_de_demonstracao_so_nas_configuracoes_de_demonstracao() -> None:
    script = (RAIZ / "scripts" / "web.sh").read_text(encoding="utf-8")
    assert "carregar_exemplo --se-vazio --demo" in script
    assert "cotas_web.settings.demonstracao" in script


@pytest.mark.django_db
def test_logins_de_demonstracao_entram_no_certame_do_exemplo(client: Any) -> None:
    """RH e auditor são por certame: o exemplo designa os de demonstração para o seu certame."""
    from django.contrib.auth import get_user_model
    from django.urls import reverse

    call_command("carregar_exemplo", "--demo", stdout=StringIO())
    certame = Certame.objects.get()
    for login, rota in (("rh", "nomeacoes:painel"), ("auditor", "candidatos:lista"),
                        ("comissao", "comissao:painel")):
        client.force_login(get_user_model().objects.get(username=login))
        assert client.get(reverse(rota, args=[certame.pk])).status_code == 200, login
        assert certame.nome in client.get(reverse("certames:inicio")).content.decode()
