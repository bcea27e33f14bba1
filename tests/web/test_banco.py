"""Os testes web rodam no SQLite e, no CI, também no PostgreSQL de `scripts/postgres.sh`."""

from __future__ import annotations

import os
from typing import Any

import pytest
from django.db import connection


@pytest.mark.django_db
def test_banco_e_o_da_database_url() -> None:
    url = os.environ.get("DATABASE_URL", "")
    esperado = "postgresql" if url.startswith(("postgres://", "postgresql://")) else "sqlite"
    assert connection.vendor == esperado


@pytest.mark.django_db
def test_a_primeira_correcao_junta_pelas_correcoes(
    certame_homologado: Any, rita: Any, django_capture_on_commit_callbacks: Any
) -> None:
    """Depois da primeira correção, a tabela das correções tem estatísticas e a junção das
    correções de um certame parte delas, não dos candidatos (num milhão, 0,36 s a cada
    publicação da situação pública)."""
    from datetime import date

    from cotas_web.candidatos.correcoes import candidato_corrigir
    from cotas_web.candidatos.models import Candidato, Correcao

    if connection.vendor != "sqlite":
        pytest.skip("o plano de consulta conferido aqui é o do SQLite")
    candidato = Candidato.objects.get(certame=certame_homologado, inscricao="1008")
    with django_capture_on_commit_callbacks(execute=True):
        candidato_corrigir(
            usuario=rita, candidato=candidato, campo="nota", valor="99.99",
            motivo="Erro de digitação", fundamento="Edital, item 9", data=date(2025, 8, 2),
        )  # fmt: skip
    consulta = Correcao.objects.filter(candidato__certame=certame_homologado)
    sql, parametros = consulta.query.sql_with_params()
    with connection.cursor() as cursor:
        cursor.execute(f"EXPLAIN QUERY PLAN {sql}", parametros)
        plano = [linha[-1] for linha in cursor.fetchall()]
    assert plano[0].startswith("SCAN candidatos_correcao"), plano
