"""O registro de auditoria só recebe acréscimos (issue 4, item 7)."""

from __future__ import annotations

from typing import Any

import pytest
from django.db import IntegrityError, connection, transaction
from django.db.utils import DatabaseError

from cotas_web.auditoria.models import Registro, RegistroImutavel
from cotas_web.auditoria.services import registrar

pytestmark = pytest.mark.django_db


def test_cada_mudanca_fica_registrada_com_quem_e_fundamento(certame: Any, rita: Any) -> None:
    registros = list(Registro.objects.filter(certame=certame))
    assert [r.acao for r in registros] == ["certame_criado", "cargo_adicionado"]
    assert all(r.usuario_nome == "rita" for r in registros)
    assert "Lei Ordinária nº 7.344" in registros[0].descricao
    assert "arts. 17 e 18" in registros[0].fundamento
    assert "art. 1º" in registros[1].fundamento


def test_registro_nao_pode_ser_alterado_nem_apagado(certame: Any) -> None:
    r = Registro.objects.filter(certame=certame).first()
    assert r is not None
    r.descricao = "adulterado"
    with pytest.raises(RegistroImutavel):
        r.save()
    with pytest.raises(RegistroImutavel):
        r.delete()
    with pytest.raises(RegistroImutavel):
        Registro.objects.filter(pk=r.pk).update(descricao="x")
    with pytest.raises(RegistroImutavel):
        Registro.objects.filter(pk=r.pk).delete()


def test_o_banco_tambem_recusa_alterar(certame: Any) -> None:
    r = Registro.objects.filter(certame=certame).first()
    assert r is not None
    with pytest.raises((DatabaseError, IntegrityError)), transaction.atomic(), \
            connection.cursor() as cursor:
        cursor.execute(
            "UPDATE auditoria_registro SET descricao = %s WHERE id = %s", ["x", r.pk]
        )
    r.refresh_from_db()
    assert r.descricao != "x"


@pytest.mark.django_db(transaction=True)
def test_auditoria_exige_a_transacao_da_mudanca(rita: Any) -> None:
    with pytest.raises(RuntimeError):
        registrar(usuario=rita, certame=None, acao="x", descricao="fora da transação")


def test_falha_desfaz_mudanca_e_registro_juntos(certame: Any, rita: Any) -> None:
    from django.core.exceptions import ValidationError

    from cotas_web.certames.services import cargo_adicionar

    antes = Registro.objects.count()
    with pytest.raises(ValidationError):
        cargo_adicionar(usuario=rita, certame=certame, codigo="PROF", nome="x", vagas_edital=1)
    assert Registro.objects.count() == antes
