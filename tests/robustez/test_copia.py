"""Cópia de segurança e restauração (issue 15, item 8): copia_de_seguranca grava o banco e os
arquivos privados (sem as prévias) com o sha256 de cada parte; restaurar, num banco novo,
confere a cópia, restaura, e a cadeia da auditoria continua íntegra; a página pública do
certame restaurado é a mesma."""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
import tarfile
from pathlib import Path

import pytest

pytestmark = pytest.mark.lento  # (a cópia migra e carrega a demonstração em subprocessos)

RAIZ = Path(__file__).resolve().parents[2]
PAGINA = (
    "from django.test import Client; import sys; "
    "r = Client().get('/publico/certames/1/documentos/ordem-de-nomeacao/', HTTP_HOST='localhost'); "
    "sys.stdout.write(str(r.status_code) + chr(10) + r.content.decode())"
)


def _manage(pasta: Path, banco: str, *args: str) -> subprocess.CompletedProcess[str]:
    ambiente = {
        **os.environ,
        "DJANGO_SETTINGS_MODULE": "cotas_web.settings.desenvolvimento",
        "DATABASE_URL": f"sqlite:///{pasta / banco}",
        "COTAS_ARQUIVOS_PRIVADOS": str(pasta / f"privado-{banco}"),
    }
    return subprocess.run(
        [sys.executable, str(RAIZ / "manage.py"), *args],
        capture_output=True,
        text=True,
        env=ambiente,
        cwd=pasta,
        timeout=300,
        check=False,
    )


def _sem_nonce(html: str) -> str:
    """(O nonce do CSP muda a cada pedido.)"""
    return re.sub(r'nonce="[^"]*"', "", html)


def _ok(r: subprocess.CompletedProcess[str]) -> str:
    assert r.returncode == 0, r.stdout[-2000:] + r.stderr[-3000:]
    return r.stdout


@pytest.fixture(scope="module")
def copia(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path, str]:
    pasta = tmp_path_factory.mktemp("copia")
    _ok(_manage(pasta, "a.sqlite3", "migrate", "--noinput", "-v0"))
    _ok(_manage(pasta, "a.sqlite3", "carregar_exemplo", "--demo"))
    gravacao = pasta / "privado-a.sqlite3" / "gravacoes" / "2026" / "01" / "sessao.webm"
    gravacao.parent.mkdir(parents=True)
    gravacao.write_bytes(b"gravacao da sessao")
    previa = pasta / "privado-a.sqlite3" / "importacoes" / "previa.csv"
    previa.parent.mkdir(parents=True)
    previa.write_text("cpf de alguém", encoding="utf-8")
    pagina = _ok(_manage(pasta, "a.sqlite3", "shell", "-v0", "-c", PAGINA))
    assert pagina.startswith("200")
    _ok(_manage(pasta, "a.sqlite3", "copia_de_seguranca", "--saida", str(pasta / "copia.tar")))
    return pasta, pasta / "copia.tar", pagina


@pytest.mark.banco_proprio  # (o SQLite num arquivo: DATABASE_URL própria)
def test_a_copia_tem_manifesto_com_o_sha256_de_cada_parte(copia: tuple[Path, Path, str]) -> None:
    _, arquivo, _ = copia
    with tarfile.open(arquivo) as pacote:
        nomes = pacote.getnames()
        manifesto = json.loads(pacote.extractfile("manifesto.json").read())  # type: ignore[union-attr]
    partes = {p["nome"] for p in manifesto["partes"]}
    assert partes == {"banco.sqlite3", "privado/gravacoes/2026/01/sessao.webm"}
    assert set(nomes) == partes | {"manifesto.json"}  # a prévia ficou de fora
    assert all(len(p["sha256"]) == 64 for p in manifesto["partes"])
    assert arquivo.stat().st_mode & 0o077 == 0


@pytest.mark.banco_proprio  # (o SQLite num arquivo: DATABASE_URL própria)
def test_restaurar_num_banco_novo_confere_a_auditoria(copia: tuple[Path, Path, str]) -> None:
    pasta, arquivo, pagina = copia
    saida = _ok(_manage(pasta, "b.sqlite3", "restaurar", str(arquivo)))
    assert "sha256 conferido" in saida
    assert "Registro de auditoria íntegro" in saida
    restaurada = pasta / "privado-b.sqlite3" / "gravacoes" / "2026" / "01" / "sessao.webm"
    assert restaurada.read_bytes() == b"gravacao da sessao"
    assert not (pasta / "privado-b.sqlite3" / "importacoes").exists()
    restaurada_html = _ok(_manage(pasta, "b.sqlite3", "shell", "-v0", "-c", PAGINA))
    assert _sem_nonce(restaurada_html) == _sem_nonce(pagina)
    _ok(_manage(pasta, "b.sqlite3", "verificar_auditoria"))
    # Restaurar de novo por cima de um banco com dados: recusado, nada muda.
    r = _manage(pasta, "b.sqlite3", "restaurar", str(arquivo))
    assert r.returncode == 2 and "banco novo e vazio" in r.stderr


@pytest.mark.banco_proprio  # (o SQLite num arquivo: DATABASE_URL própria)
def test_copia_adulterada_nao_e_restaurada(copia: tuple[Path, Path, str], tmp_path: Path) -> None:
    _, arquivo, _ = copia
    adulterada = tmp_path / "adulterada.tar"
    with tarfile.open(arquivo) as origem, tarfile.open(adulterada, "w") as destino:
        for membro in origem.getmembers():
            dados = origem.extractfile(membro).read()  # type: ignore[union-attr]
            if membro.name.endswith(".webm"):
                dados = b"outra coisa"
                membro.size = len(dados)
            import io

            destino.addfile(membro, io.BytesIO(dados))
    r = _manage(tmp_path, "c.sqlite3", "restaurar", str(adulterada))
    assert r.returncode == 2 and "não confere (sha256)" in r.stderr
    assert not (tmp_path / "privado-c.sqlite3").exists()


@pytest.mark.postgres
@pytest.mark.skipif(
    not os.environ.get("DATABASE_URL", "").startswith("postgres") or not shutil.which("pg_dump"),
    reason="só com PostgreSQL (DATABASE_URL) e pg_dump",
)
def test_copia_e_restauracao_no_postgresql(tmp_path: Path) -> None:
    """Com a DATABASE_URL do dono das tabelas: pg_dump -Fc e pg_restore num banco novo."""
    url = os.environ["DATABASE_URL"]
    base, _, nome = url.rpartition("/")
    origem, destino = f"{base}/{nome}_copia_a", f"{base}/{nome}_copia_b"
    for banco in (origem, destino):
        alvo = banco.rpartition("/")[2]
        for sql in (f"DROP DATABASE IF EXISTS {alvo}", f"CREATE DATABASE {alvo}"):
            subprocess.run(["psql", url, "-q", "-c", sql], check=True, capture_output=True)

    def manage(banco: str, privado: str, *args: str) -> str:
        ambiente = {
            **os.environ,
            "DJANGO_SETTINGS_MODULE": "cotas_web.settings.desenvolvimento",
            "DATABASE_URL": banco,
            "COTAS_ARQUIVOS_PRIVADOS": str(tmp_path / privado),
        }
        r = subprocess.run(
            [sys.executable, str(RAIZ / "manage.py"), *args],
            capture_output=True, text=True, env=ambiente, timeout=300, check=False,
        )  # fmt: skip
        return _ok(r)

    manage(origem, "a", "migrate", "--noinput", "-v0")
    manage(origem, "a", "carregar_exemplo", "--demo")
    pagina = manage(origem, "a", "shell", "-v0", "-c", PAGINA)
    manage(origem, "a", "copia_de_seguranca", "--saida", str(tmp_path / "pg.tar"))
    saida = manage(destino, "b", "restaurar", str(tmp_path / "pg.tar"))
    assert "Registro de auditoria íntegro" in saida
    assert _sem_nonce(manage(destino, "b", "shell", "-v0", "-c", PAGINA)) == _sem_nonce(pagina)
