"""A consulta pública materializada (`cotas_web.publico.situacoes`): igual à consulta de uma
inscrição por vez, renovada quando um ato muda o certame, montada por um processo de cada vez,
e a página com um número limitado de consultas ao banco."""

from __future__ import annotations

from datetime import date, timedelta
from io import StringIO
from typing import Any

import pytest
from django.core.management import CommandError, call_command
from django.urls import reverse
from django.utils import timezone

from cotas.documentos.consulta import consultar
from cotas_web.auditoria.selectors import versao_do_certame
from cotas_web.candidatos.models import Candidato
from cotas_web.certames.models import Certame
from cotas_web.publico import situacoes
from cotas_web.publico.models import PublicacaoSituacoes, SituacaoPublica
from cotas_web.publico.selectors import fonte_do_certame

from .test_publico import nomear_edital, sem_dados_sensiveis

pytestmark = pytest.mark.django_db


@pytest.fixture
def montenegro() -> Certame:
    call_command("carregar_exemplo", "--demo", stdout=StringIO())
    return Certame.objects.get(nome="Concurso Público 01/2025")  # (o do cenário)


def _materializadas(certame: Certame) -> dict[str, dict[str, Any]]:
    """As situações servidas: de cada inscrição, a da geração em vigor do cargo dela."""
    return {s.inscricao: s.dados for s in situacoes.em_vigor(certame.pk)}


def _confere_com_a_consulta_de_cada_uma(certame: Certame) -> dict[str, dict[str, Any]]:
    pub = situacoes.publicar(certame)
    assert pub is not None and not pub.erro
    feitas = _materializadas(certame)
    fonte = fonte_do_certame(certame=certame)
    inscricoes = list(Candidato.objects.filter(certame=certame).values_list("inscricao", flat=True))
    assert inscricoes
    for inscricao in inscricoes:
        s = consultar(fonte, inscricao)
        esperado = None if s is None else situacoes.dados_publicos(s)
        assert feitas.get(inscricao) == esperado, inscricao
    assert set(feitas) <= set(inscricoes)
    return feitas


def test_igual_a_consulta_de_cada_inscricao_no_exemplo(montenegro: Certame) -> None:
    from django.contrib.auth import get_user_model

    from cotas_web.nomeacoes.models import Nomeacao
    from cotas_web.nomeacoes.services import nomeacao_registrar_desistencia

    # Só as vagas ofertadas, nenhuma portaria: as nomeações do motor são pendentes.
    feitas = _confere_com_a_consulta_de_cada_uma(montenegro)
    assert any(d["projecao"] and d["projecao"]["alcancado"] for d in feitas.values())
    assert any(d["situacao"].startswith("Não consta") for d in feitas.values())
    # Com as portarias e uma desistência: nomeados, desistente, substituto.
    rh = get_user_model().objects.get(username="rh")
    assert montenegro.homologado_em is not None
    dia = montenegro.homologado_em + timedelta(days=1)
    nomear_edital(montenegro, rh, dia)  # as portarias depois da homologação
    nomeacao = Nomeacao.objects.filter(cargo__certame=montenegro).order_by("pk").first()
    assert nomeacao is not None
    nomeacao_registrar_desistencia(
        usuario=rh, nomeacao=nomeacao, data=max(dia, date(2025, 8, 4)), motivo="desistencia"
    )
    feitas = _confere_com_a_consulta_de_cada_uma(montenegro)
    assert any(d["nomeacao"] for d in feitas.values())
    assert any(d["situacao"].startswith("Desistente") for d in feitas.values())
    for d in feitas.values():
        sem_dados_sensiveis(str(d))


def test_alem_do_limite_diz_que_a_conta_nao_foi_feita(
    montenegro: Certame, monkeypatch: Any
) -> None:
    # Além das vagas simuladas, nem "mais de N" nem contagens parciais (issue 14, item 13); e o
    # limite vem do módulo da consulta, também quando muda (antes, a web comparava a frase).
    from cotas.documentos import consulta

    monkeypatch.setattr(consulta, "LIMITE_PROJECAO", 2)
    feitas = _confere_com_a_consulta_de_cada_uma(montenegro)
    alem = [d for d in feitas.values() if d["projecao"] and d["projecao"]["nao_calculada"]]
    assert alem
    for d in alem:
        assert d["projecao"]["antes"] == []
        assert "próximas 2 vagas" in d["projecao"]["razao"]
        assert "não foi calculado" in d["resumo"] and "Mais de" not in d["resumo"]


def test_pagina_reflete_ato_novo(client: Any, certame_homologado: Any, rita: Any) -> None:
    url = reverse("publico:consulta", args=[certame_homologado.pk])
    r = client.get(url, {"inscricao": "1006"})
    assert "ainda não nomeado(a)" in r.content.decode()
    pub = PublicacaoSituacoes.objects.get(certame=certame_homologado)
    geracao = pub.geracao
    # Sem ato novo, a mesma geração serve.
    client.get(url, {"inscricao": "1001"})
    assert PublicacaoSituacoes.objects.get(certame=certame_homologado).geracao == geracao
    nomear_edital(certame_homologado, rita)  # portarias: a auditoria muda a versão
    r = client.get(url, {"inscricao": "1006"})
    texto = r.content.decode()
    assert "nomeado(a) na vaga 3" in texto and "Portaria nº 103/2025" in texto
    pub = PublicacaoSituacoes.objects.get(certame=certame_homologado)
    assert pub.geracao == geracao + 1
    assert pub.construindo_desde is None
    # As linhas que a geração nova substituiu são apagadas depois da troca (o certame tem um
    # cargo só: todas); só ficam as servidas.
    assert not SituacaoPublica.objects.filter(certame=certame_homologado, geracao=geracao).exists()
    linhas = SituacaoPublica.objects.filter(certame=certame_homologado)
    assert linhas.count() == situacoes.em_vigor(certame_homologado.pk).count() > 0


def test_gravada_e_apagada_em_lotes(montenegro: Certame, monkeypatch: Any) -> None:
    """Em lotes de transações curtas (um certame de 1 milhão não segura o banco por meio
    minuto): a geração nova inteira, e nada da anterior nem de restos de uma montagem
    interrompida."""
    monkeypatch.setattr(situacoes, "LOTE", 7)
    monkeypatch.setattr(situacoes, "LOTE_APAGAR", 5)
    situacoes.publicar(montenegro)
    pub = PublicacaoSituacoes.objects.get(certame=montenegro)
    # Restos de uma montagem que morreu no meio: começou a geração seguinte (o número é gravado
    # antes das linhas), gravou linhas de um cargo que existe e de um que nem existe mais.
    PublicacaoSituacoes.objects.filter(pk=pub.pk).update(geracao=pub.geracao + 1)
    cargo = montenegro.cargos.order_by("codigo").values_list("codigo", flat=True)[0]
    SituacaoPublica.objects.bulk_create(
        SituacaoPublica(
            certame=montenegro,
            geracao=pub.geracao + 1,
            inscricao=f"resto{i}",
            cargo="X" if i % 2 else cargo,
            dados={},
        )
        for i in range(12)
    )
    _confere_com_a_consulta_de_cada_uma(montenegro)
    pub.refresh_from_db()
    linhas = SituacaoPublica.objects.filter(certame=montenegro)
    assert set(linhas.values_list("geracao", flat=True)) == {pub.geracao - 1}
    assert linhas.count() == montenegro.candidatos.count()
    assert not linhas.filter(inscricao__startswith="resto").exists()


def test_outro_processo_montando_serve_a_anterior(
    client: Any, certame_homologado: Any, rita: Any
) -> None:
    url = reverse("publico:consulta", args=[certame_homologado.pk])
    # Ainda não há publicação e outro processo tem a reserva: "tente de novo".
    assert situacoes.reservar(certame_homologado)
    assert not situacoes.reservar(certame_homologado)  # a segunda tentativa não reserva
    assert situacoes.publicar(certame_homologado) is None
    r = client.get(url, {"inscricao": "1006"})
    assert r.status_code == 503 and r["Retry-After"]
    assert "sendo atualizada" in r.content.decode()
    situacoes.liberar(certame_homologado)
    assert "ainda não nomeado(a)" in client.get(url, {"inscricao": "1006"}).content.decode()
    # Um ato novo enquanto outro processo monta: serve-se a geração anterior.
    nomear_edital(certame_homologado, rita)
    assert situacoes.reservar(certame_homologado)
    r = client.get(url, {"inscricao": "1006"})
    assert r.status_code == 200 and "ainda não nomeado(a)" in r.content.decode()
    # Uma reserva esquecida (processo que morreu) vence depois do prazo.
    PublicacaoSituacoes.objects.filter(certame=certame_homologado).update(
        construindo_desde=timezone.now() - situacoes.PRAZO_RESERVA - timedelta(seconds=1)
    )
    r = client.get(url, {"inscricao": "1006"})
    assert "nomeado(a) na vaga 3" in r.content.decode()


def test_consultas_ao_banco_limitadas(
    client: Any, certame_homologado: Any, django_assert_max_num_queries: Any
) -> None:
    url = reverse("publico:consulta", args=[certame_homologado.pk])
    client.get(url, {"inscricao": "1001"})  # monta a publicação
    for inscricao in ("1001", "1008", "9999"):
        with django_assert_max_num_queries(3):
            r = client.get(url, {"inscricao": inscricao})
        assert r.status_code == 200


def test_comando_publicar_situacoes(montenegro: Certame) -> None:
    saida = StringIO()
    call_command("publicar_situacoes", "--certame", str(montenegro.pk), stdout=saida)
    total = Candidato.objects.filter(certame=montenegro).count()
    assert f"{total} situações publicadas" in saida.getvalue()
    assert f"({total} montadas de novo;" in saida.getvalue()
    pub = PublicacaoSituacoes.objects.get(certame=montenegro)
    assert pub.versao == versao_do_certame(montenegro.pk) and pub.geracao == 1
    saida = StringIO()
    call_command("publicar_situacoes", stdout=saida)  # todos: nada mudou, nada montado de novo
    assert "(0 montadas de novo;" in saida.getvalue()
    assert PublicacaoSituacoes.objects.get(certame=montenegro).geracao == 1
    assert SituacaoPublica.objects.filter(certame=montenegro).count() == total
    with pytest.raises(CommandError, match="não existe ou ainda não foi homologado"):
        call_command("publicar_situacoes", "--certame", str(montenegro.pk + 99))


def test_em_segundo_plano_serve_a_anterior_ate_a_troca(
    client: Any, certame_homologado: Any, rita: Any, settings: Any, monkeypatch: Any
) -> None:
    from cotas_web.tarefas import services as fila
    from cotas_web.tarefas.models import Tarefa

    # (A montagem agendada é uma tarefa da fila do banco; aqui executada no próprio teste.)
    url = reverse("publico:consulta", args=[certame_homologado.pk])
    client.get(url, {"inscricao": "1006"})  # a primeira geração é montada no pedido
    settings.PUBLICO_MONTAR_EM_SEGUNDO_PLANO = True
    nomear_edital(certame_homologado, rita)
    for _ in range(2):  # uma só montagem agendada; a geração anterior é servida
        r = client.get(url, {"inscricao": "1006"})
        assert r.status_code == 200 and "ainda não nomeado(a)" in r.content.decode()
    tarefas = list(Tarefa.objects.filter(certame=certame_homologado, estado="na_fila"))
    assert len(tarefas) == 1
    fila.executar(str(tarefas[0].pk))
    assert PublicacaoSituacoes.objects.get(certame=certame_homologado).construindo_desde is None
    assert "nomeado(a) na vaga 3" in client.get(url, {"inscricao": "1006"}).content.decode()
