"""Configurações de teste com o SQLite num arquivo, para os testes de concorrência no SQLite.

O banco de teste padrão do SQLite fica em memória, partilhado entre as conexões: ali uma escrita
concorrente falha na hora ("database table is locked") em vez de esperar a vez como no arquivo
(BEGIN IMMEDIATE com espera, settings/base.py), e a corrida não se reproduz como em produção.
Uso: DJANGO_SETTINGS_MODULE=tests.robustez.sqlite_em_arquivo pytest tests/robustez
"""

import tempfile
from pathlib import Path

from cotas_web.settings.teste import *  # noqa: F403

if DATABASES["default"]["ENGINE"].endswith("sqlite3"):  # noqa: F405
    DATABASES["default"]["TEST"] = {  # noqa: F405
        "NAME": str(Path(tempfile.mkdtemp(prefix="cotas-teste-")) / "teste.sqlite3")
    }
