"""O livro guardado no banco (`cotas_web.ponte.estado`): cada ato retoma o livro do anterior e
aplica só o que é novo, com o mesmo resultado da reencenação desde o edital; o estado que não
confere (forjado, de outra versão dos candidatos, de um ato tornado sem efeito, ou seguido de um
ato com data anterior) é refeito, nunca usado."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from datetime import date, timedelta
from typing import Any
from unittest import mock

import pytest

from cotas.motor.certame import Certame as CertameMotor
from cotas_web.candidatos.correcoes import candidato_corrigir
from cotas_web.candidatos.models import Candidato
from cotas_web.certames.models import EstadoDoCertame
from cotas_web.nomeacoes.models import Nomeacao, SituacaoNomeacao
from cotas_web.nomeacoes.selectors import propostas_do_motor
from cotas_web.nomeacoes.services import (
    nomeacao_confirmar,
    nomeacao_registrar_desistencia,
    nomeacao_tornar_sem_efeito,
    vagas_novas_ofertar,
)
from cotas_web.ponte import reencenacao, tabela

pytestmark = pytest.mark.django_db


@contextmanager
def _reencenacoes() -> Iterator[list[int]]:
    """Conta as reencenações desde o edital (`Certame.apurar`) feitas dentro do bloco."""
    contagem = [0]
    original = CertameMotor.apurar

    def contar(self: Any, *args: Any, **kwargs: Any) -> Any:
        contagem[0] += 1
        return original(self, *args, **kwargs)

    with mock.patch.object(CertameMotor, "apurar", contar):
        yield contagem


@contextmanager
def _reapuracoes() -> Iterator[list[str]]:
    """Os cargos reapurados sobre o livro guardado (`Certame.reapurar`) dentro do bloco."""
    cargos: list[str] = []
    original = CertameMotor.reapurar

    def contar(self: Any, cargo: str, *args: Any, **kwargs: Any) -> Any:
        cargos.append(cargo)
        return original(self, cargo, *args, **kwargs)

    with mock.patch.object(CertameMotor, "reapurar", contar):
        yield cargos


def _livro(motor: Any) -> list[Any]:
    return [
        (motor.nomeacoes(c), motor.ocorrencias(c), motor.vagas(c), motor.ocupantes(c))
        for c in sorted(motor.cargos)
    ]


def _confere_com_a_reencenacao(certame: Any) -> None:
    """O livro retomado é o da reencenação desde o edital, lida do banco."""
    assert _livro(reencenacao.reencenar(certame)) == _livro(
        reencenacao.reencenar(certame, do_banco=True)
    )


def _confirmar_a_primeira(certame: Any, rita: Any, portaria: str, dia: date) -> Nomeacao:
    proposta = propostas_do_motor(certame=certame)[0]
    return nomeacao_confirmar(
        usuario=rita,
        cargo=proposta.cargo,
        inscricao=proposta.inscricao,
        portaria=portaria,
        data_portaria=dia,
    )


def _demo_com_uma_nomeada_em_dois_cargos(
    rita: Any, *, guardar_antes: bool = False
) -> tuple[Any, date, tuple[Any, Any], dict[str, Nomeacao]]:
    """O exemplo de Montenegro (vários cargos) com uma nomeação confirmada em cada um dos dois
    primeiros, no dia seguinte ao último ato: o certame, esse dia, os dois cargos e as
    nomeações por código. `guardar_antes`: o livro guardado antes delas."""
    from io import StringIO

    from django.core.management import call_command

    from cotas_web.certames import datas
    from cotas_web.certames.models import Certame

    call_command("carregar_exemplo", "--demo", stdout=StringIO())
    certame = Certame.objects.get(nome="Concurso Público 01/2025")
    ultimo = datas.data_do_ultimo_ato(certame)
    assert ultimo is not None
    dia = ultimo + timedelta(days=1)
    a, b = list(certame.cargos.order_by("codigo"))[:2]
    if guardar_antes:
        reencenacao.reencenar(certame)
    nomeadas = {}
    for cargo, portaria in ((a, "901/2025"), (b, "902/2025")):
        proposta = propostas_do_motor(certame=certame, cargo=cargo)[0]
        nomeadas[cargo.codigo] = nomeacao_confirmar(
            usuario=rita,
            cargo=cargo,
            inscricao=proposta.inscricao,
            portaria=portaria,
            data_portaria=dia,
        )
    return certame, dia, (a, b), nomeadas


def test_cada_ato_retoma_o_livro_do_anterior(certame_homologado: Any, rita: Any) -> None:
    certame = certame_homologado
    reencenacao.reencenar(certame)  # o primeiro pedido reencena e guarda
    assert EstadoDoCertame.objects.filter(certame=certame).count() == 1
    with _reencenacoes() as reencenacoes:
        primeira = _confirmar_a_primeira(certame, rita, "101/2025", date(2025, 8, 3))
        _confirmar_a_primeira(certame, rita, "102/2025", date(2025, 8, 3))
        nomeacao_registrar_desistencia(
            usuario=rita, nomeacao=primeira, data=date(2025, 8, 10), motivo="desistencia"
        )
        vagas_novas_ofertar(
            usuario=rita,
            cargo=certame.cargos.get(),
            data=date(2025, 8, 11),
            quantidade=2,
            justificativa="Lei municipal de criação de cargos",
        )
        motor = reencenacao.reencenar(certame)
    assert reencenacoes == [0]
    ocorrencias = [o.tipo for o in motor.ocorrencias(certame.cargos.get().codigo)]
    assert ocorrencias == ["desistencia"]
    estado = EstadoDoCertame.objects.get(certame=certame)
    assert len(estado.eventos) == 2  # a desistência e as novas vagas
    _confere_com_a_reencenacao(certame)


def test_estado_forjado_no_banco_nao_e_retomado(certame_homologado: Any, rita: Any) -> None:
    certame = certame_homologado
    reencenacao.reencenar(certame)
    EstadoDoCertame.objects.filter(certame=certame).update(selo="0" * 64)
    with _reencenacoes() as reencenacoes:
        reencenacao.reencenar(certame)
    assert reencenacoes == [1]
    # E o refeito volta a ser retomado.
    with _reencenacoes() as reencenacoes:
        reencenacao.reencenar(certame)
    assert reencenacoes == [0]


def test_correcao_dos_candidatos_refaz_o_livro(certame_homologado: Any, rita: Any) -> None:
    """Num certame de um cargo só, a correção muda os candidatos de todos os cargos: o livro é
    reencenado desde o edital, com a marca nova dos candidatos."""
    certame = certame_homologado
    _confirmar_a_primeira(certame, rita, "101/2025", date(2025, 8, 3))
    (antes,) = EstadoDoCertame.objects.get(certame=certame).cargos.values()
    ultimo = Candidato.objects.filter(certame=certame, nomeacoes__isnull=True).order_by("-pk")[0]
    with _reencenacoes() as reencenacoes:
        candidato_corrigir(
            usuario=rita,
            candidato=ultimo,
            campo="nota",
            valor="99,50",
            motivo="Recurso da prova provido",
            fundamento="Decisão do recurso nº 7/2025",
            data=date(2025, 8, 5),
        )
    # Duas: o livro com os atos (a marca dos candidatos mudou) e a conta do cargo sem eles, que
    # mostra a preterição.
    assert reencenacoes == [2]
    (depois,) = EstadoDoCertame.objects.get(certame=certame).cargos.values()
    assert depois[2] != antes[2]  # a marca dos candidatos do cargo
    _confere_com_a_reencenacao(certame)


@pytest.mark.django_db(transaction=True)  # (o quadro só se guarda fora de uma transação)
def test_correcao_reapura_so_o_cargo_do_corrigido(rita: Any) -> None:
    """Num certame de vários cargos, com nomeações publicadas: a correção de uma nota reapura só
    o cargo do corrigido, sobre o livro guardado dos outros, e o livro é o da reencenação desde
    o edital lida do banco; o quadro dos candidatos é remendado, relendo do banco só a linha do
    corrigido (`ponte.mudancas`; sem ela, seriam os do cargo)."""
    certame, dia, (_a, b), _ = _demo_com_uma_nomeada_em_dois_cargos(rita)
    reencenacao.reencenar(certame)  # guarda o livro e o quadro
    antes = dict(EstadoDoCertame.objects.get(certame=certame).cargos)
    ultimo = (
        Candidato.objects.filter(certame=certame, cargo=b, nomeacoes__isnull=True)
        .order_by("-nota", "-pk")
        .last()
    )
    assert ultimo is not None
    reapurados: list[str] = []
    original = CertameMotor.reapurar

    def contar(self: Any, cargo: str, *args: Any, **kwargs: Any) -> Any:
        reapurados.append(cargo)
        return original(self, cargo, *args, **kwargs)

    lidos: list[Any] = []
    do_banco = tabela._quadro_do_banco

    def ler(*args: Any, **kwargs: Any) -> Any:
        lidos.append(kwargs.get("ids", args[3] if len(args) > 3 else None))
        return do_banco(*args, **kwargs)

    with (
        _reencenacoes() as reencenacoes,
        mock.patch.object(CertameMotor, "reapurar", contar),
        mock.patch.object(tabela, "_quadro_do_banco", ler),
    ):
        candidato_corrigir(
            usuario=rita,
            candidato=ultimo,
            campo="nota",
            valor="100",
            motivo="Recurso da prova provido",
            fundamento="Decisão do recurso nº 7/2025",
            data=dia,
        )
    # Só a conta do cargo sem os atos publicados (a preterição) é uma reencenação, de um cargo.
    assert reencenacoes == [1]
    assert reapurados == [b.codigo]
    assert lidos and all(linhas == [ultimo.pk] for linhas in lidos)
    depois = dict(EstadoDoCertame.objects.get(certame=certame).cargos)
    assert depois[b.codigo][2] != antes[b.codigo][2]
    assert {c: v for c, v in depois.items() if c != b.codigo} == {
        c: v for c, v in antes.items() if c != b.codigo
    }
    _confere_com_a_reencenacao(certame)
    motor = reencenacao.reencenar(certame)
    posicao = motor.listas(b.codigo).geral.posicao_de(ultimo.inscricao)
    assert posicao == 0  # a nota corrigida, a maior do cargo


def test_ato_tornado_sem_efeito_refaz_o_livro(certame_homologado: Any, rita: Any) -> None:
    certame = certame_homologado
    _confirmar_a_primeira(certame, rita, "101/2025", date(2025, 8, 3))
    segunda = _confirmar_a_primeira(certame, rita, "102/2025", date(2025, 8, 3))
    nomeacao_tornar_sem_efeito(
        usuario=rita,
        nomeacao=segunda,
        data=date(2025, 8, 4),
        ato="Portaria nº 110/2025",
        autoridade="Prefeito Municipal",
        motivo="Portaria com o número errado",
    )
    assert Nomeacao.objects.get(pk=segunda.pk).situacao == SituacaoNomeacao.SEM_EFEITO
    _confere_com_a_reencenacao(certame)
    # A vaga volta a ser proposta, a quem a lei a dá.
    assert propostas_do_motor(certame=certame)[0].inscricao == segunda.candidato.inscricao


def test_ato_do_mesmo_dia_que_o_livro_poe_antes_reapura_o_cargo(
    certame_homologado: Any, rita: Any
) -> None:
    """Novas vagas e, no mesmo dia, uma desistência registrada depois: o livro aplica a saída
    antes das novas vagas, e o livro guardado do cargo, que já tinha as novas vagas, não serve:
    o cargo é reapurado desde a abertura com os eventos dele."""
    certame = certame_homologado
    primeira = _confirmar_a_primeira(certame, rita, "101/2025", date(2025, 8, 3))
    vagas_novas_ofertar(
        usuario=rita,
        cargo=certame.cargos.get(),
        data=date(2025, 8, 10),
        quantidade=1,
        justificativa="Lei municipal de criação de cargos",
    )
    with _reencenacoes() as reencenacoes, _reapuracoes() as reapurados:
        nomeacao_registrar_desistencia(
            usuario=rita, nomeacao=primeira, data=date(2025, 8, 10), motivo="desistencia"
        )
    assert reencenacoes == [0]
    assert reapurados == [certame.cargos.get().codigo]
    _confere_com_a_reencenacao(certame)


def test_saida_de_um_cargo_depois_das_novas_vagas_de_outro_no_mesmo_dia_retoma(
    rita: Any,
) -> None:
    """Os cargos não dependem uns dos outros: a desistência num cargo, registrada depois das
    novas vagas de outro no mesmo dia (o livro põe saídas antes de novas vagas), é aplicada ao
    livro guardado sem reencenar, e o livro é o da reencenação desde o edital."""
    certame, dia, (a, b), nomeados = _demo_com_uma_nomeada_em_dois_cargos(rita, guardar_antes=True)
    vagas_novas_ofertar(
        usuario=rita, cargo=a, data=dia, quantidade=1, justificativa="Lei de criação de cargos"
    )
    with _reencenacoes() as reencenacoes:
        nomeacao_registrar_desistencia(
            usuario=rita, nomeacao=nomeados[b.codigo], data=dia, motivo="desistencia"
        )
        motor = reencenacao.reencenar(certame)
    assert reencenacoes == [0]
    assert [o.tipo for o in motor.ocorrencias(b.codigo)][-1] == "desistencia"
    _confere_com_a_reencenacao(certame)
    # No mesmo cargo, a saída depois das novas vagas do mesmo dia reapura o cargo (só ele).
    with _reencenacoes() as reencenacoes, _reapuracoes() as reapurados:
        nomeacao_registrar_desistencia(
            usuario=rita, nomeacao=nomeados[a.codigo], data=dia, motivo="desistencia"
        )
    assert reencenacoes == [0]
    assert reapurados == [a.codigo]
    _confere_com_a_reencenacao(certame)


def test_tornar_sem_efeito_reapura_so_o_cargo_do_ato(rita: Any) -> None:
    """Num certame de vários cargos, a nomeação de um cargo tornada sem efeito: o livro
    guardado desse cargo não serve mais (o ato saiu dos fatos) e só ele é reapurado; o livro é
    o da reencenação desde o edital, e a vaga volta a ser proposta."""
    certame, dia, (_a, b), nomeadas = _demo_com_uma_nomeada_em_dois_cargos(rita)
    reencenacao.reencenar(certame)
    with _reencenacoes() as reencenacoes, _reapuracoes() as reapurados:
        nomeacao_tornar_sem_efeito(
            usuario=rita,
            nomeacao=nomeadas[b.codigo],
            data=dia + timedelta(days=1),
            ato="Portaria nº 910/2025",
            autoridade="Prefeito Municipal",
            motivo="Portaria com o número errado",
        )
        motor = reencenacao.reencenar(certame)
    assert reencenacoes == [0]
    assert set(reapurados) == {b.codigo}
    _confere_com_a_reencenacao(certame)
    assert motor.ocupantes(b.codigo) == reencenacao.reencenar(certame, do_banco=True).ocupantes(
        b.codigo
    )
    assert propostas_do_motor(certame=certame, cargo=b)[0].inscricao == (
        nomeadas[b.codigo].candidato.inscricao
    )
