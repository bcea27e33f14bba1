"""A cadeia de hashes (cadeia.py): os campos `anterior` e `hash`, os registros que já existiam
encadeados na ordem em que foram gravados, e os gatilhos de novo (também contra DELETE no
SQLite). Os gatilhos saem durante a migração: ela mesma grava o hash dos registros antigos, e
no SQLite acrescentar um campo refaz a tabela (e perderia os gatilhos)."""

from django.db import migrations, models

from cotas_web.auditoria import cadeia, gatilhos


def sem_gatilhos(apps, schema_editor):  # type: ignore[no-untyped-def]
    gatilhos.remover(schema_editor)


def com_gatilhos(apps, schema_editor):  # type: ignore[no-untyped-def]
    gatilhos.criar(schema_editor)


def encadear(apps, schema_editor):  # type: ignore[no-untyped-def]
    Registro = apps.get_model("auditoria", "Registro")
    anterior: dict[int | None, str] = {}
    for r in Registro.objects.order_by("id").iterator(chunk_size=2_000):
        r.anterior = anterior.get(r.certame_id, cadeia.INICIO)
        r.hash = cadeia.selo(r)
        Registro.objects.filter(pk=r.pk).update(anterior=r.anterior, hash=r.hash)
        anterior[r.certame_id] = r.hash


def desencadear(apps, schema_editor):  # type: ignore[no-untyped-def]
    pass  # os campos saem inteiros ao desfazer o AddField


class Migration(migrations.Migration):
    dependencies = (("auditoria", "0002_imutavel_no_banco"),)

    operations = (
        migrations.RunPython(sem_gatilhos, com_gatilhos),
        migrations.AddField(
            model_name="registro",
            name="anterior",
            field=models.CharField(
                blank=True,
                default="",
                editable=False,
                max_length=64,
                verbose_name="hash do anterior",
            ),
            preserve_default=False,
        ),
        migrations.AddField(
            model_name="registro",
            name="hash",
            field=models.CharField(default="", editable=False, max_length=64),
            preserve_default=False,
        ),
        migrations.RunPython(encadear, desencadear),
        migrations.AddConstraint(
            model_name="registro",
            constraint=models.UniqueConstraint(
                condition=models.Q(("anterior", ""), _negated=True),
                fields=("anterior",),
                name="auditoria_um_sucessor",
            ),
        ),
        migrations.AddConstraint(
            model_name="registro",
            constraint=models.UniqueConstraint(
                condition=models.Q(("anterior", "")),
                fields=("certame",),
                name="auditoria_um_inicio",
            ),
        ),
        migrations.AddIndex(
            model_name="registro",
            index=models.Index(fields=("certame", "id"), name="auditoria_cadeia"),
        ),
        migrations.RunPython(com_gatilhos, sem_gatilhos),
    )
