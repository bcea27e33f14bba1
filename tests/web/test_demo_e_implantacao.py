"""Carga do exemplo de demonstração e configuração de produção."""

from __future__ import annotations

import os
import subprocess
import sys
from io import StringIO
from pathlib import Path
from typing import Any

import pytest
from django.core.management import call_command

from cotas_web.candidatos.models import Candidato
from cotas_web.certames.models import Certame
from cotas_web.nomeacoes.selectors import propostas_do_motor

RAIZ = Path(__file__).resolve().parents[2]


@pytest.mark.django_db
def test_carregar_exemplo_cria_usuarios_e_o_certame_de_montenegro() -> None:
    saida = StringIO()
    call_command("carregar_exemplo", stdout=saida)
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
    call_command("carregar_exemplo", stdout=StringIO())
    saida = StringIO()
    call_command("carregar_exemplo", "--se-vazio", stdout=saida)
    assert Certame.objects.count() == 1
    assert "rh / rh-demonstracao" in saida.getvalue()
