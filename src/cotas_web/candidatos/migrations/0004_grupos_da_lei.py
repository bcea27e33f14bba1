"""A opção e a verificação de cada grupo da lei do certame (`reservas`, `verificacoes`) no lugar
dos dois campos de um grupo só. O grupo dos dados antigos vem da lei de cada certame pelo
catálogo: a aplicação só aceitava leis de um grupo, o grupo que os campos antigos guardavam."""

from django.db import migrations, models

_RESULTADOS = (
    "confirmado",
    "nao_confirmado",
    "ausente",
    "recusou_filmagem",
    "recusou_perguntas",
    "pendente",
)


def _grupo_da_lei(lei_id):
    from cotas.motor.legislacao import catalogo_padrao

    grupos = catalogo_padrao().lei(lei_id).grupos
    if len(grupos) != 1:
        raise RuntimeError(
            f"A lei {lei_id} declara {len(grupos)} grupos; os dados antigos são de um grupo só."
        )
    return grupos[0].nome


def _para_grupos(apps, schema_editor):
    Certame = apps.get_model("certames", "Certame")
    Candidato = apps.get_model("candidatos", "Candidato")
    for certame_id, lei_id in Certame.objects.values_list("id", "lei_id"):
        do_certame = Candidato.objects.filter(certame_id=certame_id)
        if not do_certame.exists():
            continue
        grupo = _grupo_da_lei(lei_id)
        do_certame.filter(reserva_negros=True).update(reservas=[grupo])
        for resultado in _RESULTADOS:
            do_certame.filter(heteroidentificacao=resultado).update(verificacoes={grupo: resultado})


def _de_volta(apps, schema_editor):
    Certame = apps.get_model("certames", "Certame")
    Candidato = apps.get_model("candidatos", "Candidato")
    for certame_id, lei_id in Certame.objects.values_list("id", "lei_id"):
        do_certame = Candidato.objects.filter(certame_id=certame_id)
        if not do_certame.exists():
            continue
        grupo = _grupo_da_lei(lei_id)
        for c in do_certame.only("id", "reservas", "verificacoes").iterator():
            do_certame.filter(pk=c.pk).update(
                reserva_negros=grupo in (c.reservas or []),
                heteroidentificacao=(c.verificacoes or {}).get(grupo, ""),
            )


class Migration(migrations.Migration):
    dependencies = [
        ("candidatos", "0003_vida_do_certame"),
        ("certames", "0006_dupla_condicao"),
    ]

    operations = [
        migrations.AddField(
            model_name="candidato",
            name="reservas",
            field=models.JSONField(
                blank=True, default=list, verbose_name="grupos da lei pelos quais optou"
            ),
        ),
        migrations.AddField(
            model_name="candidato",
            name="verificacoes",
            field=models.JSONField(
                blank=True, default=dict, verbose_name="resultado da verificação de cada grupo"
            ),
        ),
        migrations.RunPython(_para_grupos, _de_volta),
    ]
    # (Os campos antigos saem na 0005: no PostgreSQL, a tabela não se altera na mesma transação
    # que acabou de atualizar as linhas, com as chaves estrangeiras ainda por conferir.)
