"""Os dados abertos medidos (issue 23, itens 1 e 2): num certame de N candidatos importado e
homologado pela aplicação web, com as vagas do edital ofertadas e algumas nomeações publicadas,
o tempo de cada pedido à API e ao feed pelo cliente de testes do Django (sem servidor): o
primeiro (que reencena o certame uma vez para a versão), as páginas da classificação no começo e
no fim do maior cargo, a ordem de nomeação, os atos, o feed e o 304 da ETag (p50 / p95 / máximo).

Uso: .venv/bin/python bench/api_publica.py [--tamanhos 10000,100000] [--pedidos 20]
         [--saida bench/resultados/api.md]

Cada tamanho roda num processo filho (um banco SQLite novo). Os dados são os de `make bench`
(`bench/dados/`, gerados por `cotas gerar-exemplo`).
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import time
from datetime import timedelta
from pathlib import Path
from typing import Any

from comum import pasta_temporaria  # bench/, ao lado deste script
from rodar import RAIZ, _dados

PEDIDOS = ("primeiro", "inicio", "fim", "nomeacoes", "atos", "feed", "etag")
ROTULOS = {
    "primeiro": "primeiro pedido da versão (reencena o certame)",
    "inicio": "classificação do maior cargo, 1ª página (100 linhas)",
    "fim": "classificação do maior cargo, última página",
    "nomeacoes": "ordem de nomeação, 1ª página",
    "atos": "atos publicados, 1ª página",
    "feed": "feed Atom do certame",
    "etag": "If-None-Match com a versão atual (304)",
}
NOMEACOES = 30  # publicadas por portaria antes de medir


def filho(cenario: Path, pedidos: int) -> dict[str, Any]:
    pasta = pasta_temporaria("cotas-bench-api-")
    os.environ["DJANGO_SETTINGS_MODULE"] = "cotas_web.settings.teste"
    os.environ["DATABASE_URL"] = f"sqlite:///{pasta / 'bench.sqlite3'}"
    import django

    django.setup()
    from django.conf import settings
    from django.contrib.auth import get_user_model
    from django.db.models import Count
    from django.test import Client
    from rodar import _certame_homologado

    from cotas_web.certames.models import Certame
    from cotas_web.nomeacoes.selectors import propostas_do_motor
    from cotas_web.nomeacoes.services import nomeacao_confirmar, vagas_edital_ofertar

    settings.PEDIDOS_PESADOS_POR_CLIENTE = 1000  # (um cliente só, em série)
    pk, _ = _certame_homologado(cenario)
    usuario = get_user_model().objects.get(username="bench")
    Certame.objects.filter(pk=pk).update(publicado_em=Certame.objects.get(pk=pk).data_edital)
    certame = Certame.objects.get(pk=pk)  # (publicado: a API é só o que o público vê)
    assert certame.homologado_em is not None
    dia = certame.homologado_em + timedelta(days=1)
    vagas_edital_ofertar(usuario=usuario, certame=certame, data=dia)
    for k, p in enumerate(propostas_do_motor(certame=certame)[:NOMEACOES]):
        nomeacao_confirmar(usuario=usuario, cargo=p.cargo, inscricao=p.inscricao,
                           portaria=f"{k + 1}/2026", data_portaria=dia)  # fmt: skip
    maior = (
        certame.cargos.annotate(n=Count("candidatos")).order_by("-n").values_list("codigo", "n")
    )[0]
    cliente = Client()
    base = f"/api/certames/{pk}"
    classificacao = f"{base}/cargos/{maior[0]}/classificacao"

    def medir(url: str, cabecalhos: dict[str, str] | None = None) -> tuple[float, Any]:
        t = time.perf_counter()
        r = cliente.get(url, headers=cabecalhos)
        decorrido = time.perf_counter() - t
        assert r.status_code in (200, 304), (url, r.status_code, r.content[:300])
        return decorrido, r

    tempos: dict[str, list[float]] = {p: [] for p in PEDIDOS}
    t, r = medir(classificacao)
    tempos["primeiro"].append(t)
    total = r.json()["total"]
    etag = r["ETag"]
    urls = {
        "inicio": classificacao,
        "fim": f"{classificacao}?limite=100&deslocamento={max(total - 100, 0)}",
        "nomeacoes": f"{base}/nomeacoes",
        "atos": f"{base}/atos",
        "feed": f"/publico/certames/{pk}/atos.atom",
    }
    for _ in range(pedidos):
        for nome, url in urls.items():
            tempos[nome].append(medir(url)[0])
        t, r = medir(classificacao, {"If-None-Match": etag})
        assert r.status_code == 304
        tempos["etag"].append(t)
    return {"tempos": tempos, "maior_cargo": maior[1], "linhas": total}


def _p(tempos: list[float], q: float) -> float:
    ordenados = sorted(tempos)
    return ordenados[min(len(ordenados) - 1, round(q * (len(ordenados) - 1)))]


def _milhar(n: int) -> str:
    return f"{n:,}".replace(",", ".")


def relatorio(medidas: dict[int, dict[str, Any]], pedidos: int) -> str:
    linhas = [
        f"## Dados abertos: API e feed (SQLite, cliente de testes; {pedidos} pedidos de cada; "
        "p50 / p95 / máximo, em ms)",
        "",
        "| pedido | " + " | ".join(
            f"{_milhar(n)} candidatos (maior cargo: {_milhar(m['maior_cargo'])} inscritos, "
            f"{_milhar(m['linhas'])} linhas nas listas)" for n, m in medidas.items()
        ) + " |",
        "|---|" + "---|" * len(medidas),
    ]  # fmt: skip
    for pedido in PEDIDOS:
        celulas = []
        for m in medidas.values():
            t = m["tempos"][pedido]
            celulas.append(
                f"{_p(t, 0.5) * 1000:.0f} / {_p(t, 0.95) * 1000:.0f} / {max(t) * 1000:.0f}"
            )
        linhas.append(f"| {ROTULOS[pedido]} | " + " | ".join(celulas) + " |")
    return "\n".join(linhas) + "\n"


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--tamanhos", default="10000,100000")
    p.add_argument("--pedidos", type=int, default=20)
    p.add_argument("--saida", default=str(RAIZ / "bench" / "resultados" / "api.md"))
    p.add_argument("--filho", metavar="CENARIO")
    args = p.parse_args()
    if args.filho:
        print(json.dumps(filho(Path(args.filho), args.pedidos)))
        return
    medidas: dict[int, dict[str, Any]] = {}
    for n in (int(x) for x in args.tamanhos.split(",") if x):
        cenario = _dados(n) / "cenario.toml"
        print(f"API em {n} candidatos ...", file=sys.stderr)
        saida = subprocess.run(
            [sys.executable, __file__, "--filho", str(cenario), "--pedidos", str(args.pedidos)],
            capture_output=True, text=True, check=True,
        ).stdout  # fmt: skip
        medidas[n] = json.loads(saida.strip().splitlines()[-1])
    texto = relatorio(medidas, args.pedidos)
    print(texto)
    Path(args.saida).parent.mkdir(parents=True, exist_ok=True)
    Path(args.saida).write_text(texto, encoding="utf-8")


if __name__ == "__main__":
    main()
