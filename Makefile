# Dois comandos para quem chega: `make run` (o trabalho principal) e `make test` (todos os testes).
# Para quem desenvolve, antes de cada commit: `make check` (a porta rápida, alguns minutos).
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
INSTALADO := $(VENV)/.instalado

.PHONY: install sistema run check test lint bench clean

# Pacotes do Debian que os testes e a aplicação usam (ver o script); só instala o que falta.
sistema:
	bash scripts/sistema.sh

$(INSTALADO): pyproject.toml
	@# (Sem o ensurepip, o Python do Debian não cria ambientes virtuais: falta python3-venv.)
	$(PYTHON) -c 'import ensurepip' 2>/dev/null || bash scripts/sistema.sh
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[dev]'
	touch $(INSTALADO)

install: $(INSTALADO)

# O certame de exemplo de Montenegro: a ordem de nomeação com as razões e, em seguida, a
# aplicação web em SQLite com o exemplo carregado.
run: $(INSTALADO)
	$(BIN)/cotas apurar exemplos/montenegro/cenario.toml
	bash scripts/web.sh

lint: $(INSTALADO)
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/mypy
	$(BIN)/lint-imports --no-logo  # as camadas (contratos no pyproject.toml; docs/ARQUITETURA.md)

# Os níveis de teste são marcadores do pytest (pyproject.toml): `check` pula os que pedem o que a
# máquina de quem desenvolve pode não ter ou que levam minutos (navegador, PostgreSQL, o fuzzer, as
# quedas com kill -9); `test` roda todos. O perfil do hypothesis (tests/hipoteses.py): `dev` com
# um quinto dos exemplos no `check`, `ci` com todos no `test`.
RAPIDOS := not (navegador or postgres or fuzz or queda)

# A porta rápida, antes de cada commit: o lint e os testes dos níveis rápidos em dois processos
# (pytest-xdist), no SQLite. `--dist loadfile`: cada arquivo de teste num processo só, para que
# os fixtures de módulo (a cópia de segurança de test_copia, o exemplo de test_gerar_exemplo)
# sejam feitos uma vez.
check: lint
	env -u DATABASE_URL COTAS_HIPOTESES=dev $(BIN)/pytest -n 2 --dist loadfile -m "$(RAPIDOS)"

# A porta completa, a do CI (.ci/run): todos os testes, de todos os níveis, no SQLite e, os da
# aplicação web, de novo no PostgreSQL que o próprio projeto inicia. COTAS_EXIGIR_SISTEMA: sem
# Chromium ou sem as bibliotecas do PDF, os testes que os usam falham em vez de serem pulados.
# As duas fases em dois processos, como o `check` (`--dist loadfile`: os fixtures de módulo, e o
# Chromium de cada arquivo de tests/navegador, uma vez); cada processo tem o seu banco de teste
# (no PostgreSQL, `test_cotas_gw0` e `test_cotas_gw1`; tests/conftest.py) e o seu servidor ao
# vivo numa porta livre. `--durations=15`: os mais lentos ficam à vista no registro do CI.
# COTAS_SO_OS_DO_BANCO: na segunda fase, só os testes que chegam ao banco (tests/conftest.py); os
# da linha de comando e dos documentos (o fuzzer, os arquivos hostis, a saída) fariam no
# PostgreSQL o mesmo que já fizeram na primeira. De tests/navegador, só a jornada dos atos
# publicados (issue 19), que o issue pede nos dois bancos.
PARALELO := -n 2 --dist loadfile --durations=15
test: sistema lint
	env -u DATABASE_URL COTAS_EXIGIR_SISTEMA=1 COTAS_HIPOTESES=ci $(BIN)/pytest $(PARALELO)
	eval "$$(bash scripts/postgres.sh)" && COTAS_EXIGIR_SISTEMA=1 COTAS_HIPOTESES=ci \
		COTAS_SO_OS_DO_BANCO=1 $(BIN)/pytest $(PARALELO) tests/web tests/robustez \
		tests/navegador/test_jornada_19.py

# Desempenho: as cargas do issue 6 medidas contra o piso; grava BENCHMARKS.md (não é teste).
bench: $(INSTALADO)
	bash scripts/sistema.sh wrk  # (o gerador de carga de B4)
	@# O bytecode do pacote, como num pacote instalado: com PYTHONDONTWRITEBYTECODE no ambiente,
	@# cada `cotas` medido compilaria os módulos de novo (~0,03 s por comando).
	$(BIN)/python -m compileall -q src
	$(BIN)/python bench/rodar.py --saida BENCHMARKS.md
	@# B4 sob carga: a consulta pública com inscrições sorteadas, a 1.000.000 (issue "transparência").
	$(BIN)/python bench/carga_publica.py --anexar BENCHMARKS.md
	@# Os atos do RH (issue "atos são fatos"), no SQLite e no PostgreSQL que o projeto inicia.
	$(BIN)/python bench/atos.py --saida bench/resultados/atos-sqlite.md --anexar BENCHMARKS.md
	eval "$$(bash scripts/postgres.sh)" && $(BIN)/python bench/atos.py --banco postgres \
		--saida bench/resultados/atos-postgres.md --anexar BENCHMARKS.md

clean:
	rm -rf $(VENV) build *.egg-info src/*.egg-info
