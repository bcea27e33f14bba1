"""O certame de cada desistência, repetido do candidato (as desistências de um certame pelo
índice delas, sem passar pelo milhão de candidatos)."""

from __future__ import annotations

from typing import Any

import django.db.models.deletion
from django.db import migrations, models


def preencher(apps: Any, schema_editor: Any) -> None:
    tabela = schema_editor.quote_name("nomeacoes_desistencia")
    candidatos = schema_editor.quote_name("candidatos_candidato")
    schema_editor.execute(
        f"UPDATE {tabela} SET certame_id = "
        f"(SELECT c.certame_id FROM {candidatos} c WHERE c.id = {tabela}.candidato_id)"
    )


class Migration(migrations.Migration):
    dependencies = [
        ("certames", "0012_estado_do_livro"),
        ("candidatos", "0007_indice_das_anuladas"),
        ("nomeacoes", "0004_situacao_desistente_e_motivo"),
    ]

    operations = [
        migrations.AddField(
            model_name="desistencia",
            name="certame",
            field=models.ForeignKey(
                editable=False,
                null=True,
                on_delete=django.db.models.deletion.PROTECT,
                related_name="desistencias",
                to="certames.certame",
            ),
        ),
        migrations.RunPython(preencher, migrations.RunPython.noop),
        migrations.AlterField(
            model_name="desistencia",
            name="certame",
            field=models.ForeignKey(
                editable=False,
                on_delete=django.db.models.deletion.PROTECT,
                related_name="desistencias",
                to="certames.certame",
            ),
        ),
    ]
