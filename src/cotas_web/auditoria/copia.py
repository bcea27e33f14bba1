"""Cópia de segurança e restauração de um banco do cotas com os arquivos privados.

A cópia é um único arquivo `.tar` com:
- `banco.sqlite3` (SQLite, pela API de cópia do próprio SQLite: consistente mesmo com o
  servidor no ar) ou `banco.dump` (PostgreSQL, `pg_dump -Fc` pela `DATABASE_URL`);
- `privado/...`: os arquivos privados (gravações da comissão), sem as prévias de importação
  nem os quadros de candidatos guardados
  (dados pessoais de arquivos não confirmados, que não devem sobreviver);
- `manifesto.json`: o formato, o banco, a data e o sha256 e o tamanho de cada parte.

A restauração confere cada sha256 antes de tocar em qualquer coisa, só escreve num banco vazio
(sem tabelas, ou com as tabelas e sem nenhum certame nem registro de auditoria) e numa pasta
privada sem gravações, e termina conferindo a cadeia do registro de auditoria.
"""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import sqlite3
import subprocess
import tarfile
import tempfile
from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path, PurePosixPath
from typing import Any

from django.conf import settings
from django.db import connection

FORMATO = "cotas-copia-1"
MANIFESTO = "manifesto.json"
# Pastas privadas que não vão na cópia: as prévias de importação e os quadros de candidatos
# guardados (`cotas_web.ponte.quadro`: refeitos do banco na primeira leitura).
_EXCLUIDAS = ("importacoes", "quadros")


class CopiaRecusada(Exception):
    """A cópia ou a restauração não pode seguir; a mensagem diz por quê."""


def _sha256(caminho: Path) -> str:
    resumo = hashlib.sha256()
    with caminho.open("rb") as arquivo:
        while bloco := arquivo.read(1 << 20):
            resumo.update(bloco)
    return resumo.hexdigest()


def _motor() -> str:
    motor = str(connection.settings_dict["ENGINE"])
    if "sqlite" in motor or motor.endswith("banco_sqlite"):
        return "sqlite"
    if "postgresql" in motor:
        return "postgresql"
    raise CopiaRecusada(f"banco {motor} não suportado (só SQLite e PostgreSQL)")


def _url_postgres() -> str:
    d = connection.settings_dict
    url = os.environ.get("DATABASE_URL")
    if url:
        return url
    return f"postgresql://{d['USER']}:{d['PASSWORD']}@{d['HOST']}:{d['PORT']}/{d['NAME']}"


def _arquivos_privados() -> Iterator[tuple[Path, str]]:
    raiz = Path(settings.ARQUIVOS_PRIVADOS)
    if not raiz.is_dir():
        return
    for caminho in sorted(raiz.rglob("*")):
        relativo = caminho.relative_to(raiz)
        if caminho.is_file() and relativo.parts[0] not in _EXCLUIDAS:
            yield caminho, str(PurePosixPath("privado", *relativo.parts))


def _copiar_banco(pasta: Path) -> Path:
    if _motor() == "sqlite":
        destino = pasta / "banco.sqlite3"
        connection.ensure_connection()
        origem = connection.connection
        copia = sqlite3.connect(destino)
        try:
            origem.backup(copia)
        finally:
            copia.close()
        return destino
    destino = pasta / "banco.dump"
    _rodar(["pg_dump", "-Fc", "--no-owner", f"--file={destino}", f"--dbname={_url_postgres()}"])
    return destino


def _rodar(comando: list[str]) -> None:
    try:
        feito = subprocess.run(comando, capture_output=True, text=True, check=False)
    except FileNotFoundError:
        raise CopiaRecusada(f"o programa {comando[0]} não está instalado") from None
    if feito.returncode != 0:
        raise CopiaRecusada(f"{comando[0]} falhou: {feito.stderr.strip()[:500]}")


def fazer_copia(saida: Path) -> dict[str, Any]:
    """Grava a cópia em `saida` (por um temporário ao lado: nada pela metade); o manifesto."""
    saida = saida.resolve()
    if saida.is_dir():
        raise CopiaRecusada(f"{saida} é uma pasta; indique o nome do arquivo da cópia")
    saida.parent.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(dir=saida.parent, prefix=".copia-") as temporaria:
        pasta = Path(temporaria)
        banco = _copiar_banco(pasta)
        partes = [(banco, banco.name), *_arquivos_privados()]
        manifesto = {
            "formato": FORMATO,
            "banco": _motor(),
            "criada_em": datetime.now(UTC).isoformat(timespec="seconds"),
            "partes": [
                {"nome": nome, "sha256": _sha256(caminho), "bytes": caminho.stat().st_size}
                for caminho, nome in partes
            ],
        }
        (pasta / MANIFESTO).write_text(json.dumps(manifesto, indent=2), encoding="utf-8")
        provisoria = pasta / "copia.tar"
        with tarfile.open(provisoria, "w") as pacote:
            pacote.add(pasta / MANIFESTO, MANIFESTO)
            for caminho, nome in partes:
                pacote.add(caminho, nome)
        os.chmod(provisoria, 0o600)  # (tem dados pessoais)
        os.replace(provisoria, saida)
    return manifesto


def _extrair(arquivo: Path, pasta: Path) -> dict[str, Any]:
    """Extrai e confere: só os nomes do manifesto, cada um com o sha256 anotado."""
    try:
        with tarfile.open(arquivo) as pacote:
            pacote.extractall(pasta, filter="data")
    except (OSError, tarfile.TarError) as erro:
        raise CopiaRecusada(f"não consegui ler a cópia {arquivo}: {erro}") from None
    try:
        manifesto: dict[str, Any] = json.loads((pasta / MANIFESTO).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        raise CopiaRecusada(f"{arquivo} não tem um {MANIFESTO} legível") from None
    if not isinstance(manifesto, dict) or manifesto.get("formato") != FORMATO:
        raise CopiaRecusada(f"{arquivo} não é uma cópia do cotas ({FORMATO})")
    for parte in manifesto["partes"]:
        caminho = pasta / parte["nome"]
        if not caminho.is_file() or _sha256(caminho) != parte["sha256"]:
            raise CopiaRecusada(f"a parte {parte['nome']} da cópia falta ou não confere (sha256)")
    return manifesto


def _banco_vazio() -> bool:
    from django.apps import apps

    # (Pelo registro de apps: a auditoria fica abaixo dos certames nas camadas da web.)
    modelos = (apps.get_model("certames", "Certame"), apps.get_model("auditoria", "Registro"))
    tabelas = set(connection.introspection.table_names())
    for tabela in (m._meta.db_table for m in modelos):
        if tabela in tabelas:
            with connection.cursor() as cursor:
                cursor.execute(f"SELECT 1 FROM {connection.ops.quote_name(tabela)} LIMIT 1")
                if cursor.fetchone() is not None:
                    return False
    return True


def restaurar_copia(arquivo: Path) -> dict[str, Any]:
    """Restaura a cópia no banco configurado (vazio) e na pasta privada; o manifesto."""
    if not _banco_vazio():
        raise CopiaRecusada(
            "o banco de destino já tem certames ou registros de auditoria; restaure num banco "
            "novo e vazio (nada foi alterado)"
        )
    privada = Path(settings.ARQUIVOS_PRIVADOS)
    with tempfile.TemporaryDirectory(prefix="cotas-restauracao-") as temporaria:
        pasta = Path(temporaria)
        manifesto = _extrair(arquivo, pasta)
        if manifesto["banco"] != _motor():
            raise CopiaRecusada(
                f"a cópia é de um banco {manifesto['banco']}; o destino é {_motor()}"
            )
        privados = [
            (pasta / p["nome"], privada / PurePosixPath(p["nome"]).relative_to("privado"))
            for p in manifesto["partes"]
            if p["nome"].startswith("privado/")
        ]
        for _, destino in privados:
            if destino.exists():
                raise CopiaRecusada(f"{destino} já existe; restaure numa pasta privada vazia")
        _restaurar_banco(pasta, manifesto["banco"])
        for origem, destino in privados:
            destino.parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(origem, destino)
    return manifesto


def _restaurar_banco(pasta: Path, motor: str) -> None:
    if motor == "sqlite":
        connection.ensure_connection()
        origem = sqlite3.connect(pasta / "banco.sqlite3")
        try:
            origem.backup(connection.connection)
        finally:
            origem.close()
        connection.close()  # (a próxima consulta abre o banco restaurado)
        return
    connection.close()
    _rodar(
        [
            *("pg_restore", "--no-owner", "--exit-on-error", "--clean", "--if-exists"),
            f"--dbname={_url_postgres()}",
            str(pasta / "banco.dump"),
        ]
    )
