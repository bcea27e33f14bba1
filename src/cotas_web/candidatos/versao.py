"""Os gatilhos que renovam as marcas de versão dos candidatos a cada INSERT, UPDATE e DELETE na
tabela dos candidatos: a do certame (`VersaoCandidatos`), que a remoção tira (sem marca, o quadro
não se guarda nem se lê até a próxima mudança), e a de cada cargo (`VersaoDoCargo`), que a
remoção também renova.

PostgreSQL: um gatilho por comando (FOR EACH STATEMENT, com a tabela de transição), que marca
cada certame ou cargo tocado uma vez só, mesmo numa importação de um milhão de linhas.
SQLite: gatilhos de linha (o SQLite não tem gatilho por comando).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class _Marca:
    """Uma marca de versão: a tabela dela, a coluna do candidato que ela marca e o que a remoção
    faz (`tira_na_remocao`: a marca sai; senão, renova-se)."""

    prefixo: str  # das funções e dos gatilhos
    tabela: str
    chave: str
    # Condição para marcar ({id}: a chave tocada); vazia, sempre.
    existe: str = ""
    tira_na_remocao: bool = False

    def onde(self, chave: str) -> str:
        return f"WHERE {self.existe.format(id=chave)}" if self.existe else ""


# Na remoção, a marca do certame sai: uma marca nova para um certame que pode estar sendo apagado
# junto deixaria uma linha órfã. A do cargo não tem chave estrangeira (ver o modelo).
_CERTAME = _Marca(
    "candidatos_versao",
    "candidatos_versaocandidatos",
    "certame_id",
    existe="EXISTS (SELECT 1 FROM certames_certame WHERE id = {id})",
    tira_na_remocao=True,
)
_CARGO = _Marca("candidatos_versao_cargo", "candidatos_versaodocargo", "cargo_id")

# evento: (nome, transição, tabelas de transição tocadas)
_EVENTOS = {
    "INSERT": ("insercao", "NEW TABLE AS novas", ("novas",)),
    "UPDATE": ("alteracao", "OLD TABLE AS antigas NEW TABLE AS novas", ("novas", "antigas")),
    "DELETE": ("remocao", "OLD TABLE AS antigas", ("antigas",)),
}


def _pg_funcao(m: _Marca, nome: str, tocadas: tuple[str, ...]) -> str:
    linhas = " UNION ".join(f"SELECT {m.chave} FROM {t}" for t in tocadas)
    if nome == "remocao" and m.tira_na_remocao:
        corpo = (
            f"DELETE FROM {m.tabela} WHERE {m.chave} IN (SELECT DISTINCT {m.chave} FROM antigas);"
        )
    else:
        corpo = (
            f"INSERT INTO {m.tabela} ({m.chave}, marca) "
            f"SELECT {m.chave}, gen_random_uuid()::text "
            f"FROM (SELECT DISTINCT {m.chave} FROM ({linhas}) AS linhas) AS tocados "
            f"{m.onde('tocados.' + m.chave)} "
            f"ON CONFLICT ({m.chave}) DO UPDATE SET marca = EXCLUDED.marca;"
        )
    return (
        f"CREATE OR REPLACE FUNCTION {m.prefixo}_{nome}() RETURNS trigger AS $$\n"
        f"BEGIN\n    {corpo}\n    RETURN NULL;\nEND;\n$$ LANGUAGE plpgsql;"
    )


def _sqlite_corpo(m: _Marca, evento: str) -> str:
    def marcar(quem: str) -> str:
        return (
            f"INSERT OR REPLACE INTO {m.tabela} ({m.chave}, marca) "
            f"SELECT {quem}.{m.chave}, lower(hex(randomblob(16))) {m.onde(quem + '.' + m.chave)};"
        )

    if evento == "DELETE" and m.tira_na_remocao:
        return f"DELETE FROM {m.tabela} WHERE {m.chave} = OLD.{m.chave};"
    quem = {"INSERT": ("NEW",), "UPDATE": ("NEW", "OLD"), "DELETE": ("OLD",)}[evento]
    return " ".join(marcar(q) for q in quem)


def _semear(m: _Marca, vendor: str) -> str | None:
    """A primeira marca de quem já tem candidatos (sem ela, nunca se guardaria o quadro)."""
    if vendor == "postgresql":
        return (
            f"INSERT INTO {m.tabela} ({m.chave}, marca) "
            f"SELECT {m.chave}, gen_random_uuid()::text FROM "
            f"(SELECT DISTINCT {m.chave} FROM candidatos_candidato) AS tocados "
            f"ON CONFLICT ({m.chave}) DO NOTHING;"
        )
    if vendor == "sqlite":
        return (
            f"INSERT OR IGNORE INTO {m.tabela} ({m.chave}, marca) "
            f"SELECT {m.chave}, lower(hex(randomblob(16))) FROM candidatos_candidato "
            f"GROUP BY {m.chave};"
        )
    return None


def _criar(m: _Marca, schema_editor: Any) -> None:
    vendor = schema_editor.connection.vendor
    semear = _semear(m, vendor)
    if semear:
        schema_editor.execute(semear)
    for evento, (nome, transicao, tocadas) in _EVENTOS.items():
        gatilho = f"{m.prefixo}_{nome}"
        if vendor == "postgresql":
            schema_editor.execute(_pg_funcao(m, nome, tocadas))
            schema_editor.execute(f"DROP TRIGGER IF EXISTS {gatilho} ON candidatos_candidato;")
            schema_editor.execute(
                f"CREATE TRIGGER {gatilho} AFTER {evento} ON candidatos_candidato "
                f"REFERENCING {transicao} FOR EACH STATEMENT EXECUTE FUNCTION {gatilho}();"
            )
        elif vendor == "sqlite":
            schema_editor.execute(
                f"CREATE TRIGGER IF NOT EXISTS {gatilho} AFTER {evento} ON "
                f"candidatos_candidato BEGIN {_sqlite_corpo(m, evento)} END;"
            )


def _remover(m: _Marca, schema_editor: Any) -> None:
    vendor = schema_editor.connection.vendor
    for nome, *_ in _EVENTOS.values():
        if vendor == "postgresql":
            schema_editor.execute(
                f"DROP TRIGGER IF EXISTS {m.prefixo}_{nome} ON candidatos_candidato;"
            )
        elif vendor == "sqlite":
            schema_editor.execute(f"DROP TRIGGER IF EXISTS {m.prefixo}_{nome};")


def criar(schema_editor: Any) -> None:
    """Os gatilhos da marca do certame (migração 0006)."""
    _criar(_CERTAME, schema_editor)


def remover(schema_editor: Any) -> None:
    _remover(_CERTAME, schema_editor)


def criar_por_cargo(schema_editor: Any) -> None:
    """Os gatilhos da marca de cada cargo (migração 0008)."""
    _criar(_CARGO, schema_editor)


def remover_por_cargo(schema_editor: Any) -> None:
    _remover(_CARGO, schema_editor)
