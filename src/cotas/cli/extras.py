"""As leis de fora do pacote que a linha de comando junta ao catálogo: `COTAS_LEIS_EXTRAS`, os
caminhos dos TOMLs separados por `:` (a mesma variável da aplicação web). Um arquivo ilegível ou
malformado é erro de entrada, com o nome dele, todos de uma vez; `cotas --help` não os lê."""

from __future__ import annotations

import os
from collections.abc import Mapping
from pathlib import Path

from cotas.arquivos.erros import motivo_do_sistema
from cotas.motor.erros import LeiInvalida
from cotas.motor.legislacao import Lei, carregar_lei, juntar_ao_catalogo_padrao

VARIAVEL = "COTAS_LEIS_EXTRAS"


def carregar(ambiente: Mapping[str, str] = os.environ) -> None:
    """Lê as leis de `COTAS_LEIS_EXTRAS` e as junta ao catálogo; `LeiInvalida` com todos os
    problemas, um por linha."""
    caminhos = [c for c in ambiente.get(VARIAVEL, "").split(os.pathsep) if c.strip()]
    leis: list[Lei] = []
    problemas: list[str] = []
    for caminho in caminhos:
        try:
            texto = Path(caminho).read_text(encoding="utf-8")
        except OSError as erro:
            problemas.append(f"{caminho}: não foi possível ler a lei ({motivo_do_sistema(erro)})")
            continue
        except UnicodeDecodeError:
            problemas.append(f"{caminho}: não foi possível ler a lei (o texto não está em UTF-8)")
            continue
        try:
            leis.append(carregar_lei(texto, caminho))
        except LeiInvalida as erro:
            problemas.append(str(erro))
    if not problemas and leis:
        try:
            juntar_ao_catalogo_padrao(leis)
        except LeiInvalida as erro:
            problemas.append(str(erro))
    if problemas:
        raise LeiInvalida(
            f"leis de {VARIAVEL} com problemas (nenhuma foi usada):\n"
            + "\n".join(f"  {p}" for p in problemas)
        )
