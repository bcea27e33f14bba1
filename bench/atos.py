"""Os atos do RH medidos um a um (issue "atos são fatos", item 6): num certame de N candidatos
importado e homologado pela aplicação web, o tempo de abrir o painel, confirmar uma nomeação,
registrar uma desistência, ofertar uma nova vaga e corrigir uma nota depois da homologação,
cada um `--atos` vezes (p50 e p95), o tempo até a situação pública mostrar um ato (uma nomeação;
os três atos num cargo; uma correção) e o de uma consulta pública de uma inscrição.

Uso: .venv/bin/python bench/atos.py [--tamanhos 10000,100000,1000000] [--atos 20]
         [--banco sqlite|postgres] [--saida bench/resultados/atos.md]
Com `--banco postgres`, `DATABASE_URL` aponta para o banco (scripts/postgres.sh o dá).

Cada tamanho roda num processo filho (um banco novo, o Django configurado uma vez). Os dados
são os de `make bench` (`bench/dados/`, gerados por `cotas gerar-exemplo`).
"""

from __future__ import annotations

import argparse
import atexit
import json
import os
import random
import subprocess
import sys
import time
from collections.abc import Callable
from datetime import timedelta
from pathlib import Path
from typing import Any

from comum import pasta_temporaria  # bench/, ao lado deste script
from rodar import RAIZ, _dados

ATOS = ("resumo", "painel", "nomeacao", "desistencia", "novas_vagas", "correcao", "depois")
ROTULOS = {
    "resumo": "abrir o painel de nomeações (resumo dos cargos)",
    "painel": "abrir o painel de nomeações de um cargo",
    "nomeacao": "confirmar uma nomeação",
    "desistencia": "registrar uma desistência",
    "novas_vagas": "ofertar uma nova vaga",
    "correcao": "corrigir uma nota depois da homologação",
    "depois": "confirmar uma nomeação logo depois de uma correção",
    "situacao_nomeacao": "situação pública mostrando uma nomeação",
    "situacao": "situação pública consistente depois de um ato (os três num cargo)",
    "situacao_correcao": "situação pública consistente depois de uma correção",
    "consulta": "consulta pública de uma inscrição (o marcador e a linha)",
}
EXTRAS = ("situacao_nomeacao", "situacao", "situacao_correcao", "consulta")
CONSULTAS = 50  # consultas públicas medidas depois de cada rodada de atos


def _medir(tempos: list[float], acao: Callable[[], Any]) -> Any:
    t = time.perf_counter()
    resultado = acao()
    tempos.append(time.perf_counter() - t)
    return resultado


def _banco_novo(url: str, nome: str) -> str:
    """Um banco vazio no mesmo servidor PostgreSQL (cada tamanho mede num banco novo)."""
    from urllib.parse import urlsplit, urlunsplit

    import psycopg

    partes = urlsplit(url)
    nome = "bench_" + "".join(c for c in nome if c.isalnum()).lower()
    with psycopg.connect(url, autocommit=True) as conexao:
        conexao.execute(f'CREATE DATABASE "{nome}"')
    return urlunsplit(partes._replace(path=f"/{nome}"))


def _apagar_banco(servidor: str, url: str) -> None:
    """Apaga, ao sair, o banco que `_banco_novo` criou (~2 GB a um milhão)."""
    from urllib.parse import urlsplit

    import psycopg
    from django.db import connections

    connections.close_all()
    nome = urlsplit(url).path.lstrip("/")
    with psycopg.connect(servidor, autocommit=True) as conexao:
        conexao.execute(f'DROP DATABASE IF EXISTS "{nome}" WITH (FORCE)')


def filho(cenario: Path, atos: int, banco: str) -> dict[str, list[float]]:
    pasta = pasta_temporaria("cotas-bench-atos-")
    os.environ["DJANGO_SETTINGS_MODULE"] = "cotas_web.settings.teste"
    if banco == "sqlite":
        os.environ["DATABASE_URL"] = f"sqlite:///{pasta / 'bench.sqlite3'}"
    else:
        servidor = os.environ["DATABASE_URL"]
        os.environ["DATABASE_URL"] = _banco_novo(servidor, pasta.name)
        atexit.register(_apagar_banco, servidor, os.environ["DATABASE_URL"])
    import django

    django.setup()
    from django.contrib.auth import get_user_model
    from rodar import _certame_homologado

    from cotas_web.candidatos.correcoes import candidato_corrigir
    from cotas_web.candidatos.models import Candidato
    from cotas_web.certames.models import Certame
    from cotas_web.nomeacoes.models import Nomeacao, SituacaoNomeacao
    from cotas_web.nomeacoes.selectors import painel_nomeacoes
    from cotas_web.nomeacoes.services import (
        nomeacao_confirmar,
        nomeacao_registrar_desistencia,
        vagas_edital_ofertar,
        vagas_novas_ofertar,
    )
    from cotas_web.publico import situacoes

    pk, _ = _certame_homologado(cenario)
    usuario = get_user_model().objects.get(username="bench")
    certame = Certame.objects.get(pk=pk)
    assert certame.homologado_em is not None
    dia = certame.homologado_em + timedelta(days=1)
    vagas_edital_ofertar(usuario=usuario, certame=certame, data=dia)
    tempos: dict[str, list[float]] = {a: [] for a in (*ATOS, *EXTRAS)}
    situacoes.publicar(certame)  # a primeira publicação, inteira (não medida)
    inscricoes = list(Candidato.objects.filter(certame=certame).values_list("inscricao", flat=True))
    sorteio = random.Random(2024)

    def mostra_a_nomeacao(inscricao: str) -> None:
        pub = situacoes.publicar(certame)
        assert pub is not None and not pub.erro
        dados = situacoes.situacao(pub, inscricao)
        assert dados is not None and dados["nomeacao"] is not None, inscricao

    def consultar(inscricao: str) -> None:
        publicada = situacoes.para_consulta(certame)
        assert publicada.atual and publicada.pub is not None
        assert situacoes.situacao(publicada.pub, inscricao) is not None

    # Os atos de todo dia, um cargo a cada vez; depois, à parte, as correções: uma correção muda
    # os candidatos (o quadro e o livro se refazem no ato seguinte, medido como "depois").
    cargos = list(certame.cargos.order_by("codigo"))
    for k in range(atos):
        cargo = cargos[k % len(cargos)]
        _medir(tempos["resumo"], lambda: painel_nomeacoes(certame=certame, com_propostas=False))
        painel = _medir(
            tempos["painel"], lambda c=cargo: painel_nomeacoes(certame=certame, cargo=c.codigo)
        )
        proposta = next(p for c in painel.cargos for p in c.propostas)
        portaria = f"{1000 + k}/2026"
        _medir(
            tempos["nomeacao"],
            lambda p=proposta, n=portaria: nomeacao_confirmar(
                usuario=usuario, cargo=p.cargo, inscricao=p.inscricao, portaria=n,
                data_portaria=dia,
            ),
        )  # fmt: skip
        _medir(tempos["situacao_nomeacao"], lambda p=proposta: mostra_a_nomeacao(p.inscricao))
        nomeada = Nomeacao.objects.filter(cargo=cargo, situacao=SituacaoNomeacao.NOMEADO).first()
        assert nomeada is not None
        _medir(
            tempos["desistencia"],
            lambda n=nomeada: nomeacao_registrar_desistencia(
                usuario=usuario, nomeacao=n, data=dia, motivo="desistencia"
            ),
        )
        _medir(
            tempos["novas_vagas"],
            lambda c=cargo, k=k: vagas_novas_ofertar(
                usuario=usuario, cargo=c, data=dia, quantidade=1, justificativa="Bench",
                token=f"bench-{k}",
            ),
        )  # fmt: skip
        _medir(tempos["situacao"], lambda: situacoes.publicar(certame))
        for inscricao in sorteio.sample(inscricoes, CONSULTAS):
            _medir(tempos["consulta"], lambda i=inscricao: consultar(i))
    for k in range(atos):
        cargo = cargos[k % len(cargos)]
        alvo = (
            Candidato.objects.filter(certame=certame, cargo=cargo, nomeacoes__isnull=True)
            .order_by("-pk")
            .first()
        )
        assert alvo is not None
        _medir(
            tempos["correcao"],
            lambda a=alvo, k=k: candidato_corrigir(
                usuario=usuario, candidato=a, campo="nota", valor=f"{k % 7}.{k:03d}",
                motivo="Bench", fundamento="Bench", data=dia,
            ),
        )  # fmt: skip
        _medir(tempos["situacao_correcao"], lambda: situacoes.publicar(certame))
        proposta = next(
            p for c in painel_nomeacoes(certame=certame, cargo=cargo.codigo).cargos
            for p in c.propostas
        )  # fmt: skip
        _medir(
            tempos["depois"],
            lambda p=proposta, k=k: nomeacao_confirmar(
                usuario=usuario, cargo=p.cargo, inscricao=p.inscricao, portaria=f"{5000 + k}/2026",
                data_portaria=dia,
            ),
        )  # fmt: skip
    return tempos


def _p(tempos: list[float], q: float) -> float:
    ordenados = sorted(tempos)
    return ordenados[min(len(ordenados) - 1, round(q * (len(ordenados) - 1)))]


def _ms(segundos: float) -> str:
    ms = segundos * 1000
    return f"{ms:.1f}" if ms < 10 else f"{ms:.0f}"


def relatorio(medidas: dict[int, dict[str, list[float]]], banco: str, atos: int) -> str:
    linhas = [
        f"## Atos do RH ({banco}, {atos} atos de cada; p50 / p95 / máximo, em ms)",
        "",
        "| ato | " + " | ".join(f"{n:,}".replace(",", ".") for n in medidas) + " |",
        "|---|" + "---|" * len(medidas),
    ]
    for ato in (*ATOS, *EXTRAS):
        celulas = []
        for tempos in medidas.values():
            t = tempos[ato]
            celulas.append(" / ".join(_ms(x) for x in (_p(t, 0.5), _p(t, 0.95), max(t))))
        linhas.append(f"| {ROTULOS[ato]} | " + " | ".join(celulas) + " |")
    return "\n".join(linhas) + "\n"


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--tamanhos", default="10000,100000,1000000")
    p.add_argument("--atos", type=int, default=20)
    p.add_argument("--banco", choices=("sqlite", "postgres"), default="sqlite")
    p.add_argument("--saida", default=str(RAIZ / "bench" / "resultados" / "atos.md"))
    p.add_argument(
        "--anexar", metavar="ARQUIVO", help="acrescenta o relatório ao fim (BENCHMARKS.md)"
    )
    p.add_argument("--filho", metavar="CENARIO")
    args = p.parse_args()
    if args.filho:
        print(json.dumps(filho(Path(args.filho), args.atos, args.banco)))
        return
    medidas: dict[int, dict[str, list[float]]] = {}
    for n in (int(x) for x in args.tamanhos.split(",") if x):
        cenario = _dados(n) / "cenario.toml"
        print(f"atos em {n} candidatos ({args.banco}) ...", file=sys.stderr)
        saida = subprocess.run(
            [sys.executable, __file__, "--filho", str(cenario), "--atos", str(args.atos),
             "--banco", args.banco],
            capture_output=True, text=True, check=True,
        ).stdout  # fmt: skip
        medidas[n] = json.loads(saida.strip().splitlines()[-1])
    texto = relatorio(medidas, args.banco, args.atos)
    print(texto)
    Path(args.saida).parent.mkdir(parents=True, exist_ok=True)
    Path(args.saida).write_text(texto, encoding="utf-8")
    if args.anexar:  # `make bench`: as figuras dos atos na mesma rodada que as outras
        with Path(args.anexar).open("a", encoding="utf-8") as arquivo:
            arquivo.write("\n" + texto)


if __name__ == "__main__":
    main()
