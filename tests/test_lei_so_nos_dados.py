"""Nenhuma lei citada no código fora dos dados: em `src/` (Python e templates), fora de
`src/cotas/leis/` e das migrações, nenhum município do catálogo, número ou id de lei, nem
artigo. Citações vêm dos dados da lei pelo motor; as leituras do projeto, de
`docs/INTERPRETACAO.md`. (O motor tem o seu teste: tests/motor/test_lei_so_nos_dados.py.)"""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

from cotas.motor.legislacao import catalogo_padrao

RAIZ = Path(__file__).resolve().parent.parent
SRC = RAIZ / "src"
LEIS = SRC / "cotas" / "leis"
ARTIGO = re.compile(r"\barts?\. ?[0-9]")
NUMERO = re.compile(r"\d{1,2}\.\d{3}/\d{4}|\d{1,2}\.\d{3}\b")
# Leis federais citadas só nos textos das leis municipais (docs/fontes/LEIA-ME.md).
FEDERAIS_NOS_TEXTOS = {"12.990", "15.142"}


def _proibidos() -> set[str]:
    """Municípios, ids e números das leis do catálogo e dos dispositivos federais."""
    saida = set(FEDERAIS_NOS_TEXTOS)
    for lei in catalogo_padrao().leis:
        saida.add(lei.municipio.split("/")[0])
        saida.add(lei.id)
        saida.update(n.split("/")[0] for n in NUMERO.findall(lei.norma))
    federais = tomllib.loads((LEIS / "dispositivos-federais.toml").read_text(encoding="utf-8"))
    for dispositivo in federais.values():
        saida.update(n.split("/")[0] for n in NUMERO.findall(dispositivo["norma"]))
    return saida


def _arquivos() -> list[Path]:
    return sorted(
        p
        for ext in ("*.py", "*.html")
        for p in SRC.rglob(ext)
        if LEIS not in p.parents and "migrations" not in p.parts
    )


def test_lista_de_proibidos_vem_do_catalogo() -> None:
    proibidos = _proibidos()
    esperados = {"Montenegro", "Mostardas", "7.344", "3.920", "4.016", "10.741", "13.709"}
    assert esperados <= proibidos
    assert "montenegro-rs/lei-7344-2025" in proibidos


def test_nenhuma_lei_citada_fora_dos_dados() -> None:
    proibidos = _proibidos()
    achados = []
    for arquivo in _arquivos():
        for n, linha in enumerate(arquivo.read_text(encoding="utf-8").splitlines(), start=1):
            if ARTIGO.search(linha) or any(p in linha for p in proibidos):
                achados.append(f"{arquivo.relative_to(RAIZ)}:{n}: {linha.strip()}")
    assert achados == []
