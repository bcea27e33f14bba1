"""O endereço do cliente atrás de proxies reversos (`COTAS_PROXIES_CONFIAVEIS`): o limite de
pedidos pesados e o bloqueio de senhas contam por visitante, não pelo endereço do proxy; sem
proxies declarados, o X-Forwarded-For nunca é lido (quem pede escreve nele o que quiser)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from django.core.exceptions import ImproperlyConfigured
from django.test import RequestFactory
from django.urls import reverse

from cotas_web.protecao import endereco_do_cliente
from cotas_web.settings.base import proxies_confiaveis

from .test_tarefas import _executar_fila

RAIZ = Path(__file__).resolve().parents[2]
PROXY = "10.0.0.1"


@pytest.fixture
def proxies(monkeypatch: Any) -> Any:
    """Muda o número de proxies de confiança como o django-ninja o leu ao iniciar."""
    from ninja.conf import settings as ninja

    def declarar(n: int) -> None:
        monkeypatch.setattr(ninja, "NUM_PROXIES", n)

    return declarar


def _pedido(xff: str | None) -> Any:
    pedido = RequestFactory().get("/", REMOTE_ADDR=PROXY)
    if xff is not None:
        pedido.META["HTTP_X_FORWARDED_FOR"] = xff
    return pedido


def test_sem_proxies_o_cabecalho_nunca_e_lido(proxies: Any) -> None:
    proxies(0)
    assert endereco_do_cliente(_pedido(None)) == PROXY
    assert endereco_do_cliente(_pedido("203.0.113.7")) == PROXY
    assert endereco_do_cliente(_pedido("1.2.3.4, 203.0.113.7")) == PROXY


def test_o_cliente_e_o_primeiro_da_direita_que_nenhum_proxy_escreveu(proxies: Any) -> None:
    proxies(1)
    assert endereco_do_cliente(_pedido("203.0.113.7")) == "203.0.113.7"
    # O que o cliente escreveu na esquerda (um endereço falso) não conta.
    assert endereco_do_cliente(_pedido("1.2.3.4, 203.0.113.7")) == "203.0.113.7"
    assert endereco_do_cliente(_pedido(None)) == PROXY  # (sem o cabeçalho: quem chamou)
    proxies(2)  # (um balanceador na frente do nginx: o nginx acrescenta o do balanceador)
    assert endereco_do_cliente(_pedido("1.2.3.4, 203.0.113.7, 10.0.0.2")) == "203.0.113.7"


def test_o_numero_de_proxies_vem_do_ambiente() -> None:
    assert proxies_confiaveis("0") == 0 and proxies_confiaveis("2") == 2
    for errado in ("", "-1", "um", "1.5"):
        with pytest.raises(ImproperlyConfigured, match="COTAS_PROXIES_CONFIAVEIS deve ser"):
            proxies_confiaveis(errado)
    # O django-ninja lê o número das configurações, ao iniciar.
    ambiente = {**os.environ, "COTAS_PROXIES_CONFIAVEIS": "2"}
    ambiente.pop("DJANGO_ALLOW_ASYNC_UNSAFE", None)
    r = subprocess.run(
        [
            sys.executable,
            "-c",
            "import django; django.setup(); from ninja.conf import settings; "
            "print(settings.NUM_PROXIES)",
        ],
        env={
            **ambiente,
            "DJANGO_SETTINGS_MODULE": "cotas_web.settings.teste",
            "PYTHONPATH": str(RAIZ / "src"),
        },
        capture_output=True,
        text=True,
        check=False,
        cwd=RAIZ,
    )
    assert r.stdout.strip() == "2", r.stderr


@pytest.mark.django_db
def test_atras_do_proxy_cada_visitante_tem_as_suas_vagas(
    client: Any, certame_homologado: Any, settings: Any, proxies: Any
) -> None:
    """Todos os pedidos chegam do proxy (o mesmo REMOTE_ADDR): com o proxy declarado, o limite
    conta por visitante; sem ele, todos dividem as vagas do proxy (como antes)."""
    settings.PUBLICO_ARQUIVOS_NA_HORA_ATE = 0  # (o arquivo gerado pela fila, enviado aos poucos)
    url = reverse("publico:baixar", args=[certame_homologado.pk, "anexo-edital", "csv"])
    client.get(url)
    _executar_fila()
    settings.PEDIDOS_PESADOS_POR_CLIENTE = 1

    def pedir(visitante: str) -> Any:
        return client.get(url, REMOTE_ADDR=PROXY, HTTP_X_FORWARDED_FOR=visitante)

    proxies(0)  # (sem proxies declarados: todos com o endereço do proxy, uma vaga só)
    aberto = pedir("203.0.113.7")  # um download ainda sendo enviado: a vaga dele ocupada
    assert aberto.status_code == 200 and aberto.streaming
    assert pedir("198.51.100.9").status_code == 429
    b"".join(aberto.streaming_content)  # (terminou: a vaga volta)
    proxies(1)
    aberto = pedir("203.0.113.7")
    assert aberto.status_code == 200
    assert pedir("203.0.113.7").status_code == 429
    assert pedir("1.2.3.4, 203.0.113.7").status_code == 429  # (o falso na esquerda não conta)
    segundo = pedir("198.51.100.9")  # outro visitante, pelo mesmo proxy: atendido
    assert segundo.status_code == 200
    b"".join(segundo.streaming_content)
    b"".join(aberto.streaming_content)


def test_o_bloqueio_de_senhas_conta_pelo_mesmo_endereco(proxies: Any) -> None:
    from axes.helpers import get_client_ip_address

    proxies(1)
    assert get_client_ip_address(_pedido("1.2.3.4, 203.0.113.7")) == "203.0.113.7"
    proxies(0)
    assert get_client_ip_address(_pedido("1.2.3.4, 203.0.113.7")) == PROXY
