"""Envio de arquivos pela tela com limites (issue 15, achado 6): tamanho máximo dito na
mensagem, prévia com dados pessoais só para o dono do processo (0600) e apagada depois de um
dia (`limpar_previas`, chamado também a cada envio)."""

from __future__ import annotations

import os
import stat
import time
from io import StringIO
from pathlib import Path
from typing import Any

from django.conf import settings
from django.core.files.uploadedfile import SimpleUploadedFile
from django.core.management import call_command
from django.urls import reverse

from cotas_web.candidatos.models import Candidato
from tests.web.conftest import csv_candidatos, entrar


def _pasta() -> Path:
    return Path(settings.ARQUIVOS_PRIVADOS) / "importacoes"


def test_arquivo_maior_que_o_limite_e_recusado(
    client: Any, certame: Any, rita: Any, settings: Any
) -> None:
    settings.COTAS_IMPORTACAO_MAX_BYTES = 1000
    entrar(client, rita)
    conteudo = csv_candidatos().encode() + b"\n" * 2000
    arquivo = SimpleUploadedFile("grande.csv", conteudo, "text/csv")
    # (a pasta é do processo de testes: outros testes podem ter deixado prévias nela)
    antes = set(_pasta().glob("*")) if _pasta().is_dir() else set()
    resposta = client.post(reverse("candidatos:importar", args=[certame.pk]), {"arquivo": arquivo})
    html = resposta.content.decode()
    assert resposta.status_code == 200
    assert "passa do limite" in html and "1.000 bytes" in html
    assert resposta.context.get("previa") is None
    depois = set(_pasta().glob("*")) if _pasta().is_dir() else set()
    assert depois == antes  # nada gravado por este envio
    assert Candidato.objects.count() == 0


def test_previa_so_para_o_dono_e_apagada_na_confirmacao(
    client: Any, certame: Any, rita: Any
) -> None:
    entrar(client, rita)
    url = reverse("candidatos:importar", args=[certame.pk])
    arquivo = SimpleUploadedFile("resultado.csv", csv_candidatos().encode(), "text/csv")
    resposta = client.post(url, {"arquivo": arquivo})
    token = resposta.context["token"]
    previas = list(_pasta().glob(f"{token}*"))
    assert len(previas) == 1
    assert stat.S_IMODE(previas[0].stat().st_mode) == 0o600
    client.post(url, {"token": token})
    assert not previas[0].exists()


def test_limpar_previas_apaga_as_de_mais_de_um_dia(db: Any) -> None:
    _pasta().mkdir(parents=True, exist_ok=True)
    velha = _pasta() / "velha.csv"
    nova = _pasta() / "nova.csv"
    velha.write_text("dados pessoais", encoding="utf-8")
    nova.write_text("dados pessoais", encoding="utf-8")
    ontem = time.time() - 25 * 3600
    os.utime(velha, (ontem, ontem))
    saida = StringIO()
    call_command("limpar_previas", stdout=saida)
    assert not velha.exists() and nova.exists()
    assert "1 prévia" in saida.getvalue()


def test_envio_tambem_limpa_as_previas_velhas(client: Any, certame: Any, rita: Any) -> None:
    _pasta().mkdir(parents=True, exist_ok=True)
    velha = _pasta() / "esquecida.xlsx"
    velha.write_bytes(b"x")
    ontem = time.time() - 25 * 3600
    os.utime(velha, (ontem, ontem))
    entrar(client, rita)
    arquivo = SimpleUploadedFile("resultado.csv", csv_candidatos().encode(), "text/csv")
    client.post(reverse("candidatos:importar", args=[certame.pk]), {"arquivo": arquivo})
    assert not velha.exists()


def test_planilha_inflada_e_recusada_pela_tela(client: Any, certame: Any, rita: Any) -> None:
    """A bomba da sonda (issue 23) enviada pela tela: recusada com a mensagem em português,
    sem a biblioteca de planilhas abrir a aba inflada, e nada gravado."""
    from tests.robustez.test_arquivos_hostis_cli import xlsx_inflado

    entrar(client, rita)
    arquivo = SimpleUploadedFile("bomba.xlsx", xlsx_inflado(40, "A1:O2"))
    resposta = client.post(reverse("candidatos:importar", args=[certame.pk]), {"arquivo": arquivo})
    html = resposta.content.decode()
    assert resposta.status_code == 200
    assert "declara 2 linha(s) × 15 coluna(s)" in html and "não é uma lista de candidatos" in html
    assert Candidato.objects.count() == 0
