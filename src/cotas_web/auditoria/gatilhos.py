"""Gatilhos que fazem o próprio banco recusar alterar ou apagar o registro de auditoria.

PostgreSQL: um gatilho de linha para UPDATE e DELETE. O TRUNCATE (que não dispara gatilhos de
linha) e desligar o gatilho ficam só com o dono das tabelas: a aplicação roda com um papel que
só pode inserir e ler o registro (scripts/postgres.sh).
SQLite: um gatilho para UPDATE e outro para DELETE.
"""

from __future__ import annotations

from typing import Any

TABELA = "auditoria_registro"

_PG_FUNCAO = """
CREATE OR REPLACE FUNCTION auditoria_registro_imutavel() RETURNS trigger AS $$
BEGIN
    RAISE EXCEPTION 'O registro de auditoria não pode ser alterado nem apagado.';
END;
$$ LANGUAGE plpgsql;
"""
_PG_GATILHO = (
    "CREATE TRIGGER auditoria_registro_imutavel BEFORE UPDATE OR DELETE "
    "ON auditoria_registro FOR EACH ROW EXECUTE FUNCTION auditoria_registro_imutavel();"
)
# Quem não é o dono da tabela (o papel da aplicação, que recebeu os privilégios padrão de
# scripts/papel_aplicacao.sql) só lê e acrescenta ao registro.
_PG_SO_ACRESCENTAR = """
DO $$
DECLARE quem text;
BEGIN
    FOR quem IN
        SELECT DISTINCT grantee FROM information_schema.role_table_grants
        WHERE table_name = 'auditoria_registro'
          AND privilege_type IN ('UPDATE', 'DELETE', 'TRUNCATE', 'TRIGGER', 'REFERENCES')
          AND grantee <> (SELECT tableowner FROM pg_tables WHERE tablename = 'auditoria_registro'
                          AND schemaname = current_schema())
    LOOP
        EXECUTE format(
            'REVOKE UPDATE, DELETE, TRUNCATE, TRIGGER, REFERENCES ON auditoria_registro FROM %%s',
            CASE WHEN quem = 'PUBLIC' THEN 'PUBLIC' ELSE quote_ident(quem) END
        );
    END LOOP;
END $$;
"""
SQLITE_CRIAR = (
    "CREATE TRIGGER IF NOT EXISTS auditoria_registro_imutavel BEFORE UPDATE ON "
    "auditoria_registro BEGIN "
    "SELECT RAISE(ABORT, 'O registro de auditoria não pode ser alterado.'); END;",
    "CREATE TRIGGER IF NOT EXISTS auditoria_registro_inapagavel BEFORE DELETE ON "
    "auditoria_registro BEGIN "
    "SELECT RAISE(ABORT, 'O registro de auditoria não pode ser apagado.'); END;",
)
SQLITE_REMOVER = (
    "DROP TRIGGER IF EXISTS auditoria_registro_imutavel;",
    "DROP TRIGGER IF EXISTS auditoria_registro_inapagavel;",
)


def criar(schema_editor: Any) -> None:
    vendor = schema_editor.connection.vendor
    if vendor == "postgresql":
        schema_editor.execute(_PG_FUNCAO)
        schema_editor.execute(
            "DROP TRIGGER IF EXISTS auditoria_registro_imutavel ON auditoria_registro;"
        )
        schema_editor.execute(_PG_GATILHO)
        schema_editor.execute(_PG_SO_ACRESCENTAR)
    elif vendor == "sqlite":
        for sql in SQLITE_CRIAR:
            schema_editor.execute(sql)


def remover(schema_editor: Any) -> None:
    vendor = schema_editor.connection.vendor
    if vendor == "postgresql":
        schema_editor.execute(
            "DROP TRIGGER IF EXISTS auditoria_registro_imutavel ON auditoria_registro;"
        )
    elif vendor == "sqlite":
        for sql in SQLITE_REMOVER:
            schema_editor.execute(sql)


def ausentes(connection: Any) -> list[str]:
    """Os gatilhos do registro que faltam ou estão desligados (vazio se todos estão lá)."""
    with connection.cursor() as cursor:
        if connection.vendor == "postgresql":
            cursor.execute(
                "SELECT tgname FROM pg_trigger WHERE tgrelid = to_regclass(%s) "
                "AND tgenabled <> 'D' AND NOT tgisinternal",
                [TABELA],
            )
            esperados = {"auditoria_registro_imutavel"}
        elif connection.vendor == "sqlite":
            cursor.execute(
                "SELECT name FROM sqlite_master WHERE type = 'trigger' AND tbl_name = %s",
                [TABELA],
            )
            esperados = {"auditoria_registro_imutavel", "auditoria_registro_inapagavel"}
        else:
            return []
        presentes = {linha[0] for linha in cursor.fetchall()}
    return sorted(esperados - presentes)
