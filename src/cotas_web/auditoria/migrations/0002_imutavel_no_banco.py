"""O banco também recusa alterar ou apagar o registro de auditoria.

PostgreSQL: gatilho para UPDATE e DELETE (o TRUNCATE dos testes não dispara gatilhos de linha).
SQLite: gatilho para UPDATE (o `flush` dos testes usa DELETE; o ORM já o recusa).
"""

from django.db import migrations


def criar(apps, schema_editor):  # type: ignore[no-untyped-def]
    v = schema_editor.connection.vendor
    if v == "postgresql":
        schema_editor.execute(
            """
            CREATE OR REPLACE FUNCTION auditoria_registro_imutavel() RETURNS trigger AS $$
            BEGIN
                RAISE EXCEPTION 'O registro de auditoria não pode ser alterado nem apagado.';
            END;
            $$ LANGUAGE plpgsql;
            """
        )
        schema_editor.execute(
            "CREATE TRIGGER auditoria_registro_imutavel BEFORE UPDATE OR DELETE "
            "ON auditoria_registro FOR EACH ROW EXECUTE FUNCTION auditoria_registro_imutavel();"
        )
    elif v == "sqlite":
        schema_editor.execute(
            "CREATE TRIGGER auditoria_registro_imutavel BEFORE UPDATE ON auditoria_registro "
            "BEGIN SELECT RAISE(ABORT, 'O registro de auditoria não pode ser alterado.'); END;"
        )


def remover(apps, schema_editor):  # type: ignore[no-untyped-def]
    v = schema_editor.connection.vendor
    if v == "postgresql":
        schema_editor.execute(
            "DROP TRIGGER IF EXISTS auditoria_registro_imutavel ON auditoria_registro;"
        )
        schema_editor.execute("DROP FUNCTION IF EXISTS auditoria_registro_imutavel();")
    elif v == "sqlite":
        schema_editor.execute("DROP TRIGGER IF EXISTS auditoria_registro_imutavel;")


class Migration(migrations.Migration):
    dependencies = (("auditoria", "0001_initial"),)
    operations = (migrations.RunPython(criar, remover),)
