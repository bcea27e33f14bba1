"""Os testes web rodam no SQLite e, no CI, também no PostgreSQL de `scripts/postgres.sh`."""

from __future__ import annotations

import os

import pytest
from django.db import connection


@pytest.mark.django_db
def test_banco_e_o_da_database_url() -> None:
    url = os.environ.get("DATABASE_URL", "")
    esperado = "postgresql" if url.startswith(("postgres://", "postgresql://")) else "sqlite"
    assert connection.vendor == esperado
