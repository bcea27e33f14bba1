"""Testes: hasher rápido, arquivos privados em diretório temporário."""

import atexit
import os
import shutil
import tempfile
from pathlib import Path

from .base import *  # noqa: F403

PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


def _apagar_ao_sair(pasta: Path) -> None:
    """Apaga `pasta` quando este processo sair. Só ele: um processo filho por fork (um
    trabalhador do gunicorn) herda o registro e ainda divide a pasta com os outros."""
    criador = os.getpid()

    def apagar() -> None:
        if os.getpid() == criador:
            shutil.rmtree(pasta, ignore_errors=True)

    atexit.register(apagar)


# Os diretórios de todos os processos de uma rodada de testes ficam numa pasta só, da rodada,
# que o primeiro processo a ler estas configurações (o principal do pytest) cria e apaga ao sair,
# com o que sobrou dentro: os processos que os testes encerram por sinal (as quedas com kill -9,
# os servidores ao vivo) não passam pelo `atexit` e deixavam o seu diretório em /tmp.
_RODADA = os.environ.get("COTAS_TESTES_TMP", "")
if not Path(_RODADA).is_absolute() or not Path(_RODADA).is_dir():
    _RODADA = tempfile.mkdtemp(prefix="cotas-testes-")
    os.environ["COTAS_TESTES_TMP"] = _RODADA
    _apagar_ao_sair(Path(_RODADA))
ARQUIVOS_PRIVADOS = Path(tempfile.mkdtemp(prefix="cotas-privado-", dir=_RODADA))
# (Sem isto, cada processo de teste e cada medida do bench deixava o seu em /tmp: milhares.)
_apagar_ao_sair(ARQUIVOS_PRIVADOS)
MEDIA_ROOT = ARQUIVOS_PRIVADOS
ARQUIVOS_TAREFAS = ARQUIVOS_PRIVADOS / "tarefas"
ALLOWED_HOSTS = ["*"]

WHITENOISE_AUTOREFRESH = True
WHITENOISE_USE_FINDERS = True

# O `flush` dos testes transacionais no SQLite passa pelos gatilhos do registro de auditoria
# (auditoria/banco_sqlite); fora dos testes o registro continua inapagável.
if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":  # noqa: F405
    DATABASES["default"]["ENGINE"] = "cotas_web.auditoria.banco_sqlite"  # noqa: F405
