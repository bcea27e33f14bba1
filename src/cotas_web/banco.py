"""Gravação em massa: linhas do tamanho de um concurso nacional, sem um objeto por linha."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from itertools import islice
from typing import Any, cast

from django.db import connection, models
from django.db.models import Field

LOTE = 20_000  # linhas por `executemany`


def inserir_em_massa(
    modelo: type[models.Model], campos: Sequence[str], linhas: Iterable[tuple[Any, ...]]
) -> None:
    """Grava as tuplas (uma por linha, os valores na ordem de `campos`, já no formato do banco:
    um JSONField recebe o texto JSON) direto na tabela do modelo.

    Num resultado de banca de 1 milhão de linhas, `bulk_create` gasta a maior parte do tempo
    montando e conferindo objetos que quem chama já conferiu. No PostgreSQL vai por COPY; nos
    demais bancos, `executemany` em lotes. Corre na transação de quem chama: tudo ou nada.
    """
    meta = modelo._meta
    tabela = connection.ops.quote_name(meta.db_table)
    colunas = ", ".join(
        connection.ops.quote_name(str(cast("Field[Any, Any]", meta.get_field(c)).column))
        for c in campos
    )
    with connection.cursor() as cursor:
        if connection.vendor == "postgresql":
            with cursor.cursor.copy(f"COPY {tabela} ({colunas}) FROM STDIN") as copia:
                for linha in linhas:
                    copia.write_row(linha)
            return
        sql = f"INSERT INTO {tabela} ({colunas}) VALUES ({', '.join(['%s'] * len(campos))})"
        iterador = iter(linhas)
        while lote := list(islice(iterador, LOTE)):
            cursor.executemany(sql, lote)


def atualizar_estatisticas(*modelos: type[models.Model]) -> None:
    """ANALYZE das tabelas depois de uma gravação em massa: sem as estatísticas, o SQLite supõe
    dez linhas por valor de índice e, numa consulta que junta as poucas desistências aos
    candidatos de um certame, percorre o milhão de candidatos (1,3 s por consulta) em vez das
    poucas desistências (ms). O PostgreSQL as refaz sozinho, mas só bem depois de uma carga."""
    with connection.cursor() as cursor:
        for modelo in modelos:
            cursor.execute(f"ANALYZE {connection.ops.quote_name(modelo._meta.db_table)}")
