"""SQLite dos testes: o `flush` entre testes transacionais apaga as tabelas com DELETE, que o
gatilho do registro de auditoria recusa. Aqui o `flush` tira os gatilhos, apaga e os devolve;
fora dos testes o registro continua inapagável (settings/teste.py escolhe este banco)."""

from __future__ import annotations

from typing import Any

from django.db.backends.sqlite3 import base, operations

from cotas_web.auditoria import gatilhos


class DatabaseOperations(operations.DatabaseOperations):
    def sql_flush(self, style: Any, tables: Any, **kwargs: Any) -> list[str]:
        sql = list(super().sql_flush(style, tables, **kwargs))
        if gatilhos.TABELA not in tables:
            return sql
        return [*gatilhos.SQLITE_REMOVER, *sql, *gatilhos.SQLITE_CRIAR]


class DatabaseWrapper(base.DatabaseWrapper):
    ops_class = DatabaseOperations
