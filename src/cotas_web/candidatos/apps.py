from typing import Any

from django.apps import AppConfig


class Config(AppConfig):
    name = "cotas_web.candidatos"
    label = "candidatos"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        from django.db.models.signals import post_migrate

        post_migrate.connect(garantir_gatilhos, sender=self, dispatch_uid="candidatos.gatilhos")


def garantir_gatilhos(using: str = "default", **_: Any) -> None:
    """Depois de todo `migrate`, os gatilhos das marcas de versão existem (`versao.criar` e
    `criar_por_cargo`, idempotentes). No SQLite, uma migração que refaz a tabela dos
    candidatos (uma coluna com padrão, uma chave estrangeira) apaga os gatilhos dela sem aviso;
    sem eles, as marcas não mudariam e um quadro ou um livro guardado de antes de uma correção
    seria retomado como se fosse de agora."""
    from django.db import connections

    from . import versao

    conexao = connections[using]
    tabelas = set(conexao.introspection.table_names())
    if not {"candidatos_candidato", "candidatos_versaodocargo"} <= tabelas:
        return  # (migrado para antes das marcas: não há o que garantir)
    with conexao.schema_editor() as editor:
        versao.criar(editor)
        versao.criar_por_cargo(editor)
