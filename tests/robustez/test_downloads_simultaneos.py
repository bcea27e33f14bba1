"""Downloads públicos sob rajada (issue 23): doze pedidos anônimos simultâneos do PDF das listas
ocupavam os dois processos do servidor por ~40 s, cada um gerando o mesmo arquivo, e o limite
por cliente nunca disparava (contado na memória de cada processo). Aqui cada pedido corre na sua
thread, com a sua conexão ao banco, como os processos do gunicorn: o arquivo é gerado uma vez
por versão, os demais recebem "em preparação" ou o arquivo pronto, e o limite por cliente,
contado no banco, vale entre as conexões."""

# (F811: as fixtures partilhadas de tests/web entram por import e voltam como parâmetros.)
from __future__ import annotations

import hashlib
import threading
import time
from typing import Any

import pytest
from django.test import Client
from django.urls import reverse

from cotas_web.auditoria.integridade import verificar_todas
from cotas_web.auditoria.models import Registro
from cotas_web.publico import arquivos
from cotas_web.tarefas.models import Estado, PedidoPesado, Tarefa, Tipo
from tests.robustez.test_concorrencia import _banco_que_espera_a_vez, simultaneos
from tests.web.conftest import (  # noqa: F401  (fixtures partilhadas)
    carlos,
    certame,
    certame_com_candidatos,
    certame_homologado,
    comissao_composta,
    rita,
    sessao,
)

pytestmark = [pytest.mark.postgres, pytest.mark.django_db(transaction=True)]
_ = _banco_que_espera_a_vez  # (a fixture autouse: o SQLite em memória não espera a vez)


def _contar_geracoes(monkeypatch: Any, segurar: threading.Event | None = None) -> list[str]:
    """Conta cada arquivo gerado (e o segura até `segurar`, para manter pedidos em curso)."""
    geradas: list[str] = []
    original = arquivos.arquivo  # type: ignore[attr-defined]

    def contando(d: Any, formato: str, *args: Any) -> bytes:
        geradas.append(formato)
        if segurar is not None:
            assert segurar.wait(60)
        else:
            time.sleep(0.5)  # (a janela em que os outros pedidos chegam)
        return original(d, formato, *args)

    monkeypatch.setattr(arquivos, "arquivo", contando)
    return geradas


def test_doze_pedidos_do_pdf_geram_o_arquivo_uma_vez(
    certame_homologado: Any, monkeypatch: Any
) -> None:
    geradas = _contar_geracoes(monkeypatch)
    url = reverse("publico:baixar", args=[certame_homologado.pk, "listas", "pdf"])
    clientes = [Client(REMOTE_ADDR=f"10.0.0.{i}") for i in range(12)]
    respostas = simultaneos([lambda c=c: c.get(url) for c in clientes])
    erros = [r for r in respostas if isinstance(r, BaseException)]
    assert not erros, erros
    assert geradas == ["pdf"]  # uma geração para os doze
    codigos = sorted(r.status_code for r in respostas)
    assert set(codigos) <= {200, 202}, codigos
    prontos = [r for r in respostas if r.status_code == 200]
    assert prontos and all(r.content.startswith(b"%PDF") for r in prontos)
    em_preparacao = [r for r in respostas if r.status_code == 202]
    assert all("está sendo gerado" in r.content.decode() for r in em_preparacao)
    assert all(r["Retry-After"] for r in em_preparacao)
    tarefas = Tarefa.objects.filter(tipo=Tipo.ARQUIVO_PUBLICO, certame=certame_homologado)
    assert [t.estado for t in tarefas] == [Estado.CONCLUIDA]
    # Os seguintes recebem o arquivo da versão, do disco, sem gerar outra vez.
    depois = simultaneos([lambda c=c: c.get(url) for c in clientes[:4]])
    assert [r.status_code for r in depois] == [200] * 4
    assert all(r.content == prontos[0].content for r in depois)
    assert geradas == ["pdf"]
    assert not PedidoPesado.objects.exists()  # (todas as vagas devolvidas)
    # Uma publicação, um registro com o sha256 do arquivo (issue 23, item 4).
    publicacoes = Registro.objects.filter(certame=certame_homologado, acao="arquivo_publicado")
    assert [r.dados["arquivos"][0]["sha256"] for r in publicacoes] == [
        hashlib.sha256(prontos[0].content).hexdigest()
    ]


def test_arquivos_diferentes_publicados_ao_mesmo_tempo_um_registro_cada(
    certame_homologado: Any,
) -> None:
    """Quatro arquivos do mesmo certame gerados ao mesmo tempo, cada um na sua conexão: cada
    publicação entra uma vez na cadeia do certame (sob a trava dele), que continua íntegra."""
    pk = certame_homologado.pk
    urls = [reverse("publico:baixar", args=[pk, "listas", f]) for f in ("pdf", "xlsx", "html")]
    urls.append(reverse("publico:baixar_tabela", args=[pk, "ordem-de-nomeacao", "nomeacoes"]))
    respostas = simultaneos(
        [lambda u=u, i=i: Client(REMOTE_ADDR=f"10.2.0.{i}").get(u) for i, u in enumerate(urls)]
    )
    assert [r.status_code for r in respostas] == [200] * 4
    publicacoes = Registro.objects.filter(certame=certame_homologado, acao="arquivo_publicado")
    assert sorted(r.dados["formato"] for r in publicacoes) == ["csv", "html", "pdf", "xlsx"]
    assert all(e.integra for e in verificar_todas())


def test_limite_por_cliente_vale_entre_processos(
    certame_homologado: Any, monkeypatch: Any, settings: Any
) -> None:
    """Três downloads do mesmo endereço em curso, cada um na sua conexão (processo): o quarto
    recebe 429; outro endereço é atendido; terminados os três, a vaga volta."""
    settings.PEDIDOS_PESADOS_POR_CLIENTE = 3
    segurar = threading.Event()
    geradas = _contar_geracoes(monkeypatch, segurar)
    pk = certame_homologado.pk
    urls = [reverse("publico:baixar", args=[pk, "listas", f]) for f in ("pdf", "xlsx", "html")]
    resultados: list[Any] = [None] * 3

    def baixar(i: int) -> None:
        from django.db import connection

        try:
            resultados[i] = Client(REMOTE_ADDR="10.9.9.9").get(urls[i])
        finally:
            connection.close()

    threads = [threading.Thread(target=baixar, args=(i,)) for i in range(3)]
    for t in threads:
        t.start()
    try:
        for _ in range(600):  # (até os três estarem gerando, cada um na sua conexão)
            if len(geradas) == 3:
                break
            time.sleep(0.05)
        assert PedidoPesado.objects.filter(cliente="10.9.9.9").count() == 3
        quarto = Client(REMOTE_ADDR="10.9.9.9").get(
            reverse("publico:baixar_tabela", args=[pk, "ordem-de-nomeacao", "nomeacoes"])
        )
        assert quarto.status_code == 429 and quarto["Retry-After"]
        assert "Muitos pedidos ao mesmo tempo" in quarto.content.decode()
        outro = Client(REMOTE_ADDR="10.1.1.1").get(
            reverse("publico:baixar_tabela", args=[pk, "ordem-de-nomeacao", "nomeacoes"])
        )
        assert outro.status_code == 200
    finally:
        segurar.set()
        for t in threads:
            t.join(120)
    assert [r.status_code for r in resultados] == [200, 200, 200]
    assert not PedidoPesado.objects.exists()
    de_novo = Client(REMOTE_ADDR="10.9.9.9").get(urls[0])
    assert de_novo.status_code == 200


def test_em_producao_nenhum_pedido_anonimo_gera_o_arquivo(
    certame_homologado: Any, monkeypatch: Any, settings: Any
) -> None:
    """Com a configuração de produção (`PUBLICO_ARQUIVOS_NA_HORA_ATE = 0`), doze pedidos
    anônimos simultâneos não geram nada: todos recebem o andamento (202), a geração vai uma vez
    para a fila, e o trabalhador a faz; depois, o arquivo sai do disco."""
    from cotas_web.tarefas import services as tarefas

    settings.PUBLICO_ARQUIVOS_NA_HORA_ATE = 0
    geradas = _contar_geracoes(monkeypatch)
    url = reverse("publico:baixar", args=[certame_homologado.pk, "listas", "pdf"])
    clientes = [Client(REMOTE_ADDR=f"10.3.0.{i}") for i in range(12)]
    respostas = simultaneos([lambda c=c: c.get(url) for c in clientes])
    assert [r.status_code for r in respostas] == [202] * 12
    assert geradas == []  # nenhum pedido gerou o arquivo
    fila = Tarefa.objects.filter(tipo=Tipo.ARQUIVO_PUBLICO, certame=certame_homologado)
    assert [t.estado for t in fila] == [Estado.NA_FILA]
    tarefas.executar(str(fila[0].pk))  # (o trabalhador)
    assert geradas == ["pdf"]
    r: Any = clientes[0].get(url)
    assert r.status_code == 200 and b"".join(r.streaming_content).startswith(b"%PDF")
