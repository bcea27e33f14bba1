"""B4 (issue 6): a página pública de consulta sob carga.

Gera o certame sintético (`cotas gerar-exemplo`), importa-o pelo serviço da aplicação web,
homologa, oferta as vagas do edital, publica a situação de todas as inscrições
(`manage.py publicar_situacoes`), sobe o gunicorn com 2 processos em 127.0.0.1 nas
configurações de produção e mede com o `wrk` (duração limitada, poucas conexões, só loopback)
pedidos de inscrições sorteadas. Imprime e grava em `bench/resultados/b4.md`: pedidos/s,
latência p50/p90/p99 e erros. O servidor é parado ao fim, em qualquer caso.

Uso:
    .venv/bin/python bench/carga_publica.py                       # 1.000.000, SQLite
    .venv/bin/python bench/carga_publica.py --banco postgres      # scripts/postgres.sh
    .venv/bin/python bench/carga_publica.py --candidatos 10000 --duracao 10

Os dados gerados (CSV, banco SQLite, lista de inscrições) ficam em --trabalho (/tmp).
"""

from __future__ import annotations

import argparse
import json
import os
import random
import resource
import secrets
import shutil
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from datetime import datetime
from pathlib import Path
from typing import Any

from comum import certame_do_cenario  # bench/, ao lado deste script

RAIZ = Path(__file__).resolve().parent.parent
BIN = Path(sys.executable).parent
# A meta do issue "transparência" (item 6): a 1.000.000, com inscrições sorteadas.
META = {"req/s": 1000.0, "p99_ms": 50.0}

LUA = r"""
local inscricoes = {}
for linha in io.lines(os.getenv("COTAS_INSCRICOES")) do
  inscricoes[#inscricoes + 1] = linha
end
local caminho = os.getenv("COTAS_CAMINHO")
-- Em produção o TLS termina no proxy, que avisa o Django por este cabeçalho.
wrk.headers["X-Forwarded-Proto"] = "https"
math.randomseed(os.time() + tonumber(tostring({}):sub(8), 16))
request = function()
  return wrk.format("GET", caminho .. inscricoes[math.random(#inscricoes)])
end
done = function(summary, latency, requests)
  local e = summary.errors
  io.write(string.format(
    'COTAS-B4 {"requisicoes":%d,"duracao_us":%d,"erros_conexao":%d,"erros_leitura":%d,' ..
    '"erros_escrita":%d,"erros_status":%d,"erros_tempo":%d,"p50_us":%d,"p90_us":%d,' ..
    '"p99_us":%d,"max_us":%d,"media_us":%.1f}\n',
    summary.requests, summary.duration, e.connect, e.read, e.write, e.status, e.timeout,
    latency:percentile(50), latency:percentile(90), latency:percentile(99), latency.max,
    latency.mean))
end
"""


def _passo(texto: str) -> float:
    print(f"[{datetime.now():%H:%M:%S}] {texto}", file=sys.stderr, flush=True)
    return time.perf_counter()


def _dados(args: argparse.Namespace) -> Path:
    pasta = args.trabalho / f"n{args.candidatos}-c{args.cargos}-s{args.semente}"
    if not (pasta / "cenario.toml").exists():
        t = _passo(f"gerando {args.candidatos} candidatos em {pasta}")
        subprocess.run(
            [
                str(BIN / "cotas"),
                "gerar-exemplo",
                "--candidatos",
                str(args.candidatos),
                "--cargos",
                str(args.cargos),
                "--semente",
                str(args.semente),
                "--saida",
                str(pasta),
            ],
            check=True,
            stdout=subprocess.DEVNULL,
        )
        _passo(f"gerado em {time.perf_counter() - t:.1f} s")
    return pasta


def _banco(args: argparse.Namespace) -> str:
    if args.banco == "sqlite":
        arquivo = args.trabalho / f"b4-n{args.candidatos}.sqlite3"
        if not args.reusar:
            arquivo.unlink(missing_ok=True)
        return f"sqlite:///{arquivo}"
    saida = subprocess.run(
        ["bash", str(RAIZ / "scripts" / "postgres.sh")],
        check=True,
        capture_output=True,
        text=True,
    ).stdout
    url = next(
        linha.split("=", 1)[1].strip().strip("'\"")
        for linha in saida.splitlines()
        if "DATABASE_URL=" in linha
    )
    import psycopg

    banco = f"cotas_b4_n{args.candidatos}"
    with psycopg.connect(url, autocommit=True) as con:
        if not args.reusar:
            con.execute(f"DROP DATABASE IF EXISTS {banco}")
        existe = con.execute("SELECT 1 FROM pg_database WHERE datname = %s", (banco,)).fetchone()
        if not existe:
            con.execute(f"CREATE DATABASE {banco}")
    return url.rsplit("/", 1)[0] + "/" + banco


def _ambiente(url: str) -> dict[str, str]:
    return {
        **os.environ,
        "DJANGO_SETTINGS_MODULE": "cotas_web.settings.producao",
        "DJANGO_SECRET_KEY": secrets.token_urlsafe(50),
        "COTAS_CHAVE_AUDITORIA": secrets.token_urlsafe(48),
        "DJANGO_ALLOWED_HOSTS": "127.0.0.1,localhost",
        "DATABASE_URL": url,
        "PYTHONPATH": str(RAIZ / "src"),
    }


def preparar(cenario: Path) -> None:
    """Processo filho (produção): importa, homologa, oferta e publica. Imprime os tempos e o
    pk do certame como JSON na última linha."""
    import django

    django.setup()
    from datetime import timedelta

    from django.contrib.auth import get_user_model
    from django.core.management import call_command

    from cotas.arquivos.cenario import ler_cenario
    from cotas_web.candidatos.services import importacao_confirmar
    from cotas_web.certames.models import Certame
    from cotas_web.certames.services import certame_homologar, certame_publicar
    from cotas_web.nomeacoes.selectors import propostas_do_motor
    from cotas_web.nomeacoes.services import nomeacao_confirmar, vagas_edital_ofertar

    tempos: dict[str, float] = {}
    call_command("migrate", verbosity=0)
    existente = Certame.objects.filter(homologado_em__isnull=False).order_by("-pk").first()
    if existente is not None:  # --reusar: o banco já está pronto
        print(json.dumps({"certame": existente.pk, "tempos": tempos}))
        return
    lido = ler_cenario(cenario)
    usuario = get_user_model().objects.create_user("bench", password=secrets.token_urlsafe(20))
    certame = certame_do_cenario(usuario, lido, "Concurso sintético (B4)")
    # (Um rascunho não existe para o público: a consulta responderia 404.)
    certame_publicar(usuario=usuario, certame=certame, data=lido.data_edital)
    t = _passo("importando pelo serviço importacao_confirmar")
    csv_ = lido.arquivo_candidatos
    importacao_confirmar(usuario=usuario, certame=certame, caminho=csv_, nome_arquivo=csv_.name)
    tempos["importacao"] = time.perf_counter() - t
    t = _passo("homologando")
    dia = lido.data_edital + timedelta(days=1)
    certame_homologar(usuario=usuario, certame=certame, data=dia)
    tempos["homologacao"] = time.perf_counter() - t
    t = _passo("ofertando as vagas do edital")
    vagas_edital_ofertar(usuario=usuario, certame=certame, data=dia)
    tempos["oferta"] = time.perf_counter() - t
    # O trabalho do RH num certame deste tamanho: abrir o painel de nomeações (as propostas do
    # motor) e confirmar uma nomeação (reencena e grava o ato); depois, a situação pública é
    # refeita com o ato.
    t = _passo("painel de nomeações (propostas_do_motor)")
    propostas = propostas_do_motor(certame=certame)
    tempos["painel"] = time.perf_counter() - t
    t = _passo("confirmando uma nomeação (nomeacao_confirmar)")
    primeira = propostas[0]
    nomeacao_confirmar(
        usuario=usuario,
        cargo=primeira.cargo,
        inscricao=primeira.inscricao,
        portaria="1/2026",
        data_portaria=dia,
    )
    tempos["nomeacao"] = time.perf_counter() - t
    t = _passo("publicando as situações (publicar_situacoes)")
    call_command("publicar_situacoes", "--certame", str(certame.pk), stdout=sys.stderr)
    tempos["publicacao"] = time.perf_counter() - t
    call_command("collectstatic", "--noinput", verbosity=0)
    print(json.dumps({"certame": certame.pk, "tempos": tempos}))


def _inscricoes(cenario: Path, destino: Path, quantas: int) -> int:
    import polars as pl

    col = pl.read_csv(
        cenario.parent / "candidatos.csv",
        separator=";",
        columns=["inscricao"],
        schema_overrides={"inscricao": pl.String},
    )["inscricao"].to_list()
    sorteio = random.Random(2024)
    escolhidas = sorteio.sample(col, min(quantas, len(col)))
    destino.write_text("\n".join(escolhidas) + "\n", encoding="utf-8")
    return len(col)


def _cpu_dos_processos(mestre: int) -> float:
    """Segundos de CPU (usuário + sistema) do gunicorn: o mestre e os processos dele."""
    tique = os.sysconf("SC_CLK_TCK")
    total = 0.0
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            campos = stat.read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue  # (um processo que terminou no meio da leitura)
        pid, pai = int(stat.parent.name), int(campos[1])
        if mestre in (pid, pai):
            total += (int(campos[11]) + int(campos[12])) / tique
    return total


def _cpu_dos_filhos() -> float:
    """Segundos de CPU dos filhos já esperados deste processo (o wrk, depois de terminar)."""
    uso = resource.getrusage(resource.RUSAGE_CHILDREN)
    return uso.ru_utime + uso.ru_stime


def _porta_livre() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _esperar(url: str, prazo: float = 60) -> None:
    fim = time.monotonic() + prazo
    while time.monotonic() < fim:
        try:
            pedido = urllib.request.Request(url, headers={"X-Forwarded-Proto": "https"})
            with urllib.request.urlopen(pedido, timeout=2):
                return
        except OSError:
            time.sleep(0.3)
    raise SystemExit(f"o servidor não respondeu em {prazo:.0f} s: {url}")


def _get(url: str) -> tuple[int, str]:
    pedido = urllib.request.Request(url, headers={"X-Forwarded-Proto": "https"})
    with urllib.request.urlopen(pedido, timeout=30) as r:
        return r.status, r.read().decode()


def medir(args: argparse.Namespace) -> dict[str, Any]:
    if shutil.which("wrk") is None:
        raise SystemExit("wrk não encontrado: apt-get update && apt-get install -y wrk")
    args.trabalho.mkdir(parents=True, exist_ok=True)
    cenario = _dados(args) / "cenario.toml"
    url_banco = _banco(args)
    ambiente = _ambiente(url_banco)
    t = _passo(f"preparando o banco ({args.banco})")
    r = subprocess.run(
        [sys.executable, __file__, "--preparar", str(cenario)],
        env=ambiente,
        check=True,
        stdout=subprocess.PIPE,
        text=True,
    )
    preparo = json.loads(r.stdout.strip().splitlines()[-1])
    _passo(f"banco pronto em {time.perf_counter() - t:.1f} s: {preparo['tempos']}")
    arquivo = args.trabalho / "inscricoes.txt"
    total = _inscricoes(cenario, arquivo, args.sorteio)
    porta = _porta_livre()
    base = f"http://127.0.0.1:{porta}"
    caminho = f"/publico/certames/{preparo['certame']}/consulta/?inscricao="
    servidor = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "gunicorn",
            "cotas_web.wsgi:application",
            "--workers",
            "2",
            "--bind",
            f"127.0.0.1:{porta}",
            "--timeout",
            "300",
            "--log-level",
            "warning",
        ],
        env=ambiente,
        cwd=RAIZ,
        start_new_session=True,
    )

    def parar(*_: Any) -> None:
        if servidor.poll() is None:
            os.killpg(servidor.pid, signal.SIGTERM)
            try:
                servidor.wait(timeout=20)
            except subprocess.TimeoutExpired:
                os.killpg(servidor.pid, signal.SIGKILL)

    anterior = signal.signal(signal.SIGTERM, lambda *_: sys.exit(143))
    try:
        _esperar(f"{base}/publico/certames/{preparo['certame']}/consulta/")
        # Conferência e aquecimento: a página responde 200 com a situação, sem redirecionar.
        amostra = arquivo.read_text(encoding="utf-8").split()[:50]
        for inscricao in amostra:
            status, texto = _get(base + caminho + inscricao)
            assert status == 200 and f"Inscrição {inscricao}" in texto, (status, inscricao)
        _passo(f"wrk -t{args.threads} -c{args.conexoes} -d{args.duracao}s em {base}")
        script = args.trabalho / "consulta.lua"
        script.write_text(LUA, encoding="utf-8")
        cpu_servidor, cpu_wrk = _cpu_dos_processos(servidor.pid), _cpu_dos_filhos()
        saida = subprocess.run(
            [
                "wrk",
                f"-t{args.threads}",
                f"-c{args.conexoes}",
                f"-d{args.duracao}s",
                "--timeout",
                "10s",
                "--latency",
                "-s",
                str(script),
                base + caminho,
            ],
            env={**os.environ, "COTAS_INSCRICOES": str(arquivo), "COTAS_CAMINHO": caminho},
            check=True,
            capture_output=True,
            text=True,
            timeout=args.duracao + 120,
        ).stdout
        cpu_servidor = _cpu_dos_processos(servidor.pid) - cpu_servidor
        cpu_wrk = _cpu_dos_filhos() - cpu_wrk
    finally:
        parar()
        signal.signal(signal.SIGTERM, anterior)
    print(saida, file=sys.stderr)
    linha = next(x for x in saida.splitlines() if x.startswith("COTAS-B4 "))
    m = json.loads(linha.removeprefix("COTAS-B4 "))
    erros = sum(m[k] for k in m if k.startswith("erros_"))
    return {
        "banco": args.banco,
        "candidatos": total,
        "cargos": args.cargos,
        "threads": args.threads,
        "conexoes": args.conexoes,
        "duracao_s": m["duracao_us"] / 1e6,
        "requisicoes": m["requisicoes"],
        "req_s": m["requisicoes"] / (m["duracao_us"] / 1e6),
        "p50_ms": m["p50_us"] / 1000,
        "p90_ms": m["p90_us"] / 1000,
        "p99_ms": m["p99_us"] / 1000,
        "max_ms": m["max_us"] / 1000,
        "erros": erros,
        "detalhe_erros": {k: m[k] for k in m if k.startswith("erros_")},
        # CPU por pedido (ms): varia bem menos que a vazão com o que mais roda na máquina.
        "cpu_servidor_ms": cpu_servidor * 1000 / max(m["requisicoes"], 1),
        "cpu_wrk_ms": cpu_wrk * 1000 / max(m["requisicoes"], 1),
        "preparo_s": preparo["tempos"],
    }


def _n(x: float, casas: int = 1) -> str:
    return f"{x:,.{casas}f}".replace(",", "X").replace(".", ",").replace("X", ".")


def relatorio(medidas: list[dict[str, Any]]) -> str:
    import platform

    linhas = [
        "# B4: a página pública de consulta sob carga",
        "",
        f"Medido em {datetime.now():%d/%m/%Y %H:%M} por `bench/carga_publica.py`: "
        f"{os.cpu_count()} núcleos, Python {platform.python_version()}, "
        f"{platform.platform()}.",
        "",
        "gunicorn com 2 processos em 127.0.0.1, `cotas_web.settings.producao` (conexões "
        "persistentes, estáticos pelo whitenoise); `wrk` na mesma máquina, só loopback, com "
        "inscrições sorteadas do arquivo; cada pedido é `GET /publico/certames/<pk>/consulta/"
        "?inscricao=…` e responde 200 com a página inteira. A consulta lê a situação publicada "
        "(`publico.SituacaoPublica`, uma linha por inscrição, pelo índice único) e a põe na "
        "casca da página, desenhada uma vez por versão (`publico.casca_da_consulta`).",
        "",
        f"Meta: ≥ {_n(META['req/s'], 0)} req/s, p99 ≤ {_n(META['p99_ms'], 0)} ms, sem erros.",
        "",
        "| banco | candidatos | wrk | duração | pedidos | req/s | p50 | p90 | p99 | máx. "
        "| erros | meta | CPU por pedido: servidor / wrk |",
        "|---|---:|---|---:|---:|---:|---:|---:|---:|---:|---:|---|---:|",
    ]
    for m in medidas:
        ok = m["req_s"] >= META["req/s"] and m["p99_ms"] <= META["p99_ms"] and not m["erros"]
        linhas.append(
            f"| {m['banco']} | {_n(m['candidatos'], 0)} | -t{m['threads']} -c{m['conexoes']} "
            f"| {_n(m['duracao_s'])} s | {_n(m['requisicoes'], 0)} | {_n(m['req_s'])} "
            f"| {_n(m['p50_ms'])} ms | {_n(m['p90_ms'])} ms | {_n(m['p99_ms'])} ms "
            f"| {_n(m['max_ms'])} ms | {m['erros']} | {'cumprida' if ok else 'não cumprida'} "
            f"| {_n(m['cpu_servidor_ms'], 2)} / {_n(m['cpu_wrk_ms'], 2)} ms |"
        )
    linhas += [
        "",
        "A CPU por pedido (processos do gunicorn e o wrk, somados durante a medida) varia "
        "bem menos que a vazão com o que mais roda na máquina: com os 2 núcleos só para esta "
        "medida, a vazão fica perto de 2.000 ms ÷ (servidor + wrk) por segundo.",
        "",
        "Preparo do banco e trabalho do RH (s): importação pelo serviço, homologação, oferta "
        "das vagas do edital, painel de nomeações (as propostas do motor), confirmação de uma "
        "nomeação e, com ela, a publicação das situações (`publicar_situacoes`).",
        "",
        "| banco | importação | homologação | oferta | painel | nomeação | publicação |",
        "|---|---:|---:|---:|---:|---:|---:|",
    ]
    for m in medidas:
        p = m["preparo_s"]
        linhas.append(
            f"| {m['banco']} | "
            + " | ".join(
                _n(p[k]) if k in p else "—"
                for k in ("importacao", "homologacao", "oferta", "painel", "nomeacao", "publicacao")
            )
            + " |"
        )
    return "\n".join(linhas) + "\n"


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--preparar", type=Path, help=argparse.SUPPRESS)
    p.add_argument("--candidatos", type=int, default=1_000_000)
    p.add_argument("--cargos", type=int, default=200)
    p.add_argument("--semente", type=int, default=2024)
    p.add_argument("--banco", choices=("sqlite", "postgres", "ambos"), default="sqlite")
    p.add_argument("--duracao", type=int, default=30, help="segundos de wrk (padrão: 30)")
    p.add_argument("--threads", type=int, default=2)
    p.add_argument("--conexoes", type=int, default=16)
    p.add_argument("--sorteio", type=int, default=200_000, help="inscrições sorteadas")
    p.add_argument("--trabalho", type=Path, default=Path("/tmp/cotas-b4"))
    p.add_argument("--reusar", action="store_true", help="reaproveita um banco já preparado")
    p.add_argument("--saida", type=Path, default=RAIZ / "bench" / "resultados" / "b4.md")
    p.add_argument(
        "--anexar",
        type=Path,
        metavar="ARQUIVO",
        help="acrescenta o relatório ao fim (BENCHMARKS.md)",
    )
    args = p.parse_args()
    if args.preparar is not None:
        preparar(args.preparar)
        return
    bancos = ["sqlite", "postgres"] if args.banco == "ambos" else [args.banco]
    medidas = []
    for banco in bancos:
        args.banco = banco
        m = medir(args)
        print(json.dumps(m, ensure_ascii=False), file=sys.stderr)
        medidas.append(m)
    texto = relatorio(medidas)
    args.saida.parent.mkdir(parents=True, exist_ok=True)
    args.saida.write_text(texto, encoding="utf-8")
    if args.anexar:  # `make bench`: na mesma rodada que as outras figuras
        with args.anexar.open("a", encoding="utf-8") as arquivo:
            arquivo.write("\n" + texto.replace("# B4:", "## B4:", 1))
    print(texto)


if __name__ == "__main__":
    main()
