"""O percentual que a lei fixa como mínimo ("reservar o mínimo de 20%"): o edital pode reservar
mais, nunca menos (parâmetro `<grupo>.percentual_minimo` da lei).

Peça à parte de `regras._resolver_parametros`: o percentual do edital chega como parâmetro
informado (`[parametros_lei]` do cenário), com a justificativa (o item do edital).
"""

from __future__ import annotations

from collections.abc import Mapping
from datetime import date
from decimal import Decimal

from cotas.motor.erros import LeiInvalida
from cotas.motor.legislacao import Lei, conferir_informado
from cotas.motor.razoes import Referencia

SUFIXO = ".percentual"


def eleva_o_minimo(lei: Lei, nome: str, dia: date) -> bool:
    """Se o parâmetro `nome` é um percentual que a lei fixa como mínimo na data."""
    if not nome.endswith(SUFIXO):
        return False
    minimo = lei.parametros.get(nome + "_minimo")
    valor = minimo.em(dia) if minimo is not None else None
    return valor is not None and valor.valor is True


def percentual_do_edital(lei: Lei, nome: str, dia: date, bruto: object) -> tuple[str, Referencia]:
    """O percentual do edital, conferido: nunca abaixo do mínimo da lei (erro com o artigo)."""
    conferido, justificativa = conferir_informado(lei, nome, bruto, "percentual fixado pelo edital")
    valor = str(conferido)
    da_lei = lei.parametros[nome].em(dia)
    assert da_lei is not None
    ref = da_lei.referencia
    if Decimal(valor) < Decimal(str(da_lei.valor)):
        raise LeiInvalida(
            f"Parâmetro informado '{nome}' = {valor}% abaixo do mínimo de {da_lei.valor}% que "
            f"a lei fixa ({ref.citacao()}): o edital pode reservar mais, nunca menos."
        )
    do_edital = referencia_do_edital(bruto)
    if do_edital is not None:  # o item do edital (e o mínimo da lei: `RegraGrupo.ref`)
        return valor, do_edital
    return valor, Referencia(
        ref.norma,
        f"{ref.artigo} (mínimo de {da_lei.valor}%) e edital",
        f"{justificativa}. {ref.texto}",
    )


def referencia_do_edital(bruto: object) -> Referencia | None:
    """A referência de um valor que um arquivo de edital diz (`{"valor": ..., "referencia":
    ...}`, de `cotas.motor.edital.informados_do_edital`): o valor se cita como do edital."""
    ref = bruto.get("referencia") if isinstance(bruto, Mapping) else None
    return ref if isinstance(ref, Referencia) else None
