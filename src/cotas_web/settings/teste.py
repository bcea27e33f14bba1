"""Testes: hasher rápido, arquivos privados em diretório temporário."""

import atexit
import os
import shutil
import tempfile
from pathlib import Path

from .base import *  # noqa: F403

PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
ARQUIVOS_PRIVADOS = Path(tempfile.mkdtemp(prefix="cotas-privado-"))
_CRIADOR = os.getpid()


def _apagar_os_arquivos_privados() -> None:
    # Só o processo que criou o diretório o apaga ao sair: um processo filho por fork (um
    # trabalhador do gunicorn) herda este registro e ainda divide o diretório com os outros.
    if os.getpid() == _CRIADOR:
        shutil.rmtree(ARQUIVOS_PRIVADOS, ignore_errors=True)


# (Sem isto, cada processo de teste e cada medida do bench deixava o seu em /tmp: milhares.)
atexit.register(_apagar_os_arquivos_privados)
MEDIA_ROOT = ARQUIVOS_PRIVADOS
ARQUIVOS_TAREFAS = ARQUIVOS_PRIVADOS / "tarefas"
ALLOWED_HOSTS = ["*"]

WHITENOISE_AUTOREFRESH = True
WHITENOISE_USE_FINDERS = True

# O `flush` dos testes transacionais no SQLite passa pelos gatilhos do registro de auditoria
# (auditoria/banco_sqlite); fora dos testes o registro continua inapagável.
if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":  # noqa: F405
    DATABASES["default"]["ENGINE"] = "cotas_web.auditoria.banco_sqlite"  # noqa: F405
