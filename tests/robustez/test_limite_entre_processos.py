"""O limite de pedidos pesados por cliente vale entre os processos do servidor de verdade (issue
23, item 6): um gunicorn com dois processos síncronos, no PostgreSQL do teste. Com limite 1,
um download em curso num processo faz o outro processo recusar (429) o segundo download do
mesmo endereço, e uma consulta por inscrição é atendida enquanto isso. Antes, contado na memória
de cada processo, o limite nunca disparava.

O download fica em curso sem depender do relógio: o teste segura a trava do certame (a linha,
FOR UPDATE), que a geração do arquivo pede ao gravar o registro de auditoria da publicação; só
a solta depois de conferir o resto."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.request
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit, urlunsplit

import pytest
from django.db import connection, transaction
from django.urls import reverse

from cotas.documentos.pdf import pdf_disponivel
from cotas_web.candidatos.models import Candidato
from cotas_web.certames.models import Certame
from cotas_web.tarefas.models import PedidoPesado
from tests.web.conftest import (  # noqa: F401  (fixtures partilhadas)
    ana,
    arquivo_csv,
    carlos,
    certame,
    certame_com_candidatos,
    certame_homologado,
    comissao_composta,
    rita,
    sessao,
)

pytestmark = [
    pytest.mark.postgres,
    pytest.mark.django_db(transaction=True),
    pytest.mark.skipif(not pdf_disponivel(), reason="sem WeasyPrint para o PDF"),
]

RAIZ = Path(__file__).resolve().parents[2]


def _porta_livre() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _url_do_banco_de_teste() -> str:
    """A DATABASE_URL do ambiente apontada para o banco do teste (o que o pytest criou)."""
    partes = urlsplit(os.environ["DATABASE_URL"])
    return urlunsplit(partes._replace(path="/" + str(connection.settings_dict["NAME"])))


def _pedir(url: str) -> tuple[int, bytes]:
    try:
        with urllib.request.urlopen(url, timeout=120) as r:  # (só o servidor local do teste)
            return int(r.status), bytes(r.read())
    except urllib.error.HTTPError as erro:
        return int(erro.code), bytes(erro.read())


@pytest.fixture
def servidor(tmp_path: Path) -> Any:
    """gunicorn com 2 processos síncronos em 127.0.0.1, no banco do teste, limite 1 por
    cliente; parado ao fim."""
    if connection.vendor != "postgresql":
        pytest.skip("dois processos partilham o banco só no PostgreSQL")
    porta = _porta_livre()
    ambiente = {
        **os.environ,
        "DATABASE_URL": _url_do_banco_de_teste(),
        "DJANGO_SETTINGS_MODULE": "cotas_web.settings.teste",
        "COTAS_PEDIDOS_PESADOS_POR_CLIENTE": "1",
        "PYTHONPATH": str(RAIZ / "src") + os.pathsep + os.environ.get("PYTHONPATH", ""),
    }
    log = (tmp_path / "gunicorn.log").open("wb")
    processo = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "gunicorn",
            "cotas_web.wsgi:application",
            "--workers",
            "2",
            "--preload",  # (as configurações de teste, com a pasta dos arquivos, uma vez só)
            "--bind",
            f"127.0.0.1:{porta}",
            "--timeout",
            "120",
        ],
        env=ambiente,
        cwd=RAIZ,
        stdout=log,
        stderr=log,
    )
    base = f"http://127.0.0.1:{porta}"
    try:
        for _ in range(600):  # (até 60 s para subir)
            try:
                with socket.create_connection(("127.0.0.1", porta), timeout=1):
                    break
            except OSError:
                assert processo.poll() is None, (tmp_path / "gunicorn.log").read_text()
                time.sleep(0.1)
        yield base
    finally:
        processo.terminate()
        try:
            processo.wait(timeout=30)
        except subprocess.TimeoutExpired:
            processo.kill()
        log.close()


def test_limite_por_cliente_partilhado_por_dois_processos(
    certame_homologado: Any, servidor: str
) -> None:
    pk = certame_homologado.pk
    inscricao = Candidato.objects.filter(certame=certame_homologado).first().inscricao  # type: ignore[union-attr]
    consulta = f"{servidor}{reverse('publico:consulta', args=[pk])}?inscricao={inscricao}"
    assert _pedir(consulta)[0] == 200  # (a consulta da versão atual já montada)
    pdf = servidor + reverse("publico:baixar", args=[pk, "listas", "pdf"])
    xlsx = servidor + reverse("publico:baixar", args=[pk, "listas", "xlsx"])
    primeiro: list[tuple[int, bytes]] = []
    baixando = threading.Thread(target=lambda: primeiro.append(_pedir(pdf)))
    with transaction.atomic():
        # A trava do certame: o primeiro download gera o PDF e fica esperando por ela.
        list(Certame.objects.select_for_update().filter(pk=pk).values("pk"))
        baixando.start()
        for _ in range(1200):  # (até o primeiro download reservar a sua vaga, num processo)
            if PedidoPesado.objects.filter(cliente="127.0.0.1").exists():
                break
            time.sleep(0.05)
        assert PedidoPesado.objects.filter(cliente="127.0.0.1").count() == 1
        # O outro processo (o primeiro está ocupado) recusa o segundo download deste endereço.
        codigo, corpo = _pedir(xlsx)
        assert codigo == 429, corpo[:300]
        assert "Muitos pedidos ao mesmo tempo" in corpo.decode()
        # ... e atende a consulta por inscrição no meio da rajada.
        codigo, corpo = _pedir(consulta)
        assert codigo == 200 and f"Inscrição {inscricao}" in corpo.decode()
        assert primeiro == []  # (o primeiro ainda em curso, segurado pela trava)
    baixando.join(120)
    assert [c for c, _ in primeiro] == [200]
    assert primeiro[0][1].startswith(b"%PDF")
    assert not PedidoPesado.objects.exists()  # (a vaga devolvida)
    assert _pedir(xlsx)[0] == 200  # e o segundo download passa
