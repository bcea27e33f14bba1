"""O fundamento legal que a web grava no registro de cada ato é o que o motor deu ao reencenar o
ato, nunca recalculado na web (issue 14, item 10)."""

from __future__ import annotations

from datetime import date
from typing import Any

import pytest

from cotas_web.auditoria.models import Registro
from cotas_web.nomeacoes.models import Nomeacao
from cotas_web.nomeacoes.selectors import propostas_do_motor
from cotas_web.nomeacoes.services import (
    candidato_registrar_desistencia,
    nomeacao_confirmar,
    nomeacao_registrar_desistencia,
    vagas_novas_ofertar,
)
from cotas_web.ponte import leis, reencenacao

pytestmark = pytest.mark.django_db


def _confirmar_todas(certame: Any, rita: Any) -> list[Nomeacao]:
    return [
        nomeacao_confirmar(
            usuario=rita,
            cargo=p.cargo,
            inscricao=p.inscricao,
            portaria=f"{100 + p.ordem}/2025",
            data_portaria=date(2025, 8, 3),
        )
        for p in propostas_do_motor(certame=certame)
    ]


def _do_motor(certame: Any, tipo: str, inscricao: str) -> str:
    """A citação que o motor deu à ocorrência, reencenando o certame."""
    motor = reencenacao.reencenar(certame)
    (ocorrencia,) = [
        o for o in motor.ocorrencias("PROF") if o.tipo == tipo and o.inscricao == inscricao
    ]
    citacao: str = ocorrencia.razao.fundamento_curto()
    return citacao


def _citacao_da_desistencia_reservada(certame: Any) -> str:
    negros = leis.regras_do_certame(certame).grupo("negros")
    assert negros is not None
    return "; ".join(r.citacao() for r in negros.ref("desistencia"))


def test_desistencia_em_vaga_ampla_nao_cita_a_regra_da_vaga_reservada(
    certame_homologado: Any, rita: Any
) -> None:
    atos = _confirmar_todas(certame_homologado, rita)
    nomeacao_registrar_desistencia(
        usuario=rita, nomeacao=atos[0], data=date(2025, 8, 20), motivo="desistencia"
    )
    registro = Registro.objects.get(acao="desistencia")
    reservada = _citacao_da_desistencia_reservada(certame_homologado)
    assert reservada and reservada not in registro.fundamento
    assert registro.fundamento == _do_motor(certame_homologado, "desistencia", "1001")


def test_prazo_sem_posse_em_vaga_ampla_tambem(certame_homologado: Any, rita: Any) -> None:
    atos = _confirmar_todas(certame_homologado, rita)
    nomeacao_registrar_desistencia(
        usuario=rita, nomeacao=atos[1], data=date(2025, 8, 20), motivo="sem_posse"
    )
    registro = Registro.objects.get(acao="sem_posse")
    assert _citacao_da_desistencia_reservada(certame_homologado) not in registro.fundamento
    # (a ocorrência do motor é o prazo de posse esgotado, não mais uma desistência)
    assert registro.fundamento == _do_motor(certame_homologado, "sem_posse", "1002")


def test_desistencia_em_vaga_reservada_cita_a_regra_do_motor(
    certame_homologado: Any, rita: Any
) -> None:
    atos = _confirmar_todas(certame_homologado, rita)
    nomeacao_registrar_desistencia(
        usuario=rita, nomeacao=atos[2], data=date(2025, 8, 20), motivo="desistencia"
    )
    registro = Registro.objects.get(acao="desistencia")
    assert registro.fundamento == _do_motor(certame_homologado, "desistencia", "1006")
    assert _citacao_da_desistencia_reservada(certame_homologado) in registro.fundamento


def test_desistencia_de_quem_nao_foi_nomeado_nao_cita_a_vaga_reservada(
    certame_homologado: Any, rita: Any
) -> None:
    from cotas_web.candidatos.models import Candidato

    nilo = Candidato.objects.get(inscricao="1007")
    candidato_registrar_desistencia(usuario=rita, candidato=nilo, data=date(2025, 8, 5))
    registro = Registro.objects.get(acao="desistencia")
    assert _citacao_da_desistencia_reservada(certame_homologado) not in registro.fundamento
    assert registro.fundamento == _do_motor(certame_homologado, "desistencia", "1007")


def test_novas_vagas_citam_a_reserva_que_o_motor_calculou(
    certame_homologado: Any, rita: Any
) -> None:
    _confirmar_todas(certame_homologado, rita)
    cargo = certame_homologado.cargos.get()
    vagas_novas_ofertar(
        usuario=rita,
        cargo=cargo,
        data=date(2025, 10, 1),
        quantidade=3,
        justificativa="Lei cria 3 cargos",
    )
    registro = Registro.objects.get(acao="vagas_novas")
    reserva = reencenacao.reencenar(certame_homologado).reserva("PROF")
    esperado = [r.citacao() for razao in reserva.razoes.values() for r in razao.fundamentos]
    assert esperado and registro.fundamento == "; ".join(dict.fromkeys(esperado))


def test_anulacao_cita_o_que_o_motor_deu(certame_homologado: Any, rita: Any) -> None:
    from cotas_web.candidatos.models import Candidato
    from cotas_web.candidatos.services import fraude_abrir, fraude_decidir, fraude_registrar_defesa

    _confirmar_todas(certame_homologado, rita)
    nadia = Candidato.objects.get(inscricao="1006")
    proc = fraude_abrir(usuario=rita, candidato=nadia, data=date(2025, 8, 10), motivo="denúncia")
    fraude_registrar_defesa(usuario=rita, procedimento=proc, data=date(2025, 8, 20), defesa="x")
    fraude_decidir(
        usuario=rita,
        procedimento=proc,
        data=date(2025, 8, 30),
        decisao="falsidade",
        fundamentacao="provas",
        autoridade="Prefeito Municipal",
    )
    registro = Registro.objects.get(acao="fraude_decidido")
    assert registro.fundamento == _do_motor(certame_homologado, "anulacao", "1006")
