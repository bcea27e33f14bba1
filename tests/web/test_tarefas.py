"""Trabalho longo em segundo plano (issue 11, item 4; issue 15, itens 3 e 6): a fila do banco
(django-tasks + django-tasks-db) com o trabalhador de verdade, o andamento visto pela tela, a
consulta pública que nunca serve uma versão velha como atual e é refeita depois de uma queda,
os downloads públicos de certames grandes gerados uma vez por versão e o limite por cliente."""

from __future__ import annotations

from datetime import timedelta
from io import StringIO
from pathlib import Path
from typing import Any

import pytest
from django.core.management import call_command
from django.urls import reverse
from django.utils import timezone

from cotas_web.auditoria.acoes import AcaoAuditada
from cotas_web.auditoria.selectors import versao_do_certame
from cotas_web.publico import situacoes
from cotas_web.publico.models import PublicacaoSituacoes
from cotas_web.tarefas import services as fila
from cotas_web.tarefas.models import Estado, Tarefa, Tipo

from .test_publico import nomear_edital


def _trabalhador() -> str:
    """O trabalhador de verdade (`manage.py trabalhador`), no próprio processo: executa o que
    está na fila e sai."""
    saida = StringIO()
    call_command("trabalhador", "--lote", stdout=saida, verbosity=0)
    return saida.getvalue()


def _executar_fila() -> None:
    """As tarefas na fila, executadas aqui (nos testes sem transações reais)."""
    for tarefa in Tarefa.objects.filter(estado=Estado.NA_FILA):
        fila.executar(str(tarefa.pk))


@pytest.mark.django_db(transaction=True)
def test_fila_de_verdade_consulta_atualizada_em_segundo_plano(
    client: Any, certame_homologado: Any, rita: Any, settings: Any
) -> None:
    """Pedido → tarefa na fila → o trabalhador (db_worker) a executa → a tela vê 100% e o
    resultado."""
    url = reverse("publico:consulta", args=[certame_homologado.pk])
    assert "ainda não nomeado(a)" in client.get(url, {"inscricao": "1006"}).content.decode()
    settings.PUBLICO_MONTAR_EM_SEGUNDO_PLANO = True
    nomear_edital(certame_homologado, rita)
    r = client.get(url, {"inscricao": "1006"})
    texto = r.content.decode()
    # A anterior, marcada com a data; nunca como se fosse a atual.
    assert r.status_code == 200 and "Situação desatualizada" in texto
    assert "<progress" in texto and "data-tarefa=" in texto
    tarefa = Tarefa.objects.get(tipo=Tipo.SITUACOES)
    assert tarefa.estado == Estado.NA_FILA and tarefa.publica
    from django_tasks_db.models import DBTaskResult

    assert DBTaskResult.objects.filter(status="READY").count() == 1
    _trabalhador()
    tarefa.refresh_from_db()
    assert tarefa.estado == Estado.CONCLUIDA
    estado = client.get(reverse("tarefas:estado", args=[tarefa.pk])).json()
    total = certame_homologado.candidatos.count()
    assert estado["percentual"] == 100 and estado["terminou"]
    assert estado["feitos"] == estado["total"] == total
    assert DBTaskResult.objects.filter(status="SUCCESSFUL").count() == 1
    texto = client.get(url, {"inscricao": "1006"}).content.decode()
    assert "nomeado(a) na vaga 3" in texto and "Situação desatualizada" not in texto


@pytest.mark.django_db(transaction=True)
def test_montagem_interrompida_e_refeita_ao_iniciar(
    client: Any, certame_homologado: Any, rita: Any
) -> None:
    """Um processo morre no meio da montagem (a reserva e a tarefa ficam): a consulta não
    serve a versão velha como atual, e o trabalhador, ao iniciar, refaz a montagem."""
    url = reverse("publico:consulta", args=[certame_homologado.pk])
    client.get(url, {"inscricao": "1006"})
    tarefa = situacoes.agendar(certame_homologado)
    Tarefa.objects.filter(pk=tarefa.pk).update(
        estado=Estado.EXECUTANDO, batimento=timezone.now() - timedelta(minutes=10)
    )
    assert situacoes.reservar(certame_homologado)  # ... e o processo morreu com a reserva
    nomear_edital(certame_homologado, rita)
    texto = client.get(url, {"inscricao": "1006"}).content.decode()
    assert "Situação desatualizada" in texto and "ainda não nomeado(a)" in texto
    assert "nomeado(a) na vaga 3" not in texto
    # Minutos depois (a reserva não foi renovada), o trabalhador sobe e retoma.
    PublicacaoSituacoes.objects.filter(certame=certame_homologado).update(
        construindo_desde=timezone.now() - situacoes.PRAZO_RESERVA - timedelta(seconds=1)
    )
    _trabalhador()
    tarefa.refresh_from_db()
    assert tarefa.estado == Estado.CONCLUIDA and tarefa.tentativas == 1
    pub = PublicacaoSituacoes.objects.get(certame=certame_homologado)
    assert pub.construindo_desde is None
    assert pub.versao == versao_do_certame(certame_homologado.pk)
    texto = client.get(url, {"inscricao": "1006"}).content.decode()
    assert "nomeado(a) na vaga 3" in texto and "Situação desatualizada" not in texto


@pytest.mark.django_db
def test_ao_retomar_agenda_certame_desatualizado(certame_homologado: Any, rita: Any) -> None:
    situacoes.publicar(certame_homologado)
    nomear_edital(certame_homologado, rita)  # e ninguém consultou depois
    fila.retomar()
    assert Tarefa.objects.filter(tipo=Tipo.SITUACOES, estado=Estado.NA_FILA).count() == 1
    fila.retomar()  # uma só
    assert Tarefa.objects.filter(tipo=Tipo.SITUACOES).count() == 1


@pytest.mark.django_db
def test_tarefa_interrompida_demais_desiste(certame_homologado: Any) -> None:
    tarefa = situacoes.agendar(certame_homologado)
    Tarefa.objects.filter(pk=tarefa.pk).update(
        estado=Estado.EXECUTANDO, tentativas=fila.MAX_TENTATIVAS - 1, batimento=None
    )
    fila.retomar()
    tarefa.refresh_from_db()
    assert tarefa.estado == Estado.FALHOU and "Interrompida" in tarefa.mensagem


@pytest.mark.django_db
def test_download_de_certame_grande_gerado_uma_vez_por_versao(
    client: Any, certame_homologado: Any, rita: Any, settings: Any
) -> None:
    settings.PUBLICO_ARQUIVOS_NA_HORA_ATE = 0  # todo certame conta como grande
    pk = certame_homologado.pk
    url = reverse("publico:baixar", args=[pk, "listas", "xlsx"])
    r = client.get(url)
    assert r.status_code == 202 and "está sendo gerado" in r.content.decode()
    assert "<progress" in r.content.decode()
    for _ in range(3):  # muitos pedidos, uma geração
        client.get(url)
    assert Tarefa.objects.filter(tipo=Tipo.ARQUIVO_PUBLICO).count() == 1
    _executar_fila()
    r = client.get(url)
    assert r.status_code == 200 and r.streaming  # do disco, aos poucos
    conteudo = b"".join(r.streaming_content)
    assert conteudo[:2] == b"PK"
    assert 'filename="concurso-01-2025-listas.xlsx"' in r["Content-Disposition"]
    # CSV de uma tabela: todas saem juntas; um nome inventado dá 404 sem trabalho novo.
    url_csv = reverse("publico:baixar", args=[pk, "listas", "csv"])
    client.get(url_csv)
    _executar_fila()
    tarefa_csv = Tarefa.objects.get(grupo__endswith=":csv")
    tabela = tarefa_csv.parametros["tabelas"][0]
    r = client.get(reverse("publico:baixar_tabela", args=[pk, "listas", tabela]))
    assert r.status_code == 200 and b"".join(r.streaming_content)
    antes = Tarefa.objects.count()
    inventada = reverse("publico:baixar_tabela", args=[pk, "listas", "nao-existe"])
    assert client.get(inventada).status_code == 404
    assert Tarefa.objects.count() == antes
    # Um ato novo: a versão muda; enquanto a nova se gera, a anterior vai marcada.
    nomear_edital(certame_homologado, rita)
    r = client.get(url)
    texto = r.content.decode()
    assert r.status_code == 202
    assert "versão anterior" in texto and "desatualizado" in texto
    anterior = Tarefa.objects.filter(grupo__endswith=":xlsx", estado=Estado.CONCLUIDA).get()
    assert f"versão {anterior.versao}" in texto
    r = client.get(reverse("publico:arquivo", args=[pk, anterior.pk]))
    assert r.status_code == 200
    assert f"listas-versao-{anterior.versao}.xlsx" in r["Content-Disposition"]


@pytest.mark.django_db
def test_andamento_de_tarefa_da_equipe_so_para_quem_pode(
    client: Any, certame_homologado: Any, rita: Any
) -> None:
    tarefa = Tarefa.objects.create(
        tipo=Tipo.IMPORTACAO, chave="x", certame=certame_homologado, iniciada_por=rita
    )
    url = reverse("tarefas:estado", args=[tarefa.pk])
    assert client.get(url).status_code == 404  # anônimo
    client.force_login(rita)
    assert client.get(url).json()["estado"] == "na_fila"


@pytest.mark.django_db
def test_limite_de_pedidos_pesados_por_cliente(
    client: Any, certame_homologado: Any, settings: Any
) -> None:
    settings.PUBLICO_ARQUIVOS_NA_HORA_ATE = 0
    settings.PEDIDOS_PESADOS_POR_CLIENTE = 2
    from django.core.cache import cache

    cache.clear()  # (downloads de outros testes que ninguém leu até o fim)
    url = reverse("publico:baixar", args=[certame_homologado.pk, "anexo-edital", "html"])
    client.get(url)
    _executar_fila()
    abertas = [client.get(url) for _ in range(2)]  # dois downloads ainda sendo enviados
    assert all(r.status_code == 200 for r in abertas)
    r = client.get(url)
    assert r.status_code == 429 and r["Retry-After"] == "10"
    # A página do sítio, em português (antes, uma linha de texto sem o sítio em volta).
    assert r["Content-Type"] == "text/html; charset=utf-8"
    html = r.content.decode()
    assert '<html lang="pt-BR">' in html and "<h1>Muitos pedidos ao mesmo tempo</h1>" in html
    assert "A sua conexão (o seu endereço de internet) já tem 2 pedidos de documentos" in html
    assert "tente de novo em 10 segundos" in html and "Voltar aos certames" in html
    # A página de um documento (as listas, a ordem de nomeação) também.
    settings.PEDIDOS_PESADOS_POR_CLIENTE = 0
    for doc in ("listas", "ordem-de-nomeacao"):
        r = client.get(reverse("publico:documento", args=[certame_homologado.pk, doc]))
        assert r.status_code == 429 and r["Retry-After"] == "10"
        assert "<h1>Muitos pedidos ao mesmo tempo</h1>" in r.content.decode()
    settings.PEDIDOS_PESADOS_POR_CLIENTE = 2
    # De outro endereço, atendido.
    assert client.get(url, REMOTE_ADDR="10.0.0.9").status_code == 200
    for aberta in abertas:
        b"".join(aberta.streaming_content)  # terminou de enviar (e fechou): a vaga volta
    assert client.get(url).status_code == 200


@pytest.mark.django_db
def test_head_nas_paginas_publicas_de_uma_tarefa(
    client: Any, certame_homologado: Any, settings: Any
) -> None:
    """O andamento, a página e o arquivo de uma tarefa pública respondem a HEAD como a GET (os
    verificadores de links e os monitores usam HEAD; antes, 405); a POST, não."""
    settings.PUBLICO_ARQUIVOS_NA_HORA_ATE = 0
    client.get(reverse("publico:baixar", args=[certame_homologado.pk, "anexo-edital", "csv"]))
    _executar_fila()
    tarefa = Tarefa.objects.get(publica=True, estado=Estado.CONCLUIDA, tipo=Tipo.ARQUIVO_PUBLICO)
    for nome in ("estado", "acompanhar", "arquivo"):
        url = reverse(f"tarefas:{nome}", args=[tarefa.pk])
        get, head = client.get(url), client.head(url)
        assert get.status_code == head.status_code == 200, url
        assert head["Content-Type"] == get["Content-Type"]
        if get.streaming:  # (o arquivo: lido até o fim, a vaga do limite volta)
            assert b"".join(get.streaming_content) and not b"".join(head.streaming_content)
        else:
            assert get.content and head.content == b""
        assert client.post(url).status_code == 405


@pytest.mark.django_db
def test_importacao_grande_pela_fila_com_andamento(
    client: Any, certame: Any, rita: Any, settings: Any, monkeypatch: Any
) -> None:
    """A confirmação de um arquivo grande vai para a fila: a tela acompanha a barra, o
    trabalho grava tudo ou nada e o andamento conta as linhas gravadas."""
    from django.core.files.uploadedfile import SimpleUploadedFile

    from cotas_web.candidatos.models import Candidato

    from .conftest import csv_candidatos, entrar

    settings.IMPORTACAO_EM_SEGUNDO_PLANO_ACIMA_DE = 0
    andamentos: list[tuple[int, int]] = []
    gravar = fila.Progresso._gravar

    def espiar(self: fila.Progresso, *, forcar: bool = False) -> None:
        andamentos.append((self.feitos, self.quantos))
        gravar(self, forcar=True)

    monkeypatch.setattr(fila.Progresso, "_gravar", espiar)
    monkeypatch.setattr("cotas_web.candidatos.services.PASSO_ANDAMENTO", 1)
    entrar(client, rita)
    url = reverse("candidatos:importar", args=[certame.pk])
    arquivo = SimpleUploadedFile("resultado.csv", csv_candidatos().encode(), "text/csv")
    token = client.post(url, {"arquivo": arquivo}).context["token"]
    r = client.post(url, {"token": token})
    tarefa = Tarefa.objects.get(tipo=Tipo.IMPORTACAO)
    assert r.status_code == 302 and r["Location"] == reverse("tarefas:acompanhar", args=[tarefa.pk])
    pagina = client.get(r["Location"]).content.decode()
    assert "<progress" in pagina and "Importação de candidatos" in pagina
    assert Candidato.objects.count() == 0  # ainda na fila
    _executar_fila()
    tarefa.refresh_from_db()
    assert tarefa.estado == Estado.CONCLUIDA, tarefa.mensagem
    assert Candidato.objects.count() == 8
    assert (4, 8) in andamentos and (8, 8) in andamentos  # o andamento passou pelas linhas
    estado = client.get(reverse("tarefas:estado", args=[tarefa.pk])).json()
    assert estado["percentual"] == 100
    assert estado["url"] == reverse("candidatos:lista", args=[certame.pk])
    assert not Path(tarefa.parametros["caminho"]).exists()  # o provisório apagado
    assert client.get(reverse("tarefas:estado", args=[tarefa.pk])).status_code == 200
    client.logout()
    assert client.get(reverse("tarefas:estado", args=[tarefa.pk])).status_code == 404


def _processos_da_sessao(sid: int) -> list[str]:
    """As linhas de comando dos processos vivos da sessão `sid` (Linux: /proc)."""
    achados = []
    for d in Path("/proc").iterdir():
        if not d.name.isdigit():
            continue
        try:
            campos = (d / "stat").read_text().rsplit(")", 1)[1].split()
            if campos[0] != "Z" and int(campos[3]) == sid:
                achados.append((d / "cmdline").read_bytes().replace(b"\0", b" ").decode())
        except (OSError, IndexError, ValueError):
            continue
    return achados


@pytest.mark.lento
@pytest.mark.banco_proprio  # (o SQLite num arquivo: DATABASE_URL própria)
def test_make_run_sobe_o_trabalhador_e_o_para_ao_sair(tmp_path: Path) -> None:
    """`scripts/web.sh` (o `make run`) sobe o trabalhador da fila com o servidor; ao parar o
    script, nenhum dos dois fica para trás."""
    import os
    import signal
    import socket
    import subprocess
    import sys
    import time
    import urllib.request

    raiz = Path(__file__).resolve().parents[2]
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        porta = s.getsockname()[1]
    ambiente = {
        k: v
        for k, v in os.environ.items()
        if k not in ("DJANGO_SETTINGS_MODULE", "DJANGO_ALLOW_ASYNC_UNSAFE")
    }
    ambiente["DATABASE_URL"] = f"sqlite:///{tmp_path / 'demo.sqlite3'}"
    ambiente["PYTHON_VENV"] = str(Path(sys.executable))
    processo = subprocess.Popen(
        ["bash", str(raiz / "scripts" / "web.sh"), str(porta)],
        cwd=raiz,
        env=ambiente,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        start_new_session=True,
    )
    try:
        for _ in range(240):
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{porta}/", timeout=10) as r:
                    if r.status == 200:
                        break
            except OSError:
                time.sleep(0.5)
        vivos = _processos_da_sessao(processo.pid)
        assert any("manage.py trabalhador" in c for c in vivos), vivos
        assert any("manage.py runserver" in c for c in vivos), vivos
        processo.send_signal(signal.SIGTERM)  # só o script, como o Ctrl+C do make
        processo.wait(timeout=30)
        for _ in range(40):
            if not _processos_da_sessao(processo.pid):
                break
            time.sleep(0.25)
        assert _processos_da_sessao(processo.pid) == []
    finally:
        if _processos_da_sessao(processo.pid):
            os.killpg(processo.pid, signal.SIGKILL)


@pytest.mark.django_db
def test_certame_grande_monta_a_consulta_na_fila_mesmo_sem_a_configuracao(
    client: Any, certame_homologado: Any, settings: Any
) -> None:
    """No SQLite da demonstração (sem PUBLICO_MONTAR_EM_SEGUNDO_PLANO), um certame grande não
    monta a consulta dentro do pedido: vai para a fila, com a barra."""
    settings.PUBLICO_ARQUIVOS_NA_HORA_ATE = 0
    url = reverse("publico:consulta", args=[certame_homologado.pk])
    r = client.get(url, {"inscricao": "1006"})
    assert r.status_code == 503 and "<progress" in r.content.decode()
    assert not PublicacaoSituacoes.objects.filter(certame=certame_homologado, geracao__gt=0)
    _executar_fila()
    assert "ainda não nomeado(a)" in client.get(url, {"inscricao": "1006"}).content.decode()


@pytest.mark.django_db
def test_documento_na_tela_de_certame_grande_vem_do_disco(
    client: Any,
    certame_homologado: Any,
    rita: Any,
    settings: Any,
    django_assert_max_num_queries: Any,
) -> None:
    """As páginas do documento na tela também são geradas uma vez por versão: o pedido só lê
    uma página do disco (sem reencenar o certame); enquanto a versão nova se gera, a anterior
    vai marcada como desatualizada."""
    settings.PUBLICO_ARQUIVOS_NA_HORA_ATE = 0
    settings.PUBLICO_LINHAS_POR_PAGINA = 3
    url = reverse("publico:documento", args=[certame_homologado.pk, "listas"])
    r = client.get(url)
    assert r.status_code == 202 and "<progress" in r.content.decode()
    _executar_fila()
    with django_assert_max_num_queries(12):  # (sem reencenar: a reencenação faz dezenas)
        r = client.get(url, {"pagina": "2"})
    texto = r.content.decode()
    assert r.status_code == 200 and "página 2 de" in texto and "desatualizado" not in texto
    tarefa = Tarefa.objects.get(grupo__endswith=":paginas")
    assert tarefa.parametros["paginas"] == 4  # (8 inscrições, 3 por página)
    nomear_edital(certame_homologado, rita)
    texto = client.get(url).content.decode()
    assert "Versão anterior" in texto and "desatualizado" in texto and "<progress" in texto
    _executar_fila()
    assert "desatualizado" not in client.get(url).content.decode()


@pytest.mark.django_db
def test_guarda_so_o_arquivo_da_versao_atual_e_o_da_anterior(
    client: Any, certame_homologado: Any, rita: Any, settings: Any
) -> None:
    from cotas_web.auditoria.services import registrar
    from cotas_web.publico import arquivos

    settings.PUBLICO_ARQUIVOS_NA_HORA_ATE = 0
    feitas = []
    for i in range(3):
        if i:  # um ato qualquer muda a versão
            registrar(
                usuario=rita,
                certame=certame_homologado,
                acao=AcaoAuditada.CERTAME_CORRIGIDO,
                descricao=f"{i}",
            )
        pedido = arquivos.pedir(certame_homologado, "anexo-edital", None, "html")
        assert pedido.gerando is not None
        _executar_fila()
        feitas.append(Tarefa.objects.get(pk=pedido.gerando.pk))
    primeira, segunda, terceira = (Tarefa.objects.get(pk=t.pk) for t in feitas)
    assert primeira.arquivo == "" and not list(
        (fila.pasta() / "publicos" / str(certame_homologado.pk)).glob(f"{primeira.pk}*")
    )
    assert fila.caminho_do_arquivo(segunda) and fila.caminho_do_arquivo(terceira)
    url = reverse("publico:arquivo", args=[certame_homologado.pk, primeira.pk])
    assert client.get(url).status_code == 404


@pytest.mark.django_db
def test_limpa_as_tarefas_velhas_sem_arquivo() -> None:
    velha = timezone.now() - fila.GUARDAR_TERMINADAS - timedelta(days=1)
    sem = Tarefa.objects.create(tipo=Tipo.SITUACOES, chave="a", estado=Estado.CONCLUIDA)
    com = Tarefa.objects.create(
        tipo=Tipo.ARQUIVO_PUBLICO, chave="b", estado=Estado.CONCLUIDA, arquivo="x.pdf"
    )
    nova = Tarefa.objects.create(tipo=Tipo.SITUACOES, chave="c", estado=Estado.FALHOU)
    Tarefa.objects.filter(pk__in=[sem.pk, com.pk]).update(terminada_em=velha)
    Tarefa.objects.filter(pk=nova.pk).update(terminada_em=timezone.now())
    assert fila.limpar() == 1
    assert set(Tarefa.objects.values_list("chave", flat=True)) == {"b", "c"}


def test_trabalhador_volta_a_fila_depois_do_banco_travado(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """No SQLite, um ato que segurava a escrita por minutos fazia o `db_worker` sair com
    "database is locked", e a fila parava. O trabalhador espera e volta; em lote, a falha sai."""
    from django.db import OperationalError

    from cotas_web.tarefas.management.commands import trabalhador

    chamadas: list[tuple[str, ...]] = []

    def db_worker(*args: str, **_: object) -> None:
        chamadas.append(args)
        if len(chamadas) == 1:
            raise OperationalError("database is locked")

    monkeypatch.setattr(trabalhador, "call_command", db_worker)
    monkeypatch.setattr(trabalhador, "ESPERA_DO_BANCO", 0.0)
    trabalhador._trabalhar(lote=False, verbosity=0)
    assert len(chamadas) == 2
    chamadas.clear()
    with pytest.raises(OperationalError):
        trabalhador._trabalhar(lote=True, verbosity=0)
    assert len(chamadas) == 1


def _chamadas_do_trabalhador(monkeypatch: pytest.MonkeyPatch, erro: Exception) -> int:
    """Quantas vezes o trabalhador chama o `db_worker` que sempre falha com `erro` (até 3: o
    trabalhador que repetisse para sempre não prende o teste)."""
    from cotas_web.tarefas.management.commands import trabalhador

    chamadas: list[int] = []

    def db_worker(*_a: str, **_k: object) -> None:
        chamadas.append(1)
        raise erro if len(chamadas) <= 3 else RuntimeError("repetiu")

    monkeypatch.setattr(trabalhador, "call_command", db_worker)
    monkeypatch.setattr(trabalhador, "ESPERA_DO_BANCO", 0.0)
    with pytest.raises((type(erro), RuntimeError)):
        trabalhador._trabalhar(lote=False, verbosity=0)
    return len(chamadas)


def test_trabalhador_so_espera_a_falha_que_passa_sozinha(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Uma tabela que falta não aparece com o tempo: o trabalhador sai na primeira vez, em vez
    de repetir o aviso a cada 5 s para sempre. A falha do PostgreSQL decide pelo SQLSTATE."""
    from django.db import OperationalError
    from psycopg import errors

    def do_banco(texto: str, causa: Exception | None = None) -> OperationalError:
        erro = OperationalError(texto)
        erro.__cause__ = causa
        return erro

    passageiras = [
        do_banco("database is locked"),
        do_banco("database table is locked"),
        do_banco("x", errors.SerializationFailure("x")),
        do_banco("x", errors.DeadlockDetected("x")),
        do_banco("x", errors.AdminShutdown("x")),
        do_banco("x", errors.OperationalError("server closed the connection unexpectedly")),
    ]
    for erro in passageiras:
        assert _chamadas_do_trabalhador(monkeypatch, erro) == 4, erro
    duradouras = [
        do_banco("no such table: django_tasks_database_dbtaskresult"),
        do_banco("unable to open database file"),
        do_banco("x", errors.DiskFull("x")),
    ]
    for erro in duradouras:
        assert _chamadas_do_trabalhador(monkeypatch, erro) == 1, erro
