"""Comum a todos os testes."""

from __future__ import annotations

import sys
from collections.abc import Iterator

import pytest
from hypothesis import settings

# Sem prazo por exemplo no hypothesis: velocidade se mede em `make bench`, nunca numa asserção de
# tempo (numa máquina ocupada, o prazo padrão de 200 ms falhava leituras corretas).
settings.register_profile("cotas", deadline=None)
settings.load_profile("cotas")


@pytest.fixture(autouse=True)
def _orgao_esquecido() -> Iterator[None]:
    """O órgão guardado na memória do processo (cabeçalho das páginas) não passa de um teste a
    outro: cada teste tem o seu banco."""
    yield
    modulo = sys.modules.get("cotas_web.identidade.models")
    if modulo is not None:
        modulo.Orgao.esquecer()
