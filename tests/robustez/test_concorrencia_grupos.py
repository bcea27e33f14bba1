"""A verificação documental de um grupo da lei, registrada pelo RH: 10 pedidos simultâneos, um
efeito e um registro (como os demais atos em test_concorrencia.py; feito para o PostgreSQL)."""

# ruff: noqa: B008
# (F811: as fixtures partilhadas entram por import e voltam como parâmetros; B008: cada pedido lê
#  a sua cópia do candidato ANTES da barreira, de propósito.)
from __future__ import annotations

from datetime import date
from typing import Any

import pytest

from cotas_web.candidatos import services as candidatos
from cotas_web.candidatos.models import Candidato
from tests.robustez.test_concorrencia import (
    N,
    _banco_que_espera_a_vez,  # noqa: F401  (autouse: pula o SQLite em memória)
    aceitos,
    lido,
    recusas,
    registros,
    simultaneos,
)
from tests.web.conftest import ana, rita  # noqa: F401  (fixtures partilhadas)
from tests.web.test_grupos_web import (  # noqa: F401  (fixtures da lei de três grupos)
    certame3,
    importado,
    lei_de_tres_grupos,
)

pytestmark = [pytest.mark.postgres, pytest.mark.django_db(transaction=True)]


def test_verificacao_documental_registrada_uma_vez(
    lei_de_tres_grupos: Any, importado: Any, rita: Any
) -> None:
    """Metade diz que os documentos comprovam, metade que não: vale só o primeiro registro, e o
    candidato e o registro de auditoria dizem a mesma coisa."""
    indigena = Candidato.objects.get(inscricao="4001")
    resultados = simultaneos(
        [
            lambda r=r, c=lido(indigena): candidatos.verificacao_documental_registrar(
                usuario=rita,
                candidato=c,
                grupo="indigenas",
                resultado=r,
                data=date(2026, 4, 1),
                fundamentacao="Documentos da comunidade.",
            )
            for r in ["confirmado", "nao_confirmado"] * (N // 2)
        ]
    )
    assert len(aceitos(resultados)) == 1
    assert all("já foi registrada" in str(r) for r in recusas(resultados))
    assert registros("verificacao_documental") == 1
    gravado = Candidato.objects.get(inscricao="4001").verificacao("indigenas")
    assert gravado == aceitos(resultados)[0].verificacao("indigenas")
