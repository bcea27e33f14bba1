"""Fuzzer de mutação da linha de comando (issue 15): o cenário e a lista de candidatos do
exemplo de Montenegro, mutados com semente fixa (bytes trocados, cortes, colunas apagadas,
codificações, NUL, valores de 1 MB, tipos errados no TOML, números enormes, caracteres de
controle, aninhamento). Cada caso roda `cotas apurar --saida ... --sem-pdf`: só sai com 0 ou 2,
nunca com um traceback, e numa recusa nada é gravado na pasta de saída.

Os casos rodam no próprio processo (`principal.main`), que é o comando sem a partida do
interpretador; alguns rodam também como subprocesso, o comando de verdade, com tempo limite.
"""

from __future__ import annotations

import contextlib
import io
import random
import re
import subprocess
import time
from collections import Counter
from collections.abc import Callable
from pathlib import Path

import pytest

from cotas.cli import principal
from cotas.documentos.formatos import MANIFESTO
from tests.cli.conftest import COTAS, EXEMPLOS

pytestmark = pytest.mark.fuzz

SEMENTE = 15
CASOS = 500
TOML = (EXEMPLOS / "montenegro" / "cenario.toml").read_bytes()
CSV = (EXEMPLOS / "montenegro" / "candidatos.csv").read_bytes()

Mutacao = Callable[[random.Random, bytes], bytes]


def _troca_bytes(r: random.Random, dados: bytes) -> bytes:
    b = bytearray(dados)
    for _ in range(r.randint(1, 8)):
        b[r.randrange(len(b))] = r.randrange(256)
    return bytes(b)


def _corte(r: random.Random, dados: bytes) -> bytes:
    return dados[: r.randrange(len(dados))]


def _nul(r: random.Random, dados: bytes) -> bytes:
    i = r.randrange(len(dados))
    return dados[:i] + b"\x00" * r.randint(1, 4) + dados[i:]


def _campo_de_1mb(r: random.Random, dados: bytes) -> bytes:
    i = r.randrange(len(dados))
    return dados[:i] + r.choice([b"x", b"9", b" ", b'"']) * 1_000_000 + dados[i:]


def _controle(r: random.Random, dados: bytes) -> bytes:
    i = r.randrange(len(dados))
    return dados[:i] + r.choice([b"\x0c", b"\x0b", b"\x01", b"\x1b", b"\x7f", b"\r"]) + dados[i:]


def _linhas(r: random.Random, dados: bytes) -> bytes:
    linhas = dados.split(b"\n")
    i = r.randrange(len(linhas))
    if r.random() < 0.5:
        del linhas[i]
    else:
        linhas.insert(r.randrange(len(linhas)), linhas[i])
    return b"\n".join(linhas)


_NUMEROS = [
    b"0",
    b"-1",
    b"1000000",
    b"100000000",
    str(2**63 - 1).encode(),
    str(2**64).encode(),
    b"99999999999999999999999",
    b"9" * 5000,
    b"nan",
    b"inf",
    b"-inf",
    b"1e-9999999",
    b"1e9999999",
    b"0.0000000001",
    b"\xc2\xb2",
    b"\xe2\x91\xa0",
    b"1_000",
]


def _numero_enorme(r: random.Random, dados: bytes) -> bytes:
    numeros = list(re.finditer(rb"(?<![\w.-])\d+(?:\.\d+)?(?![\w-])", dados))
    m = r.choice(numeros)
    return dados[: m.start()] + r.choice(_NUMEROS) + dados[m.end() :]


# -- só o TOML ---------------------------------------------------------------------------------
_VALORES_ERRADOS = [
    b'"texto"',
    b"[1, 2]",
    b"{ a = 1 }",
    b"true",
    b"2025-13-45",
    b"1.5",
    b'""',
    b"[]",
    b"[" * 3000 + b"]" * 3000,
    b'"""' + b" " * 128_000 + b'"""',
]


def _tipo_errado(r: random.Random, dados: bytes) -> bytes:
    valores = list(re.finditer(rb"(?m)^(\w+\s*=\s*)(.+?)(\s*(#.*)?)$", dados))
    m = r.choice(valores)
    return dados[: m.start(2)] + r.choice(_VALORES_ERRADOS) + dados[m.end(2) :]


# -- só o CSV ----------------------------------------------------------------------------------
def _coluna_apagada(r: random.Random, dados: bytes) -> bytes:
    linhas = [linha.split(b",") for linha in dados.split(b"\n")]
    k = r.randrange(len(linhas[0]))
    so_cabecalho = r.random() < 0.3
    for n, linha in enumerate(linhas):
        if k < len(linha) and (n == 0 or not so_cabecalho):
            del linha[k]
    return b"\n".join(b",".join(linha) for linha in linhas)


def _codificacao(r: random.Random, dados: bytes) -> bytes:
    texto = dados.decode("utf-8", errors="replace")
    codificacao = r.choice(["cp1252", "latin-1", "utf-16", "utf-16-le", "utf-16-be", "utf-8-sig"])
    return texto.encode(codificacao, errors="replace")


def _celula(r: random.Random, dados: bytes) -> bytes:
    linhas = dados.split(b"\n")
    i = r.randrange(1, len(linhas) - 1)
    celulas = linhas[i].split(b",")
    j = r.randrange(len(celulas))
    celulas[j] = r.choice([*_NUMEROS, b"", b"=HYPERLINK(1)", b"\xff\xfe", b'"a,b"', b"-2+3"])
    linhas[i] = b",".join(celulas)
    return b"\n".join(linhas)


COMUNS: list[Mutacao] = [
    _troca_bytes,
    _corte,
    _nul,
    _campo_de_1mb,
    _controle,
    _linhas,
    _numero_enorme,
]
SO_TOML: list[Mutacao] = [_tipo_errado, _tipo_errado]
SO_CSV: list[Mutacao] = [_coluna_apagada, _codificacao, _celula, _celula]


def casos() -> list[tuple[str, bytes, bytes]]:
    """(descrição, cenário, candidatos), sempre os mesmos pela semente."""
    r = random.Random(SEMENTE)
    lista = []
    for n in range(CASOS):
        no_toml = r.random() < 0.45
        mutacao = r.choice(COMUNS + (SO_TOML if no_toml else SO_CSV))
        toml, csv = TOML, CSV
        for _ in range(1 if r.random() < 0.8 else 2):  # às vezes, duas mutações
            if no_toml:
                toml = mutacao(r, toml)
            else:
                csv = mutacao(r, csv)
        alvo = "cenario.toml" if no_toml else "candidatos.csv"
        lista.append((f"{n:03d}-{alvo}-{mutacao.__name__.strip('_')}", toml, csv))
    return lista


def _preparar(pasta: Path, toml: bytes, csv: bytes) -> tuple[Path, Path]:
    pasta.mkdir()
    (pasta / "cenario.toml").write_bytes(toml)
    (pasta / "candidatos.csv").write_bytes(csv)
    return pasta / "cenario.toml", pasta / "saida"


def _conferir(nome: str, codigo: int, erro: str, saida: Path) -> None:
    assert codigo in (0, 2), (nome, codigo, erro[-2000:])
    assert "Traceback" not in erro and "erro interno" not in erro, (nome, erro[-2000:])
    if codigo == 2:
        assert not saida.exists(), (nome, "gravou algo numa recusa")
    else:
        assert (saida / MANIFESTO).is_file(), nome


def test_fuzzer_no_processo(tmp_path: Path) -> None:
    resultados: Counter[int] = Counter()
    inicio = time.monotonic()
    for nome, toml, csv in casos():
        cenario, saida = _preparar(tmp_path / nome, toml, csv)
        erro = io.StringIO()
        with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(erro):
            codigo = principal.main(["apurar", str(cenario), "--saida", str(saida), "--sem-pdf"])
        _conferir(nome, codigo, erro.getvalue(), saida)
        resultados[codigo] += 1
    print(
        f"\nfuzzer: {CASOS} casos (semente {SEMENTE}) em {time.monotonic() - inicio:.0f} s; "
        f"saídas: {dict(sorted(resultados.items()))}"
    )
    assert resultados[2] > CASOS // 3  # as mutações de fato estragam a entrada


@pytest.mark.parametrize("indice", [0, 7, 33, 101, 199])
def test_fuzzer_pelo_comando(tmp_path: Path, indice: int) -> None:
    nome, toml, csv = casos()[indice]
    cenario, saida = _preparar(tmp_path / nome, toml, csv)
    r = subprocess.run(
        [str(COTAS), "apurar", str(cenario), "--saida", str(saida), "--sem-pdf"],
        capture_output=True,
        text=True,
        timeout=30,
        check=False,
    )
    _conferir(nome, r.returncode, r.stderr, saida)
