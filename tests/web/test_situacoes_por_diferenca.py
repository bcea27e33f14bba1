"""A situação pública por diferença (issue 19, item 5): depois de um ato, só as inscrições do
cargo que ele tocou são gravadas de novo; a situação servida de todas é a de uma montagem do
zero; uma montagem interrompida deixa servida a anterior, marcada."""

from __future__ import annotations

from datetime import timedelta
from io import StringIO
from typing import Any

import pytest
from django.contrib.auth import get_user_model
from django.core.exceptions import ValidationError
from django.core.management import call_command
from django.db import DatabaseError, transaction
from django.urls import reverse
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cotas.documentos.consulta import consultar_todos
from cotas_web.auditoria.selectors import versao_do_certame
from cotas_web.banco import inserir_em_massa
from cotas_web.candidatos.correcoes import candidato_corrigir
from cotas_web.candidatos.models import Candidato
from cotas_web.certames.models import Cargo, Certame
from cotas_web.nomeacoes.models import Nomeacao, SituacaoNomeacao
from cotas_web.nomeacoes.selectors import propostas_do_motor
from cotas_web.nomeacoes.services import (
    nomeacao_confirmar,
    nomeacao_registrar_desistencia,
    vagas_novas_ofertar,
)
from cotas_web.publico import situacoes
from cotas_web.publico.models import SituacaoPublica
from cotas_web.publico.selectors import fonte_do_certame

pytestmark = pytest.mark.django_db


@pytest.fixture
def montenegro() -> Certame:
    call_command("carregar_exemplo", "--demo", stdout=StringIO())
    certame = Certame.objects.get(nome="Concurso Público 01/2025")
    assert certame.cargos.count() > 1  # (o que se mede é que os outros cargos não mudam)
    return certame


def _servidas(certame: Certame) -> dict[str, Any]:
    return {s.inscricao: s.dados for s in situacoes.em_vigor(certame.pk)}


def _do_zero(certame: Certame) -> dict[str, Any]:
    """A situação de todas as inscrições montada do zero, sem nada do que está publicado."""
    fonte = fonte_do_certame(certame=certame)
    return {s.inscricao: situacoes.dados_publicos(s) for s in consultar_todos(fonte)}


def _rh() -> Any:
    return get_user_model().objects.get(username="rh")


def _dia(certame: Certame) -> Any:
    assert certame.homologado_em is not None
    return certame.homologado_em + timedelta(days=1)


def _inscricoes_do_cargo(cargo: Cargo) -> set[str]:
    return set(Candidato.objects.filter(cargo=cargo).values_list("inscricao", flat=True))


def _nomear_um(certame: Certame, k: int = 0, portaria: str = "901/2025") -> Cargo:
    propostas = propostas_do_motor(certame=certame)
    assert propostas
    p = propostas[k % len(propostas)]
    nomeacao_confirmar(
        usuario=_rh(),
        cargo=p.cargo,
        inscricao=p.inscricao,
        portaria=portaria,
        data_portaria=_dia(certame),
    )
    return p.cargo


def test_um_ato_regrava_so_as_linhas_do_cargo_dele(montenegro: Certame) -> None:
    pub = situacoes.publicar(montenegro)
    assert pub is not None
    antes = {s.inscricao: (s.pk, s.geracao) for s in situacoes.em_vigor(montenegro.pk)}
    assert len(antes) == montenegro.candidatos.count()
    cargo = _nomear_um(montenegro)
    pub = situacoes.publicar(montenegro)
    assert pub is not None and not pub.erro
    do_cargo = _inscricoes_do_cargo(cargo)
    gravadas = list(situacoes.linhas_da_geracao(pub).values_list("inscricao", flat=True))
    # Só as do cargo, cada uma uma vez; as dos outros cargos são as mesmas linhas de antes.
    assert sorted(gravadas) == sorted(do_cargo)
    assert len(gravadas) < len(antes)
    depois = {s.inscricao: (s.pk, s.geracao) for s in situacoes.em_vigor(montenegro.pk)}
    assert set(depois) == set(antes)
    for inscricao, linha in antes.items():
        if inscricao not in do_cargo:
            assert depois[inscricao] == linha, inscricao
    # As substituídas são apagadas; servida, a de uma montagem do zero.
    assert SituacaoPublica.objects.filter(certame=montenegro).count() == len(antes)
    servidas = _servidas(montenegro)
    assert servidas == _do_zero(montenegro)
    assert any(servidas[i]["nomeacao"] for i in do_cargo)
    # O que é do certame todo está no marcador: a versão de agora vale para todas as linhas,
    # também as que não foram gravadas de novo.
    assert situacoes.para_consulta(montenegro).atual
    assert pub.versao == versao_do_certame(montenegro.pk)


def test_sem_ato_novo_nada_e_gravado(montenegro: Certame) -> None:
    pub = situacoes.publicar(montenegro)
    assert pub is not None
    linhas = set(SituacaoPublica.objects.filter(certame=montenegro).values_list("pk", flat=True))
    de_novo = situacoes.publicar(montenegro)
    assert de_novo is not None and de_novo.geracao == pub.geracao
    assert set(SituacaoPublica.objects.filter(certame=montenegro).values_list("pk", flat=True)) == (
        linhas
    )


def test_o_que_muda_o_certame_inteiro_regrava_todos(montenegro: Certame, monkeypatch: Any) -> None:
    situacoes.publicar(montenegro)
    # Outro código que monta a situação: todos os cargos de novo.
    monkeypatch.setattr(situacoes, "versao_do_codigo", lambda: "outro código")
    pub = situacoes.publicar(montenegro)
    assert pub is not None
    assert situacoes.linhas_da_geracao(pub).count() == montenegro.candidatos.count()
    # Uma correção de nota depois da homologação muda a marca dos candidatos (do certame) e o
    # livro é reencenado inteiro; só o cargo do corrigido muda, e só ele é montado de novo.
    alvo = Candidato.objects.filter(certame=montenegro, nomeacoes__isnull=True).order_by("pk")[0]
    candidato_corrigir(
        usuario=_rh(),
        candidato=alvo,
        campo="nota",
        valor="99.99",
        motivo="Erro de digitação",
        fundamento="Edital, item 9",
        data=_dia(montenegro),
    )
    pub = situacoes.publicar(montenegro)
    assert pub is not None and not pub.erro
    gravadas = set(situacoes.linhas_da_geracao(pub).values_list("inscricao", flat=True))
    assert gravadas == _inscricoes_do_cargo(alvo.cargo)
    assert _servidas(montenegro) == _do_zero(montenegro)


def test_interrompida_serve_a_anterior_marcada(
    client: Any, montenegro: Certame, monkeypatch: Any, settings: Any
) -> None:
    monkeypatch.setattr(situacoes, "LOTE", 3)
    situacoes.publicar(montenegro)
    anteriores = _servidas(montenegro)
    _nomear_um(montenegro)
    original = inserir_em_massa
    chamadas = 0

    def cai_no_segundo_lote(*args: Any) -> None:
        nonlocal chamadas
        chamadas += 1
        if chamadas == 2:
            raise DatabaseError("o processo morreu no meio")
        original(*args)

    monkeypatch.setattr(situacoes, "inserir_em_massa", cai_no_segundo_lote)
    with pytest.raises(DatabaseError):
        situacoes.publicar(montenegro)
    assert chamadas == 2
    # O primeiro lote ficou gravado, com a geração nova, e ninguém o serve.
    assert SituacaoPublica.objects.filter(certame=montenegro).count() > len(anteriores)
    assert _servidas(montenegro) == anteriores
    # A página serve a anterior, marcada como desatualizada (a montagem vai para a fila).
    settings.PUBLICO_MONTAR_EM_SEGUNDO_PLANO = True
    inscricao = next(iter(anteriores))
    r = client.get(reverse("publico:consulta", args=[montenegro.pk]), {"inscricao": inscricao})
    assert r.status_code == 200
    assert "Situação desatualizada" in r.content.decode()
    # A montagem seguinte apaga os restos e serve o que uma montagem do zero serviria.
    monkeypatch.setattr(situacoes, "inserir_em_massa", original)
    pub = situacoes.publicar(montenegro)
    assert pub is not None and not pub.erro
    assert _servidas(montenegro) == _do_zero(montenegro) != anteriores
    assert SituacaoPublica.objects.filter(certame=montenegro).count() == len(anteriores)
    r = client.get(reverse("publico:consulta", args=[montenegro.pk]), {"inscricao": inscricao})
    assert "Situação desatualizada" not in r.content.decode()


class _Desfaz(Exception):
    """Desfaz o exemplo inteiro (cada exemplo parte do mesmo certame)."""


_ATOS = st.lists(
    st.tuples(st.sampled_from(("nomear", "desistir", "vagas", "corrigir")), st.integers(0, 99)),
    min_size=1,
    max_size=4,
)


def _aplicar(certame: Certame, tipo: str, k: int, n: int) -> None:
    """Um ato do RH escolhido por `k`; o que a aplicação recusa (nada a nomear, um empate) é
    desfeito e não conta."""
    rh, dia = _rh(), _dia(certame)
    try:
        with transaction.atomic():
            if tipo == "nomear":
                if propostas_do_motor(certame=certame):
                    _nomear_um(certame, k, portaria=f"{800 + n}/2025")
            elif tipo == "desistir":
                nomeados = list(
                    Nomeacao.objects.filter(
                        cargo__certame=certame, situacao=SituacaoNomeacao.NOMEADO
                    ).order_by("pk")
                )
                if nomeados:
                    nomeacao_registrar_desistencia(
                        usuario=rh, nomeacao=nomeados[k % len(nomeados)], data=dia,
                        motivo="desistencia",
                    )  # fmt: skip
            elif tipo == "vagas":
                cargos = list(certame.cargos.order_by("codigo"))
                vagas_novas_ofertar(
                    usuario=rh, cargo=cargos[k % len(cargos)], data=dia, quantidade=1 + k % 2,
                    justificativa="Teste", token=f"teste-{n}",
                )  # fmt: skip
            else:
                candidatos = list(Candidato.objects.filter(certame=certame).order_by("pk"))
                candidato_corrigir(
                    usuario=rh, candidato=candidatos[k % len(candidatos)], campo="nota",
                    valor=f"{50 + k % 40}.{n:02d}", motivo="Teste", fundamento="Edital", data=dia,
                )  # fmt: skip
    except ValidationError:
        pass


@settings(
    max_examples=10,  # (cada exemplo reencena e monta a situação várias vezes)
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(atos=_ATOS)
def test_por_diferenca_igual_a_do_zero(montenegro: Certame, atos: list[tuple[str, int]]) -> None:
    """Depois de cada ato de uma sequência sorteada, a situação servida de todas as inscrições é
    a de uma montagem do zero, e só foram gravadas de novo as dos cargos que mudaram."""
    try:
        with transaction.atomic():
            pub = situacoes.publicar(montenegro)
            assert pub is not None
            for n, (tipo, k) in enumerate(atos):
                antes = {s.inscricao: s.pk for s in situacoes.em_vigor(montenegro.pk)}
                geracao = pub.geracao
                _aplicar(montenegro, tipo, k, n)
                pub = situacoes.publicar(montenegro)
                assert pub is not None and not pub.erro
                assert _servidas(montenegro) == _do_zero(montenegro)
                depois = {s.inscricao: s.pk for s in situacoes.em_vigor(montenegro.pk)}
                assert SituacaoPublica.objects.filter(certame=montenegro).count() == len(depois)
                # Gravadas de novo: as linhas da geração nova, se alguma começou; as demais são
                # as mesmas linhas de antes.
                novas = situacoes.linhas_da_geracao(pub) if pub.geracao != geracao else None
                gravadas = set() if novas is None else set(novas.values_list("pk", flat=True))
                for inscricao, pk in depois.items():
                    assert pk in gravadas or antes.get(inscricao) == pk, inscricao
                if novas is not None and tipo != "corrigir":
                    # Um ato num cargo: só as linhas do cargo. (A correção reencena o livro
                    # inteiro, e o livro reencenado de um cargo pode não ter os mesmos bytes que o
                    # retomado, com o mesmo conteúdo: esse cargo é montado de novo, igual.)
                    assert novas.values("cargo").distinct().count() == 1
            raise _Desfaz
    except _Desfaz:
        pass


def test_o_ato_poe_a_montagem_na_fila_no_commit(
    montenegro: Certame, settings: Any, django_capture_on_commit_callbacks: Any
) -> None:
    """Com a montagem na fila (produção), cada ato, ao ser gravado, põe na fila a montagem da
    situação pública do certame (uma por certame, por mais atos que venham juntos): a consulta
    mostra o ato sem esperar a próxima consulta nem a volta do trabalhador. Antes da primeira
    publicação, nada vai para a fila."""
    from cotas_web.tarefas.models import ATIVOS, Tarefa, Tipo
    from cotas_web.tarefas.services import Progresso

    settings.PUBLICO_MONTAR_EM_SEGUNDO_PLANO = True

    def na_fila() -> int:
        return Tarefa.objects.filter(
            tipo=Tipo.SITUACOES, certame=montenegro, estado__in=ATIVOS
        ).count()

    with django_capture_on_commit_callbacks(execute=True):
        _nomear_um(montenegro)
    assert na_fila() == 0  # nunca publicada
    situacoes.publicar(montenegro)
    with django_capture_on_commit_callbacks(execute=True) as chamadas:
        _nomear_um(montenegro, portaria="902/2025")
        _nomear_um(montenegro, portaria="903/2025")
    assert chamadas and na_fila() == 1
    # A tarefa da fila monta a versão do último ato.
    tarefa = Tarefa.objects.get(tipo=Tipo.SITUACOES, certame=montenegro, estado__in=ATIVOS)
    situacoes.trabalho_montar(tarefa, Progresso(tarefa.pk))
    assert situacoes.para_consulta(montenegro).atual
