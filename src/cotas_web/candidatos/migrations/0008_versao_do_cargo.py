"""A marca de versão dos candidatos de cada cargo, renovada pelos gatilhos do banco a cada
mudança na tabela dos candidatos (`cotas_web.candidatos.versao.criar_por_cargo`)."""

import django.db.models.deletion
from django.db import migrations, models


def criar(apps, schema_editor):
    from cotas_web.candidatos import versao

    versao.criar_por_cargo(schema_editor)


def remover(apps, schema_editor):
    from cotas_web.candidatos import versao

    versao.remover_por_cargo(schema_editor)


class Migration(migrations.Migration):
    dependencies = [
        ("candidatos", "0007_indice_das_anuladas"),
        ("certames", "0012_estado_do_livro"),
    ]

    operations = [
        migrations.CreateModel(
            name="VersaoDoCargo",
            fields=[
                (
                    "cargo",
                    models.OneToOneField(
                        db_constraint=False,
                        on_delete=django.db.models.deletion.DO_NOTHING,
                        primary_key=True,
                        related_name="+",
                        serialize=False,
                        to="certames.cargo",
                    ),
                ),
                ("marca", models.CharField(max_length=64)),
            ],
        ),
        migrations.RunPython(criar, remover),
    ]
