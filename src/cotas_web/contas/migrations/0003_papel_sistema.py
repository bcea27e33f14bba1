from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [("contas", "0002_designacao")]

    operations = [
        migrations.AlterField(
            model_name="perfil",
            name="papel",
            field=models.CharField(
                choices=[
                    ("administrador", "Administrador do certame (RH)"),
                    ("comissao", "Membro da comissão de heteroidentificação"),
                    ("auditor", "Auditor"),
                    ("sistema", "Administrador do sistema (usuários e papéis)"),
                ],
                max_length=20,
            ),
        ),
    ]
