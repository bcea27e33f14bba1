"""O selo com chave do registro de auditoria (issue 23, item 5): quem tem só o banco (o papel da
aplicação, que acrescenta registros) não acrescenta um registro que confira; os registros de
antes da chave continuam conferindo pela sua versão; a troca de chave."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

import pytest
from django.conf import settings
from django.db import connection, transaction
from django.test import override_settings

from cotas_web.auditoria import cadeia
from cotas_web.auditoria.acoes import AcaoAuditada
from cotas_web.auditoria.models import Registro
from cotas_web.auditoria.services import registrar

from .test_auditoria import _mais_registros, _verificar

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _marco_da_migracao() -> None:
    """O banco como as migrações o deixam: um teste transacional que rodou antes no mesmo
    processo (pytest-xdist) esvazia as tabelas, o marco da migração 0004 junto; refeito aqui pela
    própria função da migração."""
    from importlib import import_module

    from django.apps import apps

    if not Registro.objects.filter(acao=cadeia.MARCO).exists():
        import_module("cotas_web.auditoria.migrations.0004_selo_com_chave").marcar(apps, None)


def forjar(
    certame_id: int | None, versao: int, chave: bytes | None = None, *, identificada: bool = False
) -> Registro:
    """Um registro acrescentado por SQL, com o selo calculado certo: o que o papel da aplicação
    faz com as credenciais do banco (sem a chave, ou com uma adivinhada; `identificada`: com a
    identificação da própria chave, a de quem a obteve)."""
    ultimo = Registro.objects.da_cadeia(certame_id).order_by("-id").first()
    assert ultimo is not None
    falso = Registro(
        certame_id=certame_id,
        usuario_nome="rita",
        quando=ultimo.quando + timedelta(seconds=1),
        acao="certame_homologado",
        descricao="Resultado homologado",
        fundamento="",
        dados={},
        anterior=ultimo.hash,
    )
    if versao == cadeia.SEM_CHAVE:
        falso.selo_versao, falso.selo_chave = cadeia.SEM_CHAVE, ""
        falso.hash = cadeia.selo_sem_chave(falso)
    else:
        assert chave is not None
        cadeia.selar(falso, chave)
        if not identificada:
            falso.selo_chave = ultimo.selo_chave  # (finge a chave de verdade)
        falso.hash = cadeia.selo_com_chave(falso, chave)
    with connection.cursor() as cursor:
        cursor.execute(
            "INSERT INTO auditoria_registro (certame_id, usuario_nome, quando, acao, descricao, "
            "fundamento, dados, anterior, hash, selo_versao, selo_chave) "
            "VALUES (%s, %s, %s, %s, %s, %s, '{}', %s, %s, %s, %s)",
            [
                falso.certame_id,
                falso.usuario_nome,
                falso.quando,
                falso.acao,
                falso.descricao,
                falso.fundamento,
                falso.anterior,
                falso.hash,
                falso.selo_versao,
                falso.selo_chave,
            ],
        )
    return Registro.objects.da_cadeia(certame_id).order_by("-id")[0]


def test_registros_novos_sao_selados_com_a_chave(certame: Any, rita: Any) -> None:
    registros = _mais_registros(certame, rita)
    for r in registros:
        assert r.selo_versao == cadeia.HMAC and len(r.selo_chave) == 16
        # o selo não é o SHA-256 que quem tem só o banco calcula
        assert r.hash == cadeia.selo(r) and r.hash != cadeia.selo_sem_chave(r)
    assert _verificar()[0] == 0


def test_acrescimo_com_sha256_correto_sem_chave_e_apontado(certame: Any, rita: Any) -> None:
    _mais_registros(certame, rita)
    assert _verificar()[0] == 0
    falso = forjar(certame.pk, cadeia.SEM_CHAVE)
    assert falso.selo_versao == cadeia.SEM_CHAVE and falso.hash == cadeia.selo_sem_chave(falso)
    for args in ((), ("--so-cadeia",), ("--certame", str(certame.pk))):
        codigo, texto = _verificar(*args)
        assert codigo == 1
        assert f"registro {falso.pk} (" in texto and "sem chave" in texto


def test_acrescimo_com_chave_adivinhada_e_apontado(certame: Any, rita: Any) -> None:
    _mais_registros(certame, rita)
    falso = forjar(certame.pk, cadeia.HMAC, b"uma chave que nao e a do servidor")
    codigo, texto = _verificar("--so-cadeia")
    assert codigo == 1
    assert f"registro {falso.pk} (" in texto and "não confere com o selo" in texto


def test_registro_sem_chave_antes_do_marco_confere_e_depois_nao(certame: Any, rita: Any) -> None:
    """O marco da migração 0004 (na cadeia sem certame) diz até onde vale o selo sem chave; um
    marco forjado (sem a chave) não muda isso."""
    marco = Registro.objects.filter(acao=cadeia.MARCO).get()
    assert marco.selo_versao == cadeia.HMAC and marco.certame_id is None
    assert marco.hash == cadeia.selo(marco)
    ultimo = marco.dados["ultimo_sem_chave"]
    assert all(r.pk > ultimo for r in Registro.objects.filter(certame=certame))
    # Um marco falso que "autorizaria" registros sem chave até o id 10⁹: não confere.
    with transaction.atomic():
        registrar(
            usuario=rita, certame=None, acao=AcaoAuditada.CERTAME_CORRIGIDO, descricao="sem certame"
        )
    ultimo_sem_certame = Registro.objects.da_cadeia(None).order_by("-id")[0]
    with connection.cursor() as cursor:
        cursor.execute(
            "INSERT INTO auditoria_registro (certame_id, usuario_nome, quando, acao, descricao, "
            "fundamento, dados, anterior, hash, selo_versao, selo_chave) VALUES (NULL, "
            "'sistema', %s, %s, 'marco', '', %s, %s, %s, 2, %s)",
            [
                ultimo_sem_certame.quando,
                cadeia.MARCO,
                '{"ultimo_sem_chave": 1000000000}',
                ultimo_sem_certame.hash,
                "0" * 64,
                marco.selo_chave,
            ],
        )
    falso = forjar(certame.pk, cadeia.SEM_CHAVE)
    codigo, texto = _verificar("--so-cadeia")
    assert codigo == 1 and f"registro {falso.pk} (" in texto and "sem chave" in texto


def test_troca_de_chave(certame: Any, rita: Any) -> None:
    """Os registros selados com a chave antiga conferem enquanto ela estiver entre as
    anteriores; sem ela, a conferência diz que falta a chave (não confunde com forjado)."""
    antiga = "chave-antiga-de-teste-com-mais-de-32-bytes-0123"
    nova = "chave-nova-de-teste-com-mais-de-32-bytes-456789"
    with override_settings(COTAS_CHAVE_AUDITORIA=antiga):
        velhos = _mais_registros(certame, rita, 2)
    # (o marco e os registros de antes foram selados com a de desenvolvimento: também anterior)
    anteriores = [antiga, settings.CHAVE_AUDITORIA_DE_DESENVOLVIMENTO]
    with override_settings(
        COTAS_CHAVE_AUDITORIA=nova, COTAS_CHAVES_AUDITORIA_ANTERIORES=anteriores
    ):
        novos = _mais_registros(certame, rita, 1)
        assert novos[-1].selo_chave != velhos[-1].selo_chave
        assert _verificar("--so-cadeia")[0] == 0
    with override_settings(COTAS_CHAVE_AUDITORIA=nova):
        codigo, texto = _verificar("--so-cadeia")
    assert codigo == 1 and "chave que este servidor não conhece" in texto


def test_troca_registrada_aposenta_a_chave_antiga(certame: Any, rita: Any) -> None:
    """Depois de `trocar_chave_auditoria`, a chave antiga ainda confere o que selou antes, mas
    um registro acrescentado depois com ela (por quem a obteve: o motivo de uma troca) é apontado,
    com o registro da troca."""
    from io import StringIO

    from django.core.management import call_command
    from django.core.management.base import CommandError

    antiga = "chave-antiga-de-teste-com-mais-de-32-bytes-0123"
    nova = "chave-nova-de-teste-com-mais-de-32-bytes-456789"
    with override_settings(COTAS_CHAVE_AUDITORIA=antiga):
        _mais_registros(certame, rita, 2)
    # Sem chave anterior configurada, nada a aposentar: recusado.
    with override_settings(COTAS_CHAVE_AUDITORIA=nova, COTAS_CHAVES_AUDITORIA_ANTERIORES=[]):
        with pytest.raises(CommandError, match="Nenhuma chave anterior") as recusa:
            call_command("trocar_chave_auditoria", stdout=StringIO())
        assert recusa.value.returncode == 2
    anteriores = [antiga, settings.CHAVE_AUDITORIA_DE_DESENVOLVIMENTO]
    with override_settings(
        COTAS_CHAVE_AUDITORIA=nova, COTAS_CHAVES_AUDITORIA_ANTERIORES=anteriores
    ):
        saida = StringIO()
        call_command("trocar_chave_auditoria", stdout=saida)
        assert "2 chave(s) aposentada(s)" in saida.getvalue()
        troca = Registro.objects.get(acao=cadeia.TROCA_DE_CHAVE)
        assert troca.selo_chave == cadeia.identificacao(nova.encode())
        _mais_registros(certame, rita, 1)  # (a aplicação já sela com a nova)
        assert _verificar("--so-cadeia")[0] == 0
        forjado_id = forjar(certame.pk, cadeia.HMAC, antiga.encode(), identificada=True).pk
        codigo, texto = _verificar("--so-cadeia")
    assert codigo == 1
    assert f"registro {forjado_id}" in texto
    assert f"aposentada pela troca de chave do registro {troca.pk}" in texto


def test_verificacao_avisa_da_chave_de_desenvolvimento(certame: Any) -> None:
    codigo, texto = _verificar("--so-cadeia")
    assert codigo == 0 and "chave de desenvolvimento" in texto


@pytest.mark.django_db(transaction=True)
def test_registro_sem_chave_numa_lacuna_antiga_da_sequencia_e_apontado(
    certame: Any, certame_mostardas: Any
) -> None:
    """Um registro sem chave com um id anterior ao marco (a lacuna de um registro que não ficou)
    acrescentado ao fim de uma cadeia que parou antes do selo com chave: o marco guarda o último
    registro de cada cadeia, e o acréscimo não confere."""
    from django.db.migrations.executor import MigrationExecutor

    from .test_auditoria import _sem_gatilhos

    antes = [("auditoria", "0002_imutavel_no_banco")]
    executor = MigrationExecutor(connection)
    executor.migrate(antes)
    antigo = executor.loader.project_state(antes).apps.get_model("auditoria", "Registro")

    def velho(c: Any, acao: str) -> Any:
        return antigo.objects.create(
            certame_id=c.pk, usuario_nome="rita", acao=acao, descricao="antes", dados={}
        )

    velho(certame, "a1")
    velho(certame_mostardas, "b1")
    lacuna = velho(certame_mostardas, "desfeito").pk
    velho(certame, "a2")
    _sem_gatilhos()
    with connection.cursor() as cursor:
        cursor.execute("DELETE FROM auditoria_registro WHERE id = %s", [lacuna])
    MigrationExecutor(connection).migrate([("auditoria", "0004_selo_com_chave")])
    assert _verificar("--so-cadeia")[0] == 0
    marco = Registro.objects.filter(acao=cadeia.MARCO).order_by("-id")[0]
    assert lacuna < marco.dados["ultimo_sem_chave"]
    ultimo_b = Registro.objects.da_cadeia(certame_mostardas.pk).order_by("-id")[0]
    assert (
        ultimo_b.acao == "b1" and marco.dados["cabecas"][str(certame_mostardas.pk)] == ultimo_b.pk
    )
    falso = Registro(
        certame_id=certame_mostardas.pk,
        usuario_nome="rita",
        quando=ultimo_b.quando,
        acao="certame_homologado",
        descricao="Resultado homologado",
        fundamento="",
        dados={},
        anterior=ultimo_b.hash,
    )
    falso.selo_versao, falso.selo_chave = cadeia.SEM_CHAVE, ""
    falso.hash = cadeia.selo_sem_chave(falso)
    with connection.cursor() as cursor:
        cursor.execute(
            "INSERT INTO auditoria_registro (id, certame_id, usuario_nome, quando, acao, "
            "descricao, fundamento, dados, anterior, hash, selo_versao, selo_chave) "
            "VALUES (%s, %s, 'rita', %s, %s, %s, '', '{}', %s, %s, 1, '')",
            [
                lacuna,
                certame_mostardas.pk,
                falso.quando,
                falso.acao,
                falso.descricao,
                falso.anterior,
                falso.hash,
            ],
        )
    codigo, texto = _verificar("--so-cadeia")
    assert codigo == 1 and f"registro {lacuna} (" in texto and "sem chave" in texto
