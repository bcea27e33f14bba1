"""Grava `schema/cenario.schema.json`, gerado da declaração do formato do cenário
(`cotas.arquivos.formato_do_cenario`). Rode depois de mudar uma chave do cenário, uma escolha do
glossário ou os grupos das leis: `tests/arquivos/test_cenario.py` acusa o esquema desatualizado.
"""

from __future__ import annotations

from pathlib import Path

from cotas.arquivos.formato_do_cenario import texto_do_esquema

DESTINO = Path(__file__).resolve().parents[1] / "schema" / "cenario.schema.json"

if __name__ == "__main__":
    DESTINO.write_text(texto_do_esquema(), encoding="utf-8")
    print(f"gravado: {DESTINO}")
