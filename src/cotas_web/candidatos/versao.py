"""Os gatilhos que renovam a marca de versão dos candidatos de um certame a cada INSERT e
UPDATE na tabela dos candidatos (`VersaoCandidatos`) e a tiram a cada DELETE (sem marca, o
quadro não se guarda nem se lê até a próxima mudança).

PostgreSQL: um gatilho por comando (FOR EACH STATEMENT, com a tabela de transição), que marca
cada certame tocado uma vez só, mesmo numa importação de um milhão de linhas.
SQLite: gatilhos de linha (o SQLite não tem gatilho por comando).
"""

from __future__ import annotations

from typing import Any

_PG_FUNCAO = """
CREATE OR REPLACE FUNCTION candidatos_versao_{nome}() RETURNS trigger AS $$
BEGIN
    INSERT INTO candidatos_versaocandidatos (certame_id, marca)
    SELECT certame_id, gen_random_uuid()::text
    FROM (SELECT DISTINCT certame_id FROM ({linhas}) AS linhas) AS tocadas
    -- (o certame apagado junto com os candidatos não ganha marca)
    WHERE EXISTS (SELECT 1 FROM certames_certame WHERE id = tocadas.certame_id)
    ON CONFLICT (certame_id) DO UPDATE SET marca = EXCLUDED.marca;
    RETURN NULL;
END;
$$ LANGUAGE plpgsql;
"""
_PG = {
    # evento: (nome, transição, linhas tocadas)
    "INSERT": ("insercao", "NEW TABLE AS novas", "SELECT certame_id FROM novas"),
    "UPDATE": (
        "alteracao",
        "OLD TABLE AS antigas NEW TABLE AS novas",
        "SELECT certame_id FROM novas UNION SELECT certame_id FROM antigas",
    ),
}
# Na remoção, a marca sai (sem marca, nada se guarda nem se lê até a próxima mudança): uma marca
# nova para um certame que pode estar sendo apagado junto deixaria uma linha órfã.
_PG_REMOCAO = """
CREATE OR REPLACE FUNCTION candidatos_versao_remocao() RETURNS trigger AS $$
BEGIN
    DELETE FROM candidatos_versaocandidatos
    WHERE certame_id IN (SELECT DISTINCT certame_id FROM antigas);
    RETURN NULL;
END;
$$ LANGUAGE plpgsql;
"""
_SQLITE_MARCAR = (
    "INSERT OR REPLACE INTO candidatos_versaocandidatos (certame_id, marca) "
    "SELECT {quem}.certame_id, lower(hex(randomblob(16))) "
    "WHERE EXISTS (SELECT 1 FROM certames_certame WHERE id = {quem}.certame_id);"
)
_SQLITE = {
    "INSERT": ("insercao", _SQLITE_MARCAR.format(quem="NEW")),
    "UPDATE": (
        "alteracao",
        _SQLITE_MARCAR.format(quem="NEW") + " " + _SQLITE_MARCAR.format(quem="OLD"),
    ),
    "DELETE": (
        "remocao",
        "DELETE FROM candidatos_versaocandidatos WHERE certame_id = OLD.certame_id;",
    ),
}


# Os certames que já têm candidatos ganham a primeira marca (sem ela, nunca se guardaria o quadro).
_SEMEAR = {
    "postgresql": "INSERT INTO candidatos_versaocandidatos (certame_id, marca) "
    "SELECT certame_id, gen_random_uuid()::text FROM "
    "(SELECT DISTINCT certame_id FROM candidatos_candidato) AS tocados "
    "ON CONFLICT (certame_id) DO NOTHING;",
    "sqlite": "INSERT OR IGNORE INTO candidatos_versaocandidatos (certame_id, marca) "
    "SELECT certame_id, lower(hex(randomblob(16))) FROM candidatos_candidato "
    "GROUP BY certame_id;",
}


def criar(schema_editor: Any) -> None:
    vendor = schema_editor.connection.vendor
    if vendor in _SEMEAR:
        schema_editor.execute(_SEMEAR[vendor])
    if vendor == "postgresql":
        for evento, (nome, transicao, linhas) in _PG.items():
            schema_editor.execute(_PG_FUNCAO.format(nome=nome, linhas=linhas))
            schema_editor.execute(
                f"DROP TRIGGER IF EXISTS candidatos_versao_{nome} ON candidatos_candidato;"
            )
            schema_editor.execute(
                f"CREATE TRIGGER candidatos_versao_{nome} AFTER {evento} ON candidatos_candidato "
                f"REFERENCING {transicao} FOR EACH STATEMENT "
                f"EXECUTE FUNCTION candidatos_versao_{nome}();"
            )
        schema_editor.execute(_PG_REMOCAO)
        schema_editor.execute(
            "DROP TRIGGER IF EXISTS candidatos_versao_remocao ON candidatos_candidato;"
        )
        schema_editor.execute(
            "CREATE TRIGGER candidatos_versao_remocao AFTER DELETE ON candidatos_candidato "
            "REFERENCING OLD TABLE AS antigas FOR EACH STATEMENT "
            "EXECUTE FUNCTION candidatos_versao_remocao();"
        )
    elif vendor == "sqlite":
        for evento, (nome, corpo) in _SQLITE.items():
            schema_editor.execute(
                f"CREATE TRIGGER IF NOT EXISTS candidatos_versao_{nome} AFTER {evento} ON "
                f"candidatos_candidato BEGIN {corpo} END;"
            )


def remover(schema_editor: Any) -> None:
    vendor = schema_editor.connection.vendor
    nomes = [nome for nome, *_ in _SQLITE.values()]  # (os mesmos nos dois bancos)
    for nome in nomes:
        if vendor == "postgresql":
            schema_editor.execute(
                f"DROP TRIGGER IF EXISTS candidatos_versao_{nome} ON candidatos_candidato;"
            )
        elif vendor == "sqlite":
            schema_editor.execute(f"DROP TRIGGER IF EXISTS candidatos_versao_{nome};")


# A marca de cada cargo (`VersaoDoCargo`): renovada também na remoção (o cargo continua, com um
# candidato a menos); sem restrição de chave estrangeira, ver o modelo.
_PG_CARGO = """
CREATE OR REPLACE FUNCTION candidatos_versao_cargo_{nome}() RETURNS trigger AS $$
BEGIN
    INSERT INTO candidatos_versaodocargo (cargo_id, marca)
    SELECT cargo_id, gen_random_uuid()::text
    FROM (SELECT DISTINCT cargo_id FROM ({linhas}) AS linhas) AS tocados
    ON CONFLICT (cargo_id) DO UPDATE SET marca = EXCLUDED.marca;
    RETURN NULL;
END;
$$ LANGUAGE plpgsql;
"""
_PG_CARGO_EVENTOS = {
    # evento: (nome, transição, linhas tocadas)
    "INSERT": ("insercao", "NEW TABLE AS novas", "SELECT cargo_id FROM novas"),
    "UPDATE": (
        "alteracao",
        "OLD TABLE AS antigas NEW TABLE AS novas",
        "SELECT cargo_id FROM novas UNION SELECT cargo_id FROM antigas",
    ),
    "DELETE": ("remocao", "OLD TABLE AS antigas", "SELECT cargo_id FROM antigas"),
}
_SQLITE_MARCAR_CARGO = (
    "INSERT OR REPLACE INTO candidatos_versaodocargo (cargo_id, marca) "
    "VALUES ({quem}.cargo_id, lower(hex(randomblob(16))));"
)
_SQLITE_CARGO = {
    "INSERT": ("insercao", _SQLITE_MARCAR_CARGO.format(quem="NEW")),
    "UPDATE": (
        "alteracao",
        _SQLITE_MARCAR_CARGO.format(quem="NEW") + " " + _SQLITE_MARCAR_CARGO.format(quem="OLD"),
    ),
    "DELETE": ("remocao", _SQLITE_MARCAR_CARGO.format(quem="OLD")),
}
_SEMEAR_CARGOS = {
    "postgresql": "INSERT INTO candidatos_versaodocargo (cargo_id, marca) "
    "SELECT cargo_id, gen_random_uuid()::text FROM "
    "(SELECT DISTINCT cargo_id FROM candidatos_candidato) AS tocados "
    "ON CONFLICT (cargo_id) DO NOTHING;",
    "sqlite": "INSERT OR IGNORE INTO candidatos_versaodocargo (cargo_id, marca) "
    "SELECT cargo_id, lower(hex(randomblob(16))) FROM candidatos_candidato GROUP BY cargo_id;",
}


def criar_por_cargo(schema_editor: Any) -> None:
    vendor = schema_editor.connection.vendor
    if vendor in _SEMEAR_CARGOS:
        schema_editor.execute(_SEMEAR_CARGOS[vendor])
    if vendor == "postgresql":
        for evento, (nome, transicao, linhas) in _PG_CARGO_EVENTOS.items():
            schema_editor.execute(_PG_CARGO.format(nome=nome, linhas=linhas))
            schema_editor.execute(
                f"DROP TRIGGER IF EXISTS candidatos_versao_cargo_{nome} ON candidatos_candidato;"
            )
            schema_editor.execute(
                f"CREATE TRIGGER candidatos_versao_cargo_{nome} AFTER {evento} ON "
                f"candidatos_candidato REFERENCING {transicao} FOR EACH STATEMENT "
                f"EXECUTE FUNCTION candidatos_versao_cargo_{nome}();"
            )
    elif vendor == "sqlite":
        for evento, (nome, corpo) in _SQLITE_CARGO.items():
            schema_editor.execute(
                f"CREATE TRIGGER IF NOT EXISTS candidatos_versao_cargo_{nome} AFTER {evento} ON "
                f"candidatos_candidato BEGIN {corpo} END;"
            )


def remover_por_cargo(schema_editor: Any) -> None:
    vendor = schema_editor.connection.vendor
    for nome, *_ in _SQLITE_CARGO.values():
        if vendor == "postgresql":
            schema_editor.execute(
                f"DROP TRIGGER IF EXISTS candidatos_versao_cargo_{nome} ON candidatos_candidato;"
            )
        elif vendor == "sqlite":
            schema_editor.execute(f"DROP TRIGGER IF EXISTS candidatos_versao_cargo_{nome};")
