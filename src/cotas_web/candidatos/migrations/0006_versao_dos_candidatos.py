"""A marca de versão dos candidatos de cada certame, renovada pelos gatilhos do banco a cada
mudança na tabela dos candidatos (`cotas_web.candidatos.versao`)."""

import django.db.models.deletion
from django.db import migrations, models


def criar(apps, schema_editor):
    from cotas_web.candidatos import versao

    versao.criar(schema_editor)


def remover(apps, schema_editor):
    from cotas_web.candidatos import versao

    versao.remover(schema_editor)


class Migration(migrations.Migration):
    dependencies = [
        ("candidatos", "0005_sem_campos_de_um_grupo"),
        ("certames", "0010_orgao"),
    ]

    operations = [
        migrations.CreateModel(
            name="VersaoCandidatos",
            fields=[
                (
                    "certame",
                    models.OneToOneField(
                        on_delete=django.db.models.deletion.CASCADE,
                        primary_key=True,
                        related_name="+",
                        serialize=False,
                        to="certames.certame",
                    ),
                ),
                ("marca", models.CharField(max_length=64)),
            ],
        ),
        migrations.RunPython(criar, remover),
    ]
