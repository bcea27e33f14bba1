from django.db import migrations, models


class Migration(migrations.Migration):
    """O voto registra a presença do integrante e admite a abstenção (a regra da lei decide
    sobre membros, presentes ou votos dados: `heteroidentificacao.decisao_base`)."""

    dependencies = [
        ("comissao", "0001_initial"),
    ]

    operations = [
        migrations.AddField(
            model_name="voto",
            name="presente",
            field=models.BooleanField(default=True, verbose_name="presente à verificação"),
        ),
        migrations.AlterField(
            model_name="voto",
            name="reconhece",
            field=models.BooleanField(null=True, verbose_name="reconhece como negro(a)"),
        ),
    ]
