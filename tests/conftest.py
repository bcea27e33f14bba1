"""Comum a todos os testes."""

from __future__ import annotations

import os
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

import tests.hipoteses  # noqa: F401  (carrega o perfil do hypothesis: ci ou dev)


@pytest.fixture(scope="session")
def django_db_modify_db_settings_xdist_suffix(request: pytest.FixtureRequest) -> None:
    """Com o pytest-xdist (`make check`), cada processo tem o seu banco de teste: o pytest-django
    põe um sufixo (`_gw0`) no nome. O SQLite dos testes já é de cada processo (na memória), mas o
    pytest-django só o reconhece pelo motor do Django, e o dos testes é o nosso
    (`cotas_web.auditoria.banco_sqlite`, em settings/teste.py): ganharia o nome de um arquivo
    que não se abre. Na memória, dito por extenso, ele fica sem sufixo; o PostgreSQL o recebe."""
    from django.conf import settings as django_settings
    from pytest_django.fixtures import _set_suffix_to_test_databases

    processo = getattr(request.config, "workerinput", {}).get("workerid")
    if not processo:
        return
    for banco in django_settings.DATABASES.values():
        if "sqlite" in banco["ENGINE"] and not banco.get("TEST", {}).get("NAME"):
            banco.setdefault("TEST", {})["NAME"] = ":memory:"
    _set_suffix_to_test_databases(suffix=processo)


@pytest.fixture(autouse=True)
def _orgao_esquecido() -> Iterator[None]:
    """O órgão guardado na memória do processo (cabeçalho das páginas) não passa de um teste a
    outro: cada teste tem o seu banco."""
    yield
    modulo = sys.modules.get("cotas_web.identidade.models")
    if modulo is not None:
        modulo.Orgao.esquecer()
    cascas = sys.modules.get("cotas_web.publico.casca_da_consulta")
    if cascas is not None:  # (as cascas da página da consulta, pela mesma razão)
        cascas.esquecer()


# A segunda fase do `make test` roda tests/web e tests/robustez de novo no PostgreSQL; um teste
# que não chega ao banco (sem os fixtures do banco, num arquivo que não fala do banco nem sobe a
# aplicação noutro processo) faria ali o mesmo que na primeira: fica só nela. O pytest-django
# barra o banco a quem não pede os fixtures, e a biblioteca `cotas` (a linha de comando) não
# importa a aplicação web (contrato do lint-imports): nada disso lê a DATABASE_URL.
FIXTURES_DO_BANCO = frozenset(
    {
        "db",
        "transactional_db",
        "django_db_reset_sequences",
        "django_db_serialized_rollback",
        "live_server",
    }
)
FALAM_DO_BANCO = ("DATABASE_URL", "connection", "vendor", "manage.py", "web.sh", "postgres")


def _chega_ao_banco(item: pytest.Item, textos: dict[Path, str]) -> bool:
    if item.get_closest_marker("banco_proprio"):  # (o SQLite seu, nas duas fases)
        return False
    if item.get_closest_marker("django_db") or item.get_closest_marker("postgres"):
        return True
    if FIXTURES_DO_BANCO & set(getattr(item, "fixturenames", ())):
        return True
    if item.path not in textos:
        textos[item.path] = item.path.read_text(encoding="utf-8")
    return any(palavra in textos[item.path] for palavra in FALAM_DO_BANCO)


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    if os.environ.get("COTAS_SO_OS_DO_BANCO") != "1":
        return
    textos: dict[Path, str] = {}
    fora = [item for item in items if not _chega_ao_banco(item, textos)]
    if fora:
        config.hook.pytest_deselected(items=fora)
        items[:] = [item for item in items if _chega_ao_banco(item, textos)]
