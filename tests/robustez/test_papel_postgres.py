"""No PostgreSQL a aplicação roda com um papel que não pode apagar, alterar, truncar nem
desligar os gatilhos do registro de auditoria (issue 15, achado 5): o de
scripts/papel_aplicacao.sql, aplicado aqui ao banco de testes como scripts/postgres.sh o aplica."""

from __future__ import annotations

import glob
import os
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest
from django.db import DatabaseError, connection, transaction

from cotas_web.auditoria.acoes import AcaoAuditada
from cotas_web.auditoria.models import Registro
from cotas_web.auditoria.services import registrar

RAIZ = Path(__file__).resolve().parents[2]
PAPEL = "cotas_app"
pytestmark = [pytest.mark.postgres, pytest.mark.django_db(transaction=True)]


def _psql() -> str | None:
    candidatos = sorted(glob.glob("/usr/lib/postgresql/*/bin/psql"))
    return shutil.which("psql") or (candidatos[-1] if candidatos else None)


def _aplicar_o_papel() -> None:
    if connection.vendor != "postgresql":
        pytest.skip("só no PostgreSQL")
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT pg_has_role(current_user, oid, 'MEMBER') FROM pg_roles WHERE rolname = %s",
            [PAPEL],
        )
        linha = cursor.fetchone()
    psql = _psql()
    if not linha or not linha[0] or psql is None:
        pytest.skip(f"sem o papel {PAPEL} (scripts/postgres.sh o cria) ou sem psql")
    banco = connection.settings_dict
    ambiente = {**os.environ, "PGPASSWORD": banco["PASSWORD"] or ""}
    subprocess.run(
        [
            psql,
            "-h",
            banco["HOST"] or "127.0.0.1",
            "-p",
            str(banco["PORT"] or 5432),
            "-U",
            banco["USER"],
            "-d",
            banco["NAME"],
            "-v",
            "ON_ERROR_STOP=1",
            "-qAt",
            "-v",
            f"papel={PAPEL}",
            "-v",
            f"dono={banco['USER']}",
            "-f",
            str(RAIZ / "scripts" / "papel_aplicacao.sql"),
        ],
        env=ambiente,
        check=True,
        capture_output=True,
        text=True,
    )


def _recusado(sql: str) -> str:
    with pytest.raises(DatabaseError) as erro, transaction.atomic(), connection.cursor() as c:
        c.execute(sql)
    return str(erro.value)


def test_papel_da_aplicacao_so_le_e_acrescenta_ao_registro(certame: Any, rita: Any) -> None:
    _aplicar_o_papel()
    with transaction.atomic():
        with connection.cursor() as cursor:
            cursor.execute(f"SET LOCAL ROLE {PAPEL}")
        # O trabalho de sempre: um ato do certame grava o seu registro.
        registro = registrar(
            usuario=rita, certame=certame, acao=AcaoAuditada.CERTAME_CORRIGIDO, descricao="como app"
        )
        assert Registro.objects.filter(pk=registro.pk).exists()
        assert "permission denied" in _recusado("DELETE FROM auditoria_registro")
        assert "permission denied" in _recusado("UPDATE auditoria_registro SET acao = 'x'")
        assert "permission denied" in _recusado("TRUNCATE auditoria_registro")
        assert "owner" in _recusado("ALTER TABLE auditoria_registro DISABLE TRIGGER USER")
        assert "owner" in _recusado(
            "DROP TRIGGER auditoria_registro_imutavel ON auditoria_registro"
        )
        # As demais tabelas a aplicação escreve normalmente.
        with connection.cursor() as cursor:
            cursor.execute("UPDATE certames_certame SET nome = nome WHERE id = %s", [certame.pk])
        with connection.cursor() as cursor:
            cursor.execute("RESET ROLE")


def test_migracao_tira_de_quem_nao_e_dono_o_poder_de_apagar_o_registro() -> None:
    """Um GRANT amplo depois (ou privilégios padrão antigos) não devolve o DELETE: a migração
    que cria os gatilhos o revoga de todo papel que não é o dono."""
    _aplicar_o_papel()
    from cotas_web.auditoria import gatilhos

    with connection.cursor() as cursor:
        cursor.execute(f"GRANT ALL ON auditoria_registro TO {PAPEL}")
    with connection.schema_editor() as editor:
        gatilhos.criar(editor)
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT has_table_privilege(%s, 'auditoria_registro', 'DELETE'), "
            "has_table_privilege(%s, 'auditoria_registro', 'TRUNCATE'), "
            "has_table_privilege(%s, 'auditoria_registro', 'INSERT')",
            [PAPEL, PAPEL, PAPEL],
        )
        assert cursor.fetchone() == (False, False, True)


def test_acrescimo_forjado_pelo_papel_da_aplicacao_e_apontado(certame: Any, rita: Any) -> None:
    """Quem tem as credenciais do papel da aplicação acrescenta ao registro, mas sem a chave do
    selo (fora do banco) o acréscimo não confere: nem com o SHA-256 de antes calculado certo,
    nem com um HMAC de chave adivinhada (issue 23)."""
    from cotas_web.auditoria import cadeia
    from tests.web.test_auditoria import _verificar
    from tests.web.test_selo_com_chave import forjar

    _aplicar_o_papel()
    # Um em cada cadeia (a do certame e a sem certame): cada uma quebra no seu forjado.
    casos = (
        (certame, cadeia.SEM_CHAVE, None, "sem chave"),
        (None, cadeia.HMAC, b"adivinhada", "não confere com o selo"),
    )
    for alvo, versao, chave, _ in casos:
        with transaction.atomic():
            with connection.cursor() as cursor:
                cursor.execute(f"SET LOCAL ROLE {PAPEL}")
            registrar(
                usuario=rita,
                certame=alvo,
                acao=AcaoAuditada.CERTAME_CORRIGIDO,
                descricao="como app",
            )
            falso = forjar(alvo.pk if alvo else None, versao, chave)
            with connection.cursor() as cursor:
                cursor.execute("RESET ROLE")
        codigo, texto = _verificar("--so-cadeia")
        assert codigo == 1
        assert f"registro {falso.pk} (" in texto and casos[0][3] in texto
    assert casos[1][3] in texto
