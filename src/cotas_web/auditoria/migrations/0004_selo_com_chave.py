"""O selo com chave (cadeia.py, versão 2): os campos `selo_versao` e `selo_chave`; os registros
que já existiam ficam com o selo sem chave (versão 1, o SHA-256 de antes, que continua
conferindo e mantém as cabeças já exportadas) e o marco, um registro da cadeia sem certame
selado com a chave, guarda o último id selado sem chave de cada cadeia: um registro sem chave
depois dele é uma falha (integridade.py). Os gatilhos saem durante a migração (no SQLite acrescentar um campo
pode refazer a tabela, e perderia os gatilhos)."""

from django.db import migrations, models
from django.db.models import Max

from cotas_web.auditoria import cadeia, chaves, gatilhos


def sem_gatilhos(apps, schema_editor):  # type: ignore[no-untyped-def]
    gatilhos.remover(schema_editor)


def com_gatilhos(apps, schema_editor):  # type: ignore[no-untyped-def]
    gatilhos.criar(schema_editor)


def marcar(apps, schema_editor):  # type: ignore[no-untyped-def]
    Registro = apps.get_model("auditoria", "Registro")
    ultimo = Registro.objects.order_by("-id").values_list("id", flat=True).first() or 0
    # O último registro de cada cadeia, agora: um registro sem chave depois dele, ainda que
    # com um id antigo (uma lacuna da sequência), não vale.
    cabecas = {
        cadeia.nome_da_cadeia(c["certame_id"]): c["ultimo"]
        for c in Registro.objects.order_by().values("certame_id").annotate(ultimo=Max("id"))
    }
    anterior = (
        Registro.objects.filter(certame__isnull=True)
        .order_by("-id")
        .values_list("hash", flat=True)
        .first()
    )
    marco = Registro(
        certame_id=None,
        usuario_id=None,
        usuario_nome="sistema",
        acao=cadeia.MARCO,
        descricao=(
            "A partir deste registro, cada registro de auditoria é selado com HMAC-SHA256 e uma "
            "chave guardada fora do banco; os anteriores mantêm o selo SHA-256 sem chave."
        ),
        fundamento="",
        dados={"ultimo_sem_chave": ultimo, "cabecas": cabecas},
        anterior=anterior if anterior is not None else cadeia.INICIO,
    )
    cadeia.selar(marco, chaves.chave_atual())
    marco.save(force_insert=True)


def desmarcar(apps, schema_editor):  # type: ignore[no-untyped-def]
    pass  # (o registro não se apaga; os campos saem ao desfazer o AddField)


class Migration(migrations.Migration):
    dependencies = (("auditoria", "0003_cadeia_de_hashes"),)

    operations = (
        migrations.RunPython(sem_gatilhos, com_gatilhos),
        migrations.AddField(
            model_name="registro",
            name="selo_versao",
            field=models.PositiveSmallIntegerField(
                db_default=1, editable=False, verbose_name="versão do selo"
            ),
        ),
        migrations.AddField(
            model_name="registro",
            name="selo_chave",
            field=models.CharField(
                db_default="", editable=False, max_length=16, verbose_name="chave do selo"
            ),
        ),
        migrations.RunPython(marcar, desmarcar),
        migrations.RunPython(com_gatilhos, sem_gatilhos),
    )
