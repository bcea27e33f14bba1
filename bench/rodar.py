"""`make bench`: as cargas de trabalho do issue de desempenho, medidas contra o piso.

Uso: .venv/bin/python bench/rodar.py [--tamanhos 10000,100000,1000000,5000000]
         [--repeticoes 5] [--saida BENCHMARKS.md]

Cada medida roda num processo filho, para que a memória de pico (ru_maxrss, lida com
`os.wait4`) seja a daquela carga e não a do orquestrador:

- piso:  ler o CSV com polars e ordená-lo por cargo e nota (a nota como decimal exato), várias
         vezes no mesmo processo (o polars já importado e aquecido): a meta de B2 é contra ele;
- piso como comando: o mesmo, como um comando (`python -c`, processo novo a cada vez, com o
         início do Python e a importação do polars), que é a forma de medir de B2;
- B1:    só o motor: o certame inteiro (todas as vagas do edital e os eventos) a partir dos
         candidatos já lidos (`TabelaCandidatos`);
- B2:    `cotas apurar --json` de ponta a ponta, processo novo a cada repetição;
- B3:    importação para o banco da aplicação web (SQLite), contra `executemany` das mesmas linhas;
- B4:    a sondagem de uma consulta pública, sem carga (a consulta sob carga, com inscrições
         sorteadas, é `bench/carga_publica.py`, que o `make bench` roda depois deste);
- B5:    B1 e B2 em vários tamanhos, com o crescimento comparado a n·log n;
- vagas sem candidato: `cotas apurar --saida` (com e sem o PDF) no exemplo de 3 cargos com
         100.000 vagas no primeiro e 62 aprovados (issue 15: as vagas vazias saem em faixas);
- saída:  `cotas apurar --saida --sem-pdf` (CSV, XLSX, HTML, SVG) a 1.000.000 contra o `--json`
         (B2) do mesmo tamanho, medido na mesma rodada; o tempo de cada tipo de arquivo sai da
         hora de gravação de cada um (issue 22, item 6: o XLSX).

Os dados ficam em `bench/dados/` (fora do git), gerados por `cotas gerar-exemplo` uma vez por
tamanho e semente.
"""

from __future__ import annotations

import argparse
import itertools
import json
import math
import os
import platform
import statistics
import subprocess
import sys
import time
from datetime import datetime
from pathlib import Path
from typing import Any

from comum import certame_do_cenario, pasta_temporaria  # bench/, ao lado deste script

RAIZ = Path(__file__).resolve().parents[1]
DADOS = RAIZ / "bench" / "dados"
PYTHON = Path(sys.executable)
COTAS = PYTHON.parent / "cotas"
CARGOS = 200
SEMENTE = 2024
METAS = {
    "B1": "≤ 2 s (1.000.000 candidatos, 200 cargos, ~20.000 vagas, 1.000 eventos)",
    "B2": "≤ 3× o piso medido nesta rodada; pico de memória ≤ 2 GiB",
    "B3": "≤ 3× a carga simples (executemany no SQLite, COPY no PostgreSQL) das mesmas linhas",
    "B4": "a 1.000.000, ≥ 1.000 req/s, p99 ≤ 50 ms, sem erros, com inscrições sorteadas "
    "(`bench/carga_publica.py`, que o `make bench` roda depois deste)",
    "B5": "crescimento não pior que n·log n",
    "saída": "`cotas apurar --saida --sem-pdf` ≤ 3× o `--json` do mesmo tamanho, na mesma rodada",
}


# -- processos filhos -------------------------------------------------------------------------
def _ler_e_ordenar(csv: Path | str) -> None:
    """O piso: ler o CSV com polars e ordená-lo por cargo e nota (decimal exato)."""
    import polars as pl

    quadro = pl.read_csv(csv, separator=";", infer_schema=False)
    escala = quadro.select(pl.col("nota").str.extract(r",(\d*)$").str.len_chars().max()).item()
    quadro.with_columns(
        pl.col("nota").str.replace(",", ".", literal=True).cast(pl.Decimal(38, escala or 0))
    ).sort(["cargo", "nota"], descending=[False, True])


def _filho_piso(csv: Path, repeticoes: int) -> list[float]:
    tempos = []
    for _ in range(repeticoes):
        t = time.perf_counter()
        _ler_e_ordenar(csv)
        tempos.append(time.perf_counter() - t)
    return tempos


def _piso_como_comando(csv: Path, repeticoes: int) -> list[float]:
    """O piso como B2 é medido: um processo novo por vez, do início do Python ao fim."""
    import inspect

    codigo = (
        "import sys, time\n" + inspect.getsource(_ler_e_ordenar) + "_ler_e_ordenar(sys.argv[1])\n"
    )
    codigo = codigo.replace("csv: Path | str", "csv")
    return [_rodar([str(PYTHON), "-c", codigo, str(csv)])[0] for _ in range(repeticoes)]


def _filho_motor(cenario: Path, repeticoes: int) -> list[float]:
    from cotas.apuracao import eventos_do_cenario, parametros_do_cenario, regras_do_cenario
    from cotas.arquivos.cenario import ler_cenario
    from cotas.motor.certame import Certame

    lido = ler_cenario(cenario)  # leitura fora da medida: B1 é só o motor
    regras = regras_do_cenario(lido)
    eventos = eventos_do_cenario(lido)
    tempos = []
    for _ in range(repeticoes):
        # A tabela guarda índices preparados sob demanda; uma cópia rasa por rodada, para que
        # cada repetição pague tudo de novo.
        from cotas.motor.colunar import TabelaCandidatos

        candidatos = lido.candidatos
        if isinstance(candidatos, TabelaCandidatos):
            candidatos = TabelaCandidatos(candidatos.quadro, candidatos.colunas_desempate)
        t = time.perf_counter()
        certame = Certame(
            regras,
            {c.codigo: c.vagas for c in lido.cargos},
            candidatos,
            validade_ate=lido.validade_ate,
            parametros=parametros_do_cenario(lido),
        )
        certame.apurar(eventos)
        tempos.append(time.perf_counter() - t)
    return tempos


def _perfilador() -> Any:
    """Com COTAS_BENCH_PERFIL=arquivo, perfila a carga medida (pyinstrument) para explicar onde
    vai o tempo; sem ela, nada."""
    if not os.environ.get("COTAS_BENCH_PERFIL"):
        return None
    from pyinstrument import Profiler

    perfil = Profiler(interval=0.001)
    perfil.start()
    return perfil


def _fim_do_perfil(perfil: Any) -> None:
    if perfil is not None:
        perfil.stop()
        Path(os.environ["COTAS_BENCH_PERFIL"]).write_text(perfil.output_text(color=False))


def _filho_importacao(cenario: Path, repeticoes: int) -> dict[str, list[float]]:
    """B3: a importação da aplicação web (o serviço `importacao_confirmar`, SQLite) contra a
    carga simples das mesmas linhas: ler o CSV com o módulo csv e `executemany` na mesma tabela,
    numa transação."""
    import csv
    import json as json_

    pasta = pasta_temporaria("cotas-bench-")
    os.environ["DJANGO_SETTINGS_MODULE"] = "cotas_web.settings.teste"
    # COTAS_BENCH_POSTGRES=<DATABASE_URL>: mede no PostgreSQL, com COPY como carga simples.
    postgres = os.environ.get("COTAS_BENCH_POSTGRES")
    os.environ["DATABASE_URL"] = postgres or f"sqlite:///{pasta / 'bench.sqlite3'}"
    import django

    django.setup()
    from django.contrib.auth import get_user_model
    from django.core.management import call_command
    from django.db import connection, transaction

    from cotas.arquivos.cenario import ler_cenario
    from cotas_web.candidatos.models import Candidato as Modelo
    from cotas_web.candidatos.services import importacao_confirmar

    call_command("migrate", verbosity=0)
    lido = ler_cenario(cenario)
    csv_ = lido.arquivo_candidatos
    usuario = get_user_model().objects.create_user("bench", password="bench-senha-longa-123")

    def novo_certame(nome: str) -> Any:
        return certame_do_cenario(usuario, lido, nome)

    colunas = [f.column for f in Modelo._meta.concrete_fields if f.column != "id"]
    desempate = [c for c, _ in lido.desempate]
    tempos: dict[str, list[float]] = {"servico": [], "carga_simples": []}
    for r in range(repeticoes):
        certame = novo_certame(f"Bench {r}")
        perfil = _perfilador()
        t = time.perf_counter()
        importacao_confirmar(usuario=usuario, certame=certame, caminho=csv_, nome_arquivo=csv_.name)
        tempos["servico"].append(time.perf_counter() - t)
        _fim_do_perfil(perfil)

        certame = novo_certame(f"Carga simples {r}")
        cargos = {c.codigo: c.pk for c in certame.cargos.all()}
        # As colunas do grupo da lei do cenário, pelos nomes dela (um grupo nos cenários gerados).
        from cotas_web.ponte import leis

        grupo = leis.regras_do_certame(certame).grupos_da_lei[0]
        assert grupo.declaracao is not None
        opcao, verificacao = grupo.declaracao.coluna_opcao, grupo.declaracao.coluna_verificacao
        t = time.perf_counter()
        linhas = []
        with open(csv_, encoding="utf-8", newline="") as f:
            leitor = csv.reader(f, delimiter=";")
            cab = {nome: i for i, nome in enumerate(next(leitor))}
            for n, v in enumerate(leitor, start=2):
                nasc = v[cab["data_nascimento"]]
                valores = {
                    "certame_id": certame.pk,
                    "cargo_id": cargos[v[cab["cargo"]]],
                    "importacao_id": None,
                    "inscricao": v[cab["inscricao"]],
                    "nome": v[cab["nome"]],
                    "cpf": v[cab["cpf"]].replace(".", "").replace("-", ""),
                    "data_nascimento": f"{nasc[6:]}-{nasc[3:5]}-{nasc[:2]}",
                    "nota": v[cab["nota"]].replace(",", "."),
                    "situacao": v[cab["situacao"]],
                    "cor_raca": v[cab["cor_raca"]],
                    "reservas": json_.dumps([grupo.nome] if v[cab[opcao]] == "sim" else []),
                    "pcd": v[cab["pcd"]] == "sim",
                    "verificacoes": json_.dumps(
                        {grupo.nome: v[cab[verificacao]]} if v[cab[verificacao]] else {}
                    ),
                    "classificacao": None,
                    "desempate": json_.dumps(
                        [[c, v[cab[c]].replace(",", ".")] for c in desempate if v[cab[c]]]
                    ),
                    "opcao_lista": "",
                    "campos": "{}",  # (os campos que a lei declara além da cor: nenhum aqui)
                    "linha": n,
                    "anulado_em": None,
                }
                linhas.append([valores[c] for c in colunas])
        with transaction.atomic(), connection.cursor() as cursor:
            if postgres:
                copia_sql = f"COPY {Modelo._meta.db_table} ({', '.join(colunas)}) FROM STDIN"
                with cursor.cursor.copy(copia_sql) as copia:
                    for linha in linhas:
                        copia.write_row(linha)
            else:
                cursor.executemany(
                    f"INSERT INTO {Modelo._meta.db_table} ({', '.join(colunas)}) "
                    f"VALUES ({', '.join(['%s'] * len(colunas))})",
                    linhas,
                )
        tempos["carga_simples"].append(time.perf_counter() - t)
        assert Modelo.objects.filter(certame=certame).count() == len(linhas)
    return tempos


def _certame_homologado(cenario: Path) -> tuple[int, list[str]]:
    """Com o Django já configurado: migra o banco, cria o certame do cenário, importa os
    candidatos pelo serviço da aplicação e homologa. Devolve o id e algumas inscrições."""
    from datetime import timedelta

    from django.contrib.auth import get_user_model
    from django.core.management import call_command

    from cotas.arquivos.cenario import ler_cenario
    from cotas_web.candidatos.services import importacao_confirmar
    from cotas_web.certames.services import certame_homologar, certame_publicar

    call_command("migrate", verbosity=0)
    lido = ler_cenario(cenario)
    csv_ = lido.arquivo_candidatos
    usuario = get_user_model().objects.create_user("bench", password="bench-senha-longa-123")
    certame = certame_do_cenario(usuario, lido, "Consulta")
    # Publicado (as páginas públicas só mostram o certame publicado: sem isto, a consulta é 404).
    certame_publicar(usuario=usuario, certame=certame, data=lido.data_edital)
    importacao_confirmar(usuario=usuario, certame=certame, caminho=csv_, nome_arquivo=csv_.name)
    certame_homologar(usuario=usuario, certame=certame, data=lido.data_edital + timedelta(days=1))
    inscricoes = [c.inscricao for c in lido.candidatos[: min(len(lido.candidatos), 5000)]]
    return certame.pk, inscricoes


def _filho_consulta(cenario: Path, repeticoes: int) -> dict[str, Any]:
    """B4 (sondagem): o tempo de UMA consulta pública (`/publico/certames/<pk>/consulta/`) com
    o certame importado e homologado, pelo cliente de testes do Django, sem servidor. Se uma
    consulta já leva segundos, nenhum servidor de 2 processos chega a 500 req/s."""
    import random

    pasta = pasta_temporaria("cotas-bench-")
    os.environ["DJANGO_SETTINGS_MODULE"] = "cotas_web.settings.teste"
    os.environ["DATABASE_URL"] = f"sqlite:///{pasta / 'bench.sqlite3'}"
    import django

    django.setup()
    from django.test import Client

    from cotas_web.certames.models import Certame
    from cotas_web.publico import situacoes

    pk, inscricoes = _certame_homologado(cenario)
    # A situação pública é montada depois de cada ato, em segundo plano; medida à parte, para a
    # consulta medir só o pedido.
    t = time.perf_counter()
    assert situacoes.publicar(Certame.objects.get(pk=pk)) is not None
    montagem = time.perf_counter() - t
    sorteio = random.Random(SEMENTE)
    cliente = Client()
    tempos = []
    for _ in range(repeticoes):
        t = time.perf_counter()
        r = cliente.get(
            f"/publico/certames/{pk}/consulta/", {"inscricao": sorteio.choice(inscricoes)}
        )
        tempos.append(time.perf_counter() - t)
        assert r.status_code == 200, r.status_code
    return {"consulta": tempos, "montagem": montagem}


def filho(args: argparse.Namespace) -> None:
    tarefas = {
        "piso": _filho_piso,
        "motor": _filho_motor,
        "importacao": _filho_importacao,
        "consulta": _filho_consulta,
    }
    resultado = tarefas[args.tarefa](Path(args.arquivo), args.repeticoes)
    print(json.dumps(resultado))


# -- orquestração -----------------------------------------------------------------------------
def _rodar(comando: list[str], saida: int | None = None) -> tuple[float, int, str]:
    """Roda um processo; devolve (segundos de parede, pico de memória em bytes, stdout)."""
    decorrido, pico, stdout, _ = _rodar_com_cpu(comando, saida)
    return decorrido, pico, stdout


def _rodar_com_cpu(comando: list[str], saida: int | None = None) -> tuple[float, int, str, float]:
    """`_rodar`, e também os segundos de CPU do processo (usuário e sistema, todas as linhas de
    execução)."""
    t = time.perf_counter()
    proc = subprocess.Popen(
        comando, stdout=subprocess.PIPE if saida is None else saida, stderr=subprocess.PIPE
    )
    stdout = proc.stdout.read() if proc.stdout else b""
    _, status, uso = os.wait4(proc.pid, 0)
    decorrido = time.perf_counter() - t
    stderr = proc.stderr.read() if proc.stderr else b""
    proc.returncode = os.waitstatus_to_exitcode(status)
    if proc.returncode != 0:
        raise RuntimeError(f"{comando} falhou ({proc.returncode}):\n{stderr.decode()[-3000:]}")
    return decorrido, uso.ru_maxrss * 1024, stdout.decode(), uso.ru_utime + uso.ru_stime


def _dados(n: int) -> Path:
    pasta = DADOS / f"n{n}-c{CARGOS}-s{SEMENTE}"
    if not (pasta / "cenario.toml").exists():
        print(f"gerando {n} candidatos em {pasta} ...", file=sys.stderr)
        _rodar(
            [str(COTAS), "gerar-exemplo", "--candidatos", str(n), "--cargos", str(CARGOS),
             "--semente", str(SEMENTE), "--saida", str(pasta)]
        )  # fmt: skip
    return pasta


def _em_filho(tarefa: str, arquivo: Path, repeticoes: int) -> tuple[Any, int]:
    _, pico, stdout = _rodar(
        [str(PYTHON), __file__, "--filho", tarefa, str(arquivo), "--repeticoes", str(repeticoes)]
    )
    return json.loads(stdout.strip().splitlines()[-1]), pico


def _cli(cenario: Path, repeticoes: int) -> tuple[list[float], int]:
    tempos, picos = [], []
    for _ in range(repeticoes):
        with open(os.devnull, "wb") as nulo:
            t, pico, _ = _rodar([str(COTAS), "apurar", "--json", str(cenario)], saida=nulo.fileno())
        tempos.append(t)
        picos.append(pico)
    return tempos, max(picos)


def _vagas_sem_candidato(vagas: int, repeticoes: int) -> dict[str, Any]:
    """`cotas apurar --saida` no exemplo `exemplos/mostardas` com `vagas` vagas no primeiro cargo
    (62 aprovados): sem e com o PDF, processo novo a cada repetição. Antes das faixas, uma linha
    por vaga vazia em cada documento (mais de 150 s e 10 GB com o PDF)."""
    import re
    import shutil
    import tempfile

    from cotas.documentos.pdf import pdf_disponivel

    pasta = Path(tempfile.mkdtemp(prefix="cotas-bench-vagas-"))
    shutil.copytree(RAIZ / "exemplos" / "mostardas", pasta / "exemplo")
    cenario = pasta / "exemplo" / "cenario.toml"
    texto = cenario.read_text(encoding="utf-8")
    cenario.write_text(
        re.sub(r"(?m)^vagas = \d+$", f"vagas = {vagas}", texto, count=1), encoding="utf-8"
    )
    resultado: dict[str, Any] = {"vagas": vagas, "repeticoes": repeticoes}
    modos = {"sem_pdf": ["--sem-pdf"], **({"com_pdf": []} if pdf_disponivel() else {})}
    for modo, opcoes in modos.items():
        tempos, picos = [], []
        for i in range(repeticoes):
            with open(os.devnull, "wb") as nulo:
                t, pico, _ = _rodar(
                    [str(COTAS), "apurar", str(cenario), "--saida", str(pasta / f"{modo}{i}"),
                     *opcoes],
                    saida=nulo.fileno(),
                )  # fmt: skip
            tempos.append(t)
            picos.append(pico)
        resultado[modo] = {**_resumo(tempos), "pico": max(picos)}
    shutil.rmtree(pasta, ignore_errors=True)
    return resultado


def _saida_sem_pdf(cenario: Path, repeticoes: int) -> dict[str, Any]:
    """`cotas apurar --saida pasta --sem-pdf`, processo novo a cada repetição.

    Os arquivos vão para o disco um a um, cada um assim que fica pronto, na pasta temporária ao
    lado do destino: enquanto o comando roda, as horas de gravação de cada arquivo são lidas a
    cada 0,1 s. A diferença entre duas gravações seguidas é o tempo até a segunda; somadas por
    extensão, dizem quanto cada formato segurou o comando (antes do primeiro arquivo: a
    leitura, a apuração e as tabelas). Os XLSX são escritos ao lado dos demais
    (`formatos.livros_em_paralelo`) e gravados no fim: o tempo deles é a espera que sobrou."""
    import shutil
    import tempfile
    import threading

    pasta = Path(tempfile.mkdtemp(prefix="cotas-bench-saida-"))
    tempos, picos, cpus = [], [], []
    por_formato: dict[str, list[float]] = {}
    try:
        for i in range(repeticoes):
            destino = pasta / f"s{i}"
            gravacoes: set[tuple[float, str]] = set()
            parar = threading.Event()
            vigia = threading.Thread(
                target=_vigiar_gravacoes, args=(pasta, f".s{i}.cotas-", parar, gravacoes)
            )
            inicio = time.time()
            vigia.start()
            try:
                with open(os.devnull, "wb") as nulo:
                    t, pico, _, cpu = _rodar_com_cpu(
                        [str(COTAS), "apurar", str(cenario), "--saida", str(destino),
                         "--sem-pdf"],
                        saida=nulo.fileno(),
                    )  # fmt: skip
            finally:
                parar.set()
                vigia.join()
            tempos.append(t)
            picos.append(pico)
            cpus.append(cpu)
            gravacoes |= {(p.stat().st_mtime, p.name) for p in destino.iterdir()}
            somas = dict.fromkeys(("apuração", *_FORMATOS_DA_SAIDA), 0.0)
            anterior = inicio
            for hora, nome in sorted(gravacoes):
                if nome.startswith("."):  # (o manifesto)
                    continue
                tipo = nome.rsplit(".", 1)[-1] if anterior != inicio else "apuração"
                somas[tipo] = somas.get(tipo, 0.0) + max(0.0, hora - anterior)
                anterior = hora
            for chave, soma in somas.items():
                por_formato.setdefault(chave, []).append(soma)
            shutil.rmtree(destino, ignore_errors=True)
    finally:
        shutil.rmtree(pasta, ignore_errors=True)
    return {
        **_resumo(tempos),
        "pico": max(picos),
        "cpu": statistics.median(cpus),
        "repeticoes": repeticoes,
        "por_formato": {k: statistics.median(v) for k, v in por_formato.items()},
    }


def _vigiar_gravacoes(
    pai: Path, prefixo: str, parar: Any, gravacoes: set[tuple[float, str]]
) -> None:
    """Anota (hora de gravação, nome) de cada arquivo das pastas `pai/prefixo*` até `parar`."""
    while not parar.is_set():
        for pasta in pai.glob(prefixo + "*"):
            try:
                with os.scandir(pasta) as itens:
                    for item in itens:
                        gravacoes.add((item.stat().st_mtime, item.name))
            except OSError:  # (a pasta trocada de lugar no fim, ou um arquivo no meio)
                pass
        parar.wait(0.1)


def _resumo(tempos: list[float]) -> dict[str, float]:
    return {"mediana": statistics.median(tempos), "min": min(tempos), "max": max(tempos)}


def _s(x: float) -> str:
    return f"{x:.2f}".replace(".", ",")


def _ms(x: float) -> str:
    return f"{x * 1000:.1f}".replace(".", ",")


def _int(n: float) -> str:
    return f"{n:,.0f}".replace(",", ".")


def _x(r: float) -> str:
    return f"{r:.1f}".replace(".", ",")


def _mib(b: int) -> str:
    return f"{_int(b / 2**20)} MiB"


def _maquina() -> dict[str, str]:
    cpu = "?"
    with open("/proc/cpuinfo", encoding="utf-8") as f:
        for linha in f:
            if linha.startswith("model name"):
                cpu = linha.split(":", 1)[1].strip()
                break
    with open("/proc/meminfo", encoding="utf-8") as f:
        memoria = int(f.readline().split()[1]) * 1024
    import polars

    commit = subprocess.run(
        ["git", "rev-parse", "--short", "HEAD"], capture_output=True, text=True, cwd=RAIZ
    ).stdout.strip()
    return {
        "data": datetime.now().strftime("%d/%m/%Y %H:%M"),
        "nucleos": str(os.cpu_count()),
        "memoria": f"{memoria / 2**30:.1f} GiB".replace(".", ","),
        "cpu": cpu,
        "python": platform.python_version(),
        "polars": polars.__version__,
        "sistema": platform.platform(),
        "commit": commit,
    }


def orquestrar(args: argparse.Namespace) -> None:
    tamanhos = [int(t) for t in args.tamanhos.split(",")]
    r = args.repeticoes
    linhas: dict[int, dict[str, Any]] = {}
    for n in tamanhos:
        pasta = _dados(n)
        rep = r if n <= 1_000_000 else max(1, r // 2)
        piso, pico_piso = _em_filho("piso", pasta / "candidatos.csv", rep)
        piso_comando = _piso_como_comando(pasta / "candidatos.csv", rep)
        motor, pico_motor = _em_filho("motor", pasta / "cenario.toml", rep)
        cli, pico_cli = _cli(pasta / "cenario.toml", rep)
        linhas[n] = {
            "repeticoes": rep,
            "piso": _resumo(piso),
            "piso_comando": _resumo(piso_comando),
            "pico_piso": pico_piso,
            "B1": _resumo(motor),
            "pico_B1": pico_motor,
            "B2": _resumo(cli),
            "pico_B2": pico_cli,
        }
        print(f"n={n}: {json.dumps(linhas[n])}", file=sys.stderr)
    importacao: dict[str, Any] | None = None
    if args.b3:
        n3 = args.b3
        tempos, pico = _em_filho("importacao", _dados(n3) / "cenario.toml", 1)
        importacao = {"n": n3, "pico": pico, **{k: _resumo(v) for k, v in tempos.items()}}
        print(f"B3: {json.dumps(importacao)}", file=sys.stderr)
    consultas: dict[int, dict[str, float]] = {}
    for n4 in [int(t) for t in args.b4.split(",") if t]:
        tempos4, _ = _em_filho("consulta", _dados(n4) / "cenario.toml", 3)
        consultas[n4] = {**_resumo(tempos4["consulta"]), "montagem": tempos4["montagem"]}
        print(f"B4 n={n4}: {json.dumps(consultas[n4])}", file=sys.stderr)
    saida: dict[str, Any] | None = None
    if args.saida_sem_pdf:
        n_s = args.saida_sem_pdf
        cenario_s = _dados(n_s) / "cenario.toml"
        if n_s in linhas:  # o `--json` deste tamanho, medido acima nesta rodada
            json_s, pico_json = linhas[n_s]["B2"], linhas[n_s]["pico_B2"]
        else:
            tempos_json, pico_json = _cli(cenario_s, 1)
            json_s = _resumo(tempos_json)
        saida = {
            "n": n_s,
            "json": json_s,
            "pico_json": pico_json,
            **_saida_sem_pdf(cenario_s, 1),
        }
        print(f"saída: {json.dumps(saida)}", file=sys.stderr)
    vazias: dict[str, Any] | None = None
    if args.vagas_sem_candidato:
        vazias = _vagas_sem_candidato(args.vagas_sem_candidato, max(1, min(r, 3)))
        print(f"vagas sem candidato: {json.dumps(vazias)}", file=sys.stderr)
    maquina = _maquina()
    medidas = {
        "maquina": maquina,
        "linhas": linhas,
        "b3": importacao,
        "b4": consultas,
        "vagas_sem_candidato": vazias,
        "saida_sem_pdf": saida,
    }
    DADOS.mkdir(parents=True, exist_ok=True)
    (DADOS / "ultima.json").write_text(json.dumps(medidas), encoding="utf-8")
    texto = relatorio(maquina, linhas, importacao, consultas, vazias, saida)
    print(texto)
    if args.saida:
        Path(args.saida).write_text(texto, encoding="utf-8")
        print(f"\n(gravado em {args.saida})", file=sys.stderr)


def relatorio(
    maquina: dict[str, str],
    linhas: dict[int, dict[str, Any]],
    importacao: dict[str, Any] | None = None,
    consultas: dict[int, dict[str, float]] | None = None,
    vazias: dict[str, Any] | None = None,
    saida: dict[str, Any] | None = None,
) -> str:
    out = [
        "# Desempenho (`make bench`)",
        "",
        f"Medido em {maquina['data']} no commit `{maquina['commit']}`: {maquina['nucleos']} "
        f"núcleos ({maquina['cpu']}), {maquina['memoria']} de memória, Python "
        f"{maquina['python']}, polars {maquina['polars']}, {maquina['sistema']}.",
        "",
        "Tempos de parede em segundos: mediana (mín–máx) de N rodadas; pico de memória = maior "
        "`ru_maxrss` do processo. Dados: `cotas gerar-exemplo --cargos 200 "
        f"--semente {SEMENTE}`. O piso é medido duas vezes: no mesmo processo, repetido (o "
        "polars já importado e aquecido; a meta de B2 é contra este) e como um comando, um "
        "processo novo a cada vez, como B2 é medido.",
        "",
        "| n | N | piso: polars lê e ordena | B1: só o motor | B2: `cotas apurar --json` "
        "| B2 / piso | piso como comando | B2 / piso como comando | pico B1 | pico B2 |",
        "|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|",
    ]
    for n, d in linhas.items():

        def fmt(r: dict[str, float]) -> str:
            return f"{_s(r['mediana'])} ({_s(r['min'])}–{_s(r['max'])})"

        comando = d.get("piso_comando")  # (medidas antigas não o têm)
        out.append(
            f"| {_int(n)} | {d['repeticoes']} | {fmt(d['piso'])} | {fmt(d['B1'])} "
            f"| {fmt(d['B2'])} | {_x(d['B2']['mediana'] / d['piso']['mediana'])}× "
            + (
                f"| {fmt(comando)} | {_x(d['B2']['mediana'] / comando['mediana'])}× "
                if comando
                else "| — | — "
            )
            + f"| {_mib(d['pico_B1'])} | {_mib(d['pico_B2'])} |"
        )
    if len(linhas) > 1:
        out += [
            "",
            "## B5: crescimento",
            "",
            "De cada tamanho para o seguinte: quanto n cresceu, quanto n·log n cresceria e quanto "
            "B1 e B2 cresceram (medianas). Nos tamanhos pequenos o tempo fixo (iniciar o Python, "
            "importar o polars, ~0,3 s em B2) esconde o crescimento; o que conta é a última "
            "coluna não passar da de n·log n nos tamanhos grandes.",
            "",
            "| de → para | n | n·log n | B1 | B2 |",
            "|---|---:|---:|---:|---:|",
        ]
        tamanhos = sorted(linhas)
        for a, b in itertools.pairwise(tamanhos):
            nlogn = (b * math.log(b)) / (a * math.log(a))
            b1 = linhas[b]["B1"]["mediana"] / linhas[a]["B1"]["mediana"]
            b2 = linhas[b]["B2"]["mediana"] / linhas[a]["B2"]["mediana"]
            out.append(
                f"| {_int(a)} → {_int(b)} | {_x(b / a)}× | {_x(nlogn)}× | {_x(b1)}× | {_x(b2)}× |"
            )
    if importacao is not None:
        servico, simples = importacao["servico"], importacao["carga_simples"]
        out += [
            "",
            "## B3: importação para o banco da aplicação web",
            "",
            f"{_int(importacao['n'])} linhas, 1 rodada. Carga simples: ler o CSV com o módulo "
            "`csv` e `executemany` na mesma tabela, numa transação.",
            "",
            "| serviço `importacao_confirmar` | carga simples | serviço / carga simples "
            "| pico de memória |",
            "|---:|---:|---:|---:|",
            f"| {_s(servico['mediana'])} | {_s(simples['mediana'])} "
            f"| {_x(servico['mediana'] / simples['mediana'])}× | {_mib(importacao['pico'])} |",
        ]
    if consultas:
        out += [
            "",
            "## B4 (sondagem): uma consulta pública, sem carga",
            "",
            "Certame importado pelo serviço e homologado; a situação pública de todas as "
            "inscrições montada (`situacoes.publicar`, o que se refaz em segundo plano depois de "
            "cada ato); então `GET /publico/certames/<pk>/consulta/?inscricao=…` pelo cliente de "
            "testes do Django, 3 consultas. Com 2 processos, o teto de vazão é cerca de 2 ÷ o "
            "tempo de uma consulta.",
            "",
            "| n | montagem da situação pública (s) | uma consulta (ms) "
            "| teto com 2 processos (req/s) |",
            "|---:|---:|---:|---:|",
        ]
        for n4, r4 in consultas.items():
            montagem = _s(r4["montagem"]) if "montagem" in r4 else "—"
            out.append(
                f"| {_int(n4)} | {montagem} "
                f"| {_ms(r4['mediana'])} ({_ms(r4['min'])}–{_ms(r4['max'])}) "
                f"| {_int(2 / r4['mediana'])} |"
            )
    if saida is not None:
        out += _relatorio_saida(saida)
    if vazias is not None:
        out += _relatorio_vagas_sem_candidato(vazias)
    out += ["", "## Metas", ""]
    out += [f"- {k}: {v}" for k, v in METAS.items()]
    notas = RAIZ / "bench" / "NOTAS.md"
    if notas.exists():  # a análise escrita à mão: o que limita cada meta
        out += ["", notas.read_text(encoding="utf-8").rstrip()]
    return "\n".join(out) + "\n"


_FORMATOS_DA_SAIDA = ("csv", "xlsx", "html", "svg")


def _relatorio_saida(saida: dict[str, Any]) -> list[str]:
    formatos = saida["por_formato"]
    return [
        "",
        "## Saída em arquivos: `cotas apurar --saida --sem-pdf`",
        "",
        f"{_int(saida['n'])} candidatos (os dados de B2), {saida['repeticoes']} rodada(s), "
        "processo novo; contra o `--json` (B2) do mesmo tamanho nesta rodada. Grava os CSV, os "
        "XLSX (`resultado.xlsx` e um por documento), os HTML (relatório e documentos) e os SVG. O "
        "tempo de cada formato sai das horas de gravação dos arquivos, lidas enquanto o comando "
        "roda: quanto cada formato segurou o comando (antes do primeiro arquivo: a leitura, a "
        "apuração e as tabelas). Os XLSX são escritos ao lado dos demais e gravados no fim: o "
        "tempo deles é a espera que sobrou. A CPU é a do processo inteiro (usuário e sistema).",
        "",
        "| `--json` | `--saida --sem-pdf` | saída / `--json` | CPU da saída "
        "| antes do primeiro arquivo | CSV | XLSX | HTML | SVG | pico `--json` | pico saída |",
        "|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|",
        f"| {_s(saida['json']['mediana'])} | {_s(saida['mediana'])} "
        f"| {_x(saida['mediana'] / saida['json']['mediana'])}× "
        f"| {_s(saida['cpu']) if 'cpu' in saida else '—'} "
        + "".join(f"| {_s(formatos.get(k, 0.0))} " for k in ("apuração", *_FORMATOS_DA_SAIDA))
        + f"| {_mib(saida['pico_json'])} | {_mib(saida['pico'])} |",
    ]


def _relatorio_vagas_sem_candidato(vazias: dict[str, Any]) -> list[str]:
    out = [
        "",
        "## Vagas sem candidato: muitas vagas, poucos aprovados",
        "",
        f"O exemplo `exemplos/mostardas` com {_int(vazias['vagas'])} vagas no primeiro cargo (62 "
        "aprovados; 3 cargos, 4 eventos): `cotas apurar cenario.toml --saida pasta`, processo "
        f"novo a cada vez, {vazias['repeticoes']} rodada(s). As vagas vazias saem em faixas "
        '("Vagas 63 a 100.000 sem candidato"); sem metas próprias: o tempo não pode crescer com '
        "o número de vagas vazias além do plano das vagas (ver NOTAS).",
        "",
        "| PDF | tempo (s) | pico de memória |",
        "|---|---:|---:|",
    ]
    for modo, rotulo in (("sem_pdf", "sem (`--sem-pdf`)"), ("com_pdf", "com")):
        if modo in vazias:
            r = vazias[modo]
            out.append(
                f"| {rotulo} | {_s(r['mediana'])} ({_s(r['min'])}–{_s(r['max'])}) "
                f"| {_mib(r['pico'])} |"
            )
    return out


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--tamanhos", default="10000,100000,1000000,5000000")
    p.add_argument("--repeticoes", type=int, default=5)
    p.add_argument("--saida", default=str(RAIZ / "BENCHMARKS.md"))
    p.add_argument(
        "--b3", type=int, default=1_000_000, help="linhas da importação web (0: não mede B3)"
    )
    p.add_argument(
        "--b4",
        default="10000,100000,1000000",
        help="tamanhos da sondagem de B4 (vazio: não mede)",
    )
    p.add_argument(
        "--vagas-sem-candidato",
        type=int,
        default=100_000,
        help="vagas do primeiro cargo do exemplo com 62 aprovados (0: não mede)",
    )
    p.add_argument(
        "--saida-sem-pdf",
        type=int,
        default=1_000_000,
        help="candidatos de `cotas apurar --saida --sem-pdf` contra `--json` (0: não mede)",
    )
    p.add_argument("--filho", nargs=2, metavar=("TAREFA", "ARQUIVO"))
    p.add_argument(
        "--so-relatorio",
        action="store_true",
        help="não mede: refaz o relatório das últimas medidas (bench/dados/ultima.json)",
    )
    args = p.parse_args()
    if args.so_relatorio:
        m = json.loads((DADOS / "ultima.json").read_text(encoding="utf-8"))
        linhas = {int(n): d for n, d in m["linhas"].items()}
        b4 = {int(n): d for n, d in (m["b4"] or {}).items()}
        texto = relatorio(
            m["maquina"],
            linhas,
            m["b3"],
            b4,
            m.get("vagas_sem_candidato"),
            m.get("saida_sem_pdf"),
        )
        print(texto)
        Path(args.saida).write_text(texto, encoding="utf-8")
    elif args.filho:
        args.tarefa, args.arquivo = args.filho
        filho(args)
    else:
        orquestrar(args)


if __name__ == "__main__":
    main()
