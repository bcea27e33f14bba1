"""Comum a todos os testes."""

from __future__ import annotations

import sys
from collections.abc import Iterator

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
