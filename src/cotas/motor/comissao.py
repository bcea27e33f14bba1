"""A decisão da comissão de heteroidentificação sobre um candidato, pela regra da lei.

A aplicação registra os fatos (comparecimento, recusas, o voto de cada integrante) e chama
`decidir_verificacao`; a regra e o seu artigo vêm dos parâmetros `heteroidentificacao.*` da lei
(`maioria` e `nao_reconhecido`; docs/INTERPRETACAO.md#nao-reconhecido).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from cotas.motor.razoes import Referencia
from cotas.motor.regras import RegraComissao

# Os resultados possíveis (os mesmos códigos que a aplicação grava).
CONFIRMADO = "confirmado"
NAO_CONFIRMADO = "nao_confirmado"
AUSENTE = "ausente"
RECUSOU_FILMAGEM = "recusou_filmagem"
RECUSOU_PERGUNTAS = "recusou_perguntas"


@dataclass(frozen=True)
class DecisaoComissao:
    """O resultado da verificação, a razão em palavras e o dispositivo da lei que a funda."""

    resultado: str
    razao: str
    fundamentos: tuple[Referencia, ...]

    @property
    def reconhecido(self) -> bool:
        return self.resultado == CONFIRMADO


def decidir_verificacao(
    regra: RegraComissao,
    *,
    compareceu: bool,
    recusou_filmagem: bool,
    recusou_perguntas: bool,
    votos: Sequence[bool],
) -> DecisaoComissao:
    """Quem falta ou se recusa não é analisado (`nao_reconhecido`); quem é analisado é
    reconhecido pela maioria dos integrantes (`maioria`: a lei só admite a maioria simples,
    mais da metade dos votos, e o carregador recusa outra regra)."""
    destino = regra.destino_do_nao_reconhecido
    fora = regra.ref("nao_reconhecido")
    if not compareceu:
        return DecisaoComissao(AUSENTE, f"Não compareceu: {destino}.", fora)
    if recusou_filmagem:
        return DecisaoComissao(RECUSOU_FILMAGEM, f"Recusou a filmagem: {destino}.", fora)
    if recusou_perguntas:
        return DecisaoComissao(RECUSOU_PERGUNTAS, f"Não respondeu às perguntas: {destino}.", fora)
    a_favor = sum(1 for v in votos if v)
    placar = f"{a_favor} de {len(votos)} votos pelo reconhecimento"
    if a_favor * 2 > len(votos):
        return DecisaoComissao(
            CONFIRMADO,
            f"Reconhecido pela maioria dos integrantes ({placar}).",
            regra.ref("maioria"),
        )
    return DecisaoComissao(
        NAO_CONFIRMADO,
        f"Não reconhecido pela maioria dos integrantes ({placar}): {destino}.",
        regra.ref("maioria") + fora,
    )
