"""As listas publicadas atribuem a concorrência concomitante só à reserva racial, cuja lei a
prevê (a de PcD segue o edital)."""

from __future__ import annotations

from cotas.documentos.fonte import FonteDocumentos
from cotas.documentos.listas import listas_publicacao


def test_listas_publicadas_so_atribuem_a_concorrencia_concomitante_a_reserva_racial(
    fonte: FonteDocumentos,
) -> None:
    assert fonte.regras.grupo("pcd") is not None
    [introducao] = [b.texto for b in listas_publicacao(fonte).blocos[:1]]  # type: ignore[union-attr]
    assert "Os candidatos da lista de negros (pretos e pardos) concorrem" in introducao
    assert "listas reservadas concorrem" not in introducao
