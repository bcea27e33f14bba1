"""Os campos que a lei do certame declara ([[campos]]), guardados no candidato.

No SQLite, acrescentar uma coluna com padrão refaz a tabela dos candidatos, e a tabela refeita
perde os gatilhos das marcas de versão (`cotas_web.candidatos.versao`): recriam-se aqui (criar é
idempotente; no PostgreSQL, o ALTER TABLE os mantém e recriá-los não muda nada)."""

from django.db import migrations, models


def recriar_gatilhos(apps, schema_editor):
    from cotas_web.candidatos import versao

    versao.criar(schema_editor)
    versao.criar_por_cargo(schema_editor)


class Migration(migrations.Migration):
    dependencies = [
        ("candidatos", "0008_versao_do_cargo"),
    ]

    operations = [
        # (Na volta, a remoção da coluna também refaz a tabela: os gatilhos voltam depois dela.)
        migrations.RunPython(migrations.RunPython.noop, recriar_gatilhos),
        migrations.AddField(
            model_name="candidato",
            name="campos",
            field=models.JSONField(blank=True, default=dict, verbose_name="campos da lei"),
        ),
        migrations.RunPython(recriar_gatilhos, migrations.RunPython.noop),
    ]
