"""Os campos de um grupo só saem, depois de copiados para `reservas` e `verificacoes` (0004)."""

from django.db import migrations


class Migration(migrations.Migration):
    dependencies = [
        ("candidatos", "0004_grupos_da_lei"),
    ]

    operations = [
        migrations.RemoveField(model_name="candidato", name="reserva_negros"),
        migrations.RemoveField(model_name="candidato", name="heteroidentificacao"),
    ]
