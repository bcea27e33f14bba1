"""Nenhuma lei citada no código do motor: nome do município, número da lei ou artigo vêm dos
dados (`src/cotas/leis/`), e as leituras do projeto, de `docs/INTERPRETACAO.md`."""

from __future__ import annotations

import re
from pathlib import Path

import cotas.motor
from cotas.motor.legislacao import catalogo_padrao

MOTOR = Path(cotas.motor.__file__).parent
ARTIGO = re.compile(r"\barts?\. ?[0-9]")


def _proibidos() -> set[str]:
    """Os municípios e os números das leis do catálogo (ex.: '7.344'), e o da lei federal do
    desempate pela idade."""
    saida = {"10.741", "9.508", "8.112"}
    for lei in catalogo_padrao().leis:
        saida.add(lei.municipio.split("/")[0])
        saida.update(re.findall(r"\d{1,2}\.\d{3}", lei.norma))
    return saida


def test_o_motor_nao_cita_lei_nem_artigo() -> None:
    proibidos = _proibidos()
    assert {"Montenegro", "Mostardas", "7.344", "3.920", "4.016"} <= proibidos
    achados = []
    for arquivo in sorted(MOTOR.glob("*.py")):
        for n, linha in enumerate(arquivo.read_text(encoding="utf-8").splitlines(), start=1):
            if ARTIGO.search(linha) or any(p in linha for p in proibidos):
                achados.append(f"{arquivo.name}:{n}: {linha.strip()}")
    assert achados == []
