"""Contas e cabeçalhos sob ataque (issue 15, achados 8 e 10 e os de gravidade baixa): senha
adivinhada, chave de desenvolvimento em produção, Host forjado, CSP, cache e logs."""

from __future__ import annotations

import base64
import hashlib
import logging
import os
import re
import subprocess
import sys
from io import StringIO
from pathlib import Path
from typing import Any

import pytest
from django.test import Client, override_settings
from django.urls import reverse

from tests.web.conftest import SENHA, entrar

RAIZ = Path(__file__).resolve().parents[2]
pytestmark = pytest.mark.django_db


def _tentar(client: Any, login: str, senha: str) -> Any:
    return client.post(reverse("contas:entrar"), {"username": login, "password": senha})


def test_senha_certa_e_recusada_depois_de_5_erradas(rita: Any) -> None:
    client = Client()
    for _ in range(5):
        r = _tentar(client, "rita", "errada-errada")
        assert "_auth_user_id" not in client.session
    r = _tentar(client, "rita", SENHA)
    assert r.status_code == 429
    assert "_auth_user_id" not in client.session
    texto = r.content.decode()
    assert "Acesso bloqueado" in texto and "15 minutos" in texto
    # O bloqueio é do par usuário + endereço: outro usuário do mesmo endereço entra.
    from tests.web.conftest import criar_usuario

    criar_usuario("outra", None)
    r = _tentar(Client(), "outra", SENHA)
    assert r.status_code == 302


def test_senha_certa_antes_do_limite_entra_e_zera(rita: Any) -> None:
    client = Client()
    for _ in range(4):
        _tentar(client, "rita", "errada-errada")
    assert _tentar(client, "rita", SENHA).status_code == 302
    client.logout()
    for _ in range(4):
        _tentar(client, "rita", "errada-errada")
    assert _tentar(client, "rita", SENHA).status_code == 302


CHAVE_AUDITORIA = "a" * 16 + "-chave-de-auditoria-de-teste-longa"


def _django_em_producao(
    chave: str | None, tmp_path: Path, chave_auditoria: str | None = CHAVE_AUDITORIA
) -> subprocess.CompletedProcess[str]:
    ambiente = {
        k: v
        for k, v in os.environ.items()
        if k not in ("DJANGO_ALLOW_ASYNC_UNSAFE", "DJANGO_SECRET_KEY", "COTAS_CHAVE_AUDITORIA")
    }
    ambiente |= {
        "DJANGO_SETTINGS_MODULE": "cotas_web.settings.producao",
        "DJANGO_ALLOWED_HOSTS": "cotas.exemplo.gov.br",
        "DATABASE_URL": f"sqlite:///{tmp_path / 'p.sqlite3'}",
    }
    if chave is not None:
        ambiente["DJANGO_SECRET_KEY"] = chave
    if chave_auditoria is not None:
        ambiente["COTAS_CHAVE_AUDITORIA"] = chave_auditoria
    return subprocess.run(
        [sys.executable, str(RAIZ / "manage.py"), "check"],
        env=ambiente,
        capture_output=True,
        text=True,
        check=False,
        cwd=RAIZ,
    )


@pytest.mark.parametrize(
    ("chave", "motivo"),
    [
        ("desenvolvimento-apenas-nunca-em-producao-9f3c2b7e1a", "chave de desenvolvimento"),
        ("", "está vazia"),
        (None, "está vazia"),
        ("curta-demais", "curta demais"),
    ],
)
def test_producao_recusa_a_chave_de_desenvolvimento(
    chave: str | None, motivo: str, tmp_path: Path
) -> None:
    r = _django_em_producao(chave, tmp_path)
    assert r.returncode != 0
    assert "ImproperlyConfigured" in r.stderr and "DJANGO_SECRET_KEY" in r.stderr
    assert motivo in r.stderr


def test_producao_aceita_uma_chave_propria(tmp_path: Path) -> None:
    r = _django_em_producao(
        "k" * 10 + "-chave-propria-e-longa-0123456789abcdefghijklmnop", tmp_path
    )
    assert r.returncode == 0, r.stderr


CHAVE_PROPRIA = "k" * 10 + "-chave-propria-e-longa-0123456789abcdefghijklmnop"


@pytest.mark.parametrize(
    ("chave_auditoria", "motivo"),
    [
        ("chave-de-desenvolvimento-da-auditoria-publica-nao-prova-nada", "desenvolvimento"),
        ("", "está vazia"),
        (None, "está vazia"),
        ("curta-demais-0123456789abcdefg", "curta demais"),
        (CHAVE_PROPRIA, "mesma do DJANGO_SECRET_KEY"),
    ],
)
def test_producao_exige_a_chave_propria_da_auditoria(
    chave_auditoria: str | None, motivo: str, tmp_path: Path
) -> None:
    """O selo do registro de auditoria (HMAC) precisa de uma chave fora do banco (issue 23)."""
    r = _django_em_producao(CHAVE_PROPRIA, tmp_path, chave_auditoria)
    assert r.returncode != 0
    assert "ImproperlyConfigured" in r.stderr and "COTAS_CHAVE_AUDITORIA" in r.stderr
    assert motivo in r.stderr


def test_host_forjado_da_400_e_nao_500() -> None:
    with override_settings(ALLOWED_HOSTS=["cotas.exemplo.gov.br"]):
        client = Client(raise_request_exception=False)
        r = client.get("/", HTTP_HOST="atacante.exemplo")
        assert r.status_code == 400
        assert "Pedido inválido" in r.content.decode()
        assert client.get("/", HTTP_HOST="cotas.exemplo.gov.br").status_code == 200


def test_csp_sem_unsafe_inline_em_toda_pagina(client: Any, certame: Any, rita: Any) -> None:
    for url in ("/", reverse("contas:entrar")):
        politica = client.get(url)["Content-Security-Policy"]
        assert "default-src 'none'" in politica and "script-src 'self'" in politica
        assert "unsafe-inline" not in politica and "unsafe-eval" not in politica
    entrar(client, rita)
    r = client.get(reverse("certames:detalhe", args=[certame.pk]))
    assert "frame-ancestors 'none'" in r["Content-Security-Policy"]


def test_templates_sem_script_nem_estilo_embutido() -> None:
    """A CSP recusa script e estilo embutidos: nenhum template os usa."""
    embutido = re.compile(r"<script(?![^>]*\bsrc=)|<style|\sstyle=|\son[a-z]+=", re.IGNORECASE)
    achados = [
        f"{t.relative_to(RAIZ)}: {m.group()}"
        for t in (RAIZ / "src" / "cotas_web").rglob("*.html")
        for m in embutido.finditer(t.read_text(encoding="utf-8"))
    ]
    assert achados == []


def test_documento_html_publicado_tem_o_estilo_liberado_pela_csp(
    client: Any, certame_homologado: Any
) -> None:
    r = client.get(reverse("publico:baixar", args=[certame_homologado.pk, "listas", "html"]))
    assert r.status_code == 200
    estilos = re.findall(r"<style>(.*?)</style>", r.content.decode(), re.DOTALL)
    assert estilos
    for estilo in estilos:
        digest = base64.b64encode(hashlib.sha256(estilo.encode()).digest()).decode()
        assert f"'sha256-{digest}'" in r["Content-Security-Policy"]


def test_no_store_nas_telas_da_equipe_e_na_consulta(
    client: Any, certame_homologado: Any, rita: Any
) -> None:
    pk = certame_homologado.pk
    consulta = client.get(reverse("publico:consulta", args=[pk]), {"inscricao": "1002"})
    assert "no-store" in consulta["Cache-Control"]
    assert "no-store" not in client.get("/").get("Cache-Control", "")
    entrar(client, rita)
    for url in (
        "/",
        reverse("candidatos:lista", args=[pk]),
        reverse("certames:historico", args=[pk]),
    ):
        assert "no-store" in client.get(url)["Cache-Control"], url


@override_settings(ROOT_URLCONF="tests.robustez.urls_com_erro")
def test_erro_500_vai_ao_log_com_o_id_do_pedido_e_o_traceback() -> None:
    saida = StringIO()
    manipulador = next(
        h for h in logging.getLogger("django").handlers if isinstance(h, logging.StreamHandler)
    )
    antiga = manipulador.setStream(saida)
    try:
        r = Client(raise_request_exception=False).get("/_falha/")
        inexistente = Client().get("/nao-existe/")
    finally:
        manipulador.setStream(antiga)
    assert r.status_code == 500
    id_pedido = r["X-Request-ID"]
    log = saida.getvalue()
    assert f"[pedido {id_pedido}]" in log
    assert "Traceback" in log and "falha de propósito no teste" in log
    # Também as respostas de erro que o Django registra depois dos middlewares (404, 429...).
    assert inexistente.status_code == 404
    assert f"[pedido {inexistente['X-Request-ID']}] django.request: Not Found" in log


def test_cada_pedido_tem_um_id(client: Any) -> None:
    a, b = client.get("/")["X-Request-ID"], client.get("/")["X-Request-ID"]
    assert a and b and a != b
    assert client.get("/", HTTP_X_REQUEST_ID="proxy-123")["X-Request-ID"] == "proxy-123"
    forjado = client.get("/", HTTP_X_REQUEST_ID="x\x01<script>")["X-Request-ID"]
    assert re.fullmatch(r"[0-9a-f]{16}", forjado)
