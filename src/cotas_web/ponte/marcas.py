"""As marcas de versão dos candidatos, lidas do banco: a do certame (`VersaoCandidatos`) e a de
cada cargo (`VersaoDoCargo`), que os gatilhos renovam a cada mudança nos candidatos
(`candidatos.versao`). O quadro guardado (`quadro`) e as mudanças anotadas (`mudancas`) as leem
daqui. As tabelas são lidas direto: a ponte fica abaixo dos apps."""

from __future__ import annotations

from collections.abc import Collection

from django.db import connection


def marca(certame_id: int) -> str:
    """A marca de versão dos candidatos do certame ("" se ele nunca teve candidatos)."""
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT marca FROM candidatos_versaocandidatos WHERE certame_id = %s", [certame_id]
        )
        linha = cursor.fetchone()
    return str(linha[0]) if linha else ""


def marcas_dos_cargos(
    certame_id: int, cargos: Collection[str] | None = None, *, travar: bool = False
) -> dict[str, str]:
    """A marca de versão dos candidatos de cada cargo do certame (só os `cargos` dados, se
    dados), pelo código ("" se o cargo nunca teve candidatos). `travar`: as marcas ficam
    travadas até o fim da transação (no PostgreSQL, SELECT ... FOR UPDATE: outra transação que
    mude candidatos desses cargos espera); o cargo sem marca fica de fora."""
    # (Travadas, só as que existem: o PostgreSQL não trava o lado vazio de um LEFT JOIN, e um
    # cargo sem marca não tem o que travar.)
    travar = travar and connection.features.has_select_for_update_of
    juncao = "JOIN" if travar else "LEFT JOIN"
    sql = (
        f"SELECT c.codigo, v.marca FROM certames_cargo c {juncao} candidatos_versaodocargo v "
        "ON v.cargo_id = c.id WHERE c.certame_id = %s"
    )
    parametros: list[int | str] = [certame_id]
    if cargos is not None:
        if not cargos:
            return {}
        sql += f" AND c.codigo IN ({', '.join(['%s'] * len(cargos))})"
        parametros += list(cargos)
    if travar:
        sql += " FOR UPDATE OF v"
    with connection.cursor() as cursor:
        cursor.execute(sql, parametros)
        return {str(codigo): str(m or "") for codigo, m in cursor.fetchall()}
