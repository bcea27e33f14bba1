"""Os perfis do hypothesis: `ci` (o `make test`, o CI) e `dev` (o `make check`, antes de cada
commit), escolhidos pela variável de ambiente COTAS_HIPOTESES que o Makefile define; sem ela, `ci`.

Os dois sem prazo por exemplo: velocidade se mede em `make bench`, nunca numa asserção de tempo
(numa máquina ocupada, o prazo padrão de 200 ms falhava leituras corretas). O `dev` roda um quinto
dos exemplos: as mesmas propriedades, menos certames sorteados.
"""

from __future__ import annotations

import os

from hypothesis import settings

PADRAO = 100  # exemplos por teste no perfil ci (o padrão do hypothesis)
FRACAO_DEV = 5  # o dev roda 1/5 dos exemplos do ci

settings.register_profile("ci", deadline=None, max_examples=PADRAO)
settings.register_profile("dev", deadline=None, max_examples=PADRAO // FRACAO_DEV)
PERFIL = os.environ.get("COTAS_HIPOTESES") or "ci"
if PERFIL not in ("ci", "dev"):
    raise ValueError(f"COTAS_HIPOTESES={PERFIL!r}: use ci ou dev")
settings.load_profile(PERFIL)


def exemplos(ci: int) -> int:
    """O max_examples de um teste que pede mais que o padrão: `ci` no perfil ci, um quinto no
    dev (e nunca menos exemplos que o padrão do perfil)."""
    if PERFIL == "ci":
        return ci
    return max(ci // FRACAO_DEV, PADRAO // FRACAO_DEV)
