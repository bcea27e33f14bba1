"""Dez registros ao mesmo tempo no mesmo certame: cada um encadeia no anterior, nenhum par
divide o mesmo anterior (a trava do certame), e a cadeia confere (PostgreSQL)."""

from __future__ import annotations

import threading
from typing import Any

import pytest
from django.db import connection, transaction

from cotas_web.auditoria.acoes import AcaoAuditada
from cotas_web.auditoria.integridade import verificar_cadeia
from cotas_web.auditoria.models import Registro
from cotas_web.auditoria.services import registrar

pytestmark = [pytest.mark.postgres, pytest.mark.django_db(transaction=True)]
N = 10


def test_dez_registros_simultaneos_numa_so_cadeia(certame: Any, rita: Any) -> None:
    if connection.vendor != "postgresql":
        pytest.skip("concorrência real só no PostgreSQL")
    largada = threading.Barrier(N)
    erros: list[BaseException] = []

    def gravar(i: int) -> None:
        try:
            largada.wait(timeout=30)
            with transaction.atomic():
                registrar(
                    usuario=rita,
                    certame=certame,
                    acao=AcaoAuditada.CERTAME_CORRIGIDO,
                    descricao=f"{i}",
                )
        except BaseException as erro:  # (anotado para o teste falhar com ele)
            erros.append(erro)
        finally:
            connection.close()

    linhas = [threading.Thread(target=gravar, args=(i,)) for i in range(N)]
    for linha in linhas:
        linha.start()
    for linha in linhas:
        linha.join(timeout=60)
    assert erros == []
    registros = list(Registro.objects.filter(certame=certame).order_by("id"))
    nossos = [r for r in registros if r.acao == AcaoAuditada.CERTAME_CORRIGIDO.value]
    assert sorted(int(r.descricao) for r in nossos) == list(range(N))
    assert len({r.anterior for r in registros}) == len(registros)
    estado = verificar_cadeia(certame.pk)
    assert estado.integra and estado.total == len(registros)
