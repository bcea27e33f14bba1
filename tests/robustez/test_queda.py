"""`kill -9` em pontos ao acaso (semente fixa) durante cada tipo de ato, a importação e a
montagem da consulta pública; depois de cada queda o servidor sobe de novo (queda_atos.py:
retoma as tarefas e as montagens) e se confere: `verificar_auditoria` limpo (a cadeia e o
certame refeito pelo registro), o ato aconteceu inteiro (o registro e o efeito) ou nada dele, o
que já estava gravado continua lá, e a consulta pública não serve como atual uma versão velha.

No banco do ambiente: PostgreSQL se DATABASE_URL aponta para um (num banco novo, só deste teste),
senão SQLite num arquivo (o de memória dos testes não se partilha com outro processo).
"""

from __future__ import annotations

import json
import os
import random
import signal
import subprocess
import sys
import time
import uuid
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

pytestmark = [pytest.mark.queda, pytest.mark.lento]

RAIZ = Path(__file__).resolve().parents[2]
DRIVER = Path(__file__).with_name("queda_atos.py")
SEMENTE = 15
GOLPES = 3  # quedas por tipo de ato
# Até quantos segundos depois do início do ato vem o golpe (o ato leva em torno disso).
DURACAO = {
    "importar": 1.5,
    "homologar": 0.15,
    "ofertar_edital": 0.2,
    "nomear": 0.3,
    "desistir": 0.3,
    "vagas_novas": 0.3,
    "remontar": 1.0,
}
# O registro que cada ato deixa (a montagem da consulta não é ato: não registra).
ACAO = {
    "importar": "candidatos_importados",
    "homologar": "certame_homologado",
    "ofertar_edital": "vagas_edital",
    "nomear": "nomeacao",
    "desistir": "desistencia",
    "vagas_novas": "vagas_novas",
}
POR_ATO = {"importar": [1, 2000]}  # o efeito de um ato inteiro (os demais: [1])


@pytest.fixture
def banco(tmp_path: Path) -> Iterator[str]:
    url = os.environ.get("DATABASE_URL", "")
    if not url.startswith("postgres"):
        yield f"sqlite:///{tmp_path / 'queda.sqlite3'}"
        return
    import psycopg

    nome = f"queda_{uuid.uuid4().hex[:10]}"
    with psycopg.connect(url, autocommit=True) as conexao:
        conexao.execute(f"CREATE DATABASE {nome}")
    try:
        yield url.rsplit("/", 1)[0] + "/" + nome
    finally:
        with psycopg.connect(url, autocommit=True) as conexao:
            conexao.execute(f"DROP DATABASE IF EXISTS {nome} WITH (FORCE)")


def _ambiente(url: str) -> dict[str, str]:
    return {
        **os.environ,
        "DATABASE_URL": url,
        "DJANGO_SETTINGS_MODULE": "cotas_web.settings.teste",
        "PYTHONPATH": os.pathsep.join([str(RAIZ / "src"), str(RAIZ)]),
    }


@dataclass
class Golpe:
    ato: str
    antes: dict[str, Any]  # logo antes do ato (depois do preparo)
    acabou: bool  # FEITO antes do golpe


class Servidor:
    def __init__(self, url: str, pasta: Path) -> None:
        self.ambiente = _ambiente(url)
        self.pasta = pasta

    def _abrir(self, passo: str) -> subprocess.Popen[str]:
        return subprocess.Popen(
            [sys.executable, str(DRIVER), passo, str(self.pasta)],
            env=self.ambiente,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )

    @staticmethod
    def _linha(processo: subprocess.Popen[str], prefixo: str) -> str:
        assert processo.stdout is not None
        linha = processo.stdout.readline()
        if not linha.startswith(prefixo):
            processo.kill()
            _, erro = processo.communicate()
            raise AssertionError(f"esperava {prefixo.strip()}, veio: {linha!r}\n{erro[-3000:]}")
        return linha.removeprefix(prefixo).strip()

    def preparar(self) -> None:
        r = subprocess.run(
            [sys.executable, str(DRIVER), "preparar", str(self.pasta)],
            env=self.ambiente,
            capture_output=True,
            text=True,
            timeout=120,
        )
        assert r.returncode == 0, r.stderr[-3000:]

    def conferir(self) -> dict[str, Any]:
        processo = self._abrir("conferir")
        estado: dict[str, Any] = json.loads(self._linha(processo, "ESTADO "))
        processo.wait(timeout=60)
        return estado

    def golpear(self, ato: str, espera: float | None) -> tuple[dict[str, Any], Golpe | None]:
        """Sobe (o estado depois da queda anterior), faz o ato e o mata `espera` segundos
        depois de começar (None: depois de acabar). None se o ato já tinha acontecido."""
        processo = self._abrir(ato)
        subiu: dict[str, Any] = json.loads(self._linha(processo, "ESTADO "))
        assert processo.stdout is not None
        texto = self._linha(processo, "")
        if texto == "PULADO":
            processo.wait(timeout=30)
            return subiu, None
        if not texto.startswith("ANTES "):
            processo.kill()
            _, erro = processo.communicate()
            raise AssertionError(f"{ato}: esperava ANTES, veio: {texto!r}\n{erro[-3000:]}")
        antes = json.loads(texto.removeprefix("ANTES "))
        self._linha(processo, "INICIO")
        if espera is None:
            self._linha(processo, "FEITO")
        else:
            time.sleep(espera)
        os.kill(processo.pid, signal.SIGKILL)
        resto, _ = processo.communicate(timeout=30)
        assert processo.returncode == -signal.SIGKILL
        return subiu, Golpe(ato, antes, espera is None or "FEITO" in resto)


def _delta(antes: dict[str, Any], depois: dict[str, Any], ato: str) -> int:
    """Quantos atos `ato` ficaram gravados (0 ou 1), conferido que registro e efeito vieram
    juntos e que nada do que já estava gravado sumiu."""
    for acao, k in antes["registros"].items():
        assert depois["registros"].get(acao, 0) >= k, f"registro {acao} perdido"
    if ato == "remontar":  # não é ato: não registra; a versão publicada anda ou fica
        return int(depois["efeitos"]["remontar"] > antes["efeitos"]["remontar"])
    acao = ACAO[ato]
    n: int = depois["registros"].get(acao, 0) - antes["registros"].get(acao, 0)
    assert n in (0, 1), (ato, n)
    inteiro = POR_ATO.get(ato, [1])
    efeito = antes["efeitos"][ato]
    esperado = (
        [a + n * b for a, b in zip(efeito, inteiro, strict=True)]
        if isinstance(efeito, list)
        else efeito + n * inteiro[0]
    )
    assert depois["efeitos"][ato] == esperado, (ato, efeito, depois["efeitos"][ato])
    for outro, valor in antes["efeitos"].items():
        if outro not in (ato, "remontar"):
            assert depois["efeitos"][outro] == valor, f"{outro} mudou com a queda de {ato}"
    return n


# O roteiro: cada ato GOLPES vezes (o que só acontece uma vez, até acontecer); o que um ato
# pede e as quedas desfizeram vai até o fim no preparo dele (queda_atos._garantir).
ROTEIRO = [
    a
    for a in ("importar", "homologar", "ofertar_edital", "nomear", "desistir", "vagas_novas")
    for _ in range(GOLPES)
] + ["remontar"] * GOLPES


def test_kill_9_durante_cada_ato_e_o_registro_continua_limpo(banco: str, tmp_path: Path) -> None:
    sorteio = random.Random(SEMENTE)
    servidor = Servidor(banco, tmp_path)
    servidor.preparar()
    figuras: dict[str, dict[str, int]] = {}
    anterior: Golpe | None = None

    def conferir(golpe: Golpe | None, depois: dict[str, Any]) -> None:
        assert depois["auditoria"] == "", depois["auditoria"]
        assert depois["consulta_honesta"], "consulta velha servida como atual"
        if golpe is None:
            return
        feito = _delta(golpe.antes, depois, golpe.ato) == 1
        assert feito or not golpe.acabou, f"{golpe.ato} acabou antes do golpe e sumiu"
        cont = figuras.setdefault(golpe.ato, {"golpes": 0, "inteiro": 0, "desfeito": 0})
        cont["golpes"] += 1
        cont["inteiro" if feito else "desfeito"] += 1

    for ato in ROTEIRO:
        depois, golpe = servidor.golpear(ato, sorteio.uniform(0, DURACAO[ato]))
        conferir(anterior, depois)
        anterior = golpe
    final = servidor.conferir()
    conferir(anterior, final)
    assert final["consulta_atual"], "depois da fila, a consulta pública não ficou atual"
    total = sum(c["golpes"] for c in figuras.values())
    print(
        f"\nkill -9: {total} quedas; "
        + "; ".join(
            f"{a}: {c['golpes']} ({c['inteiro']} inteiro, {c['desfeito']} desfeito)"
            for a, c in figuras.items()
        )
    )
    assert total >= 3 * 5 + 1
