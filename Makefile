# Dois comandos para quem chega: `make run` (o trabalho principal) e `make test` (todos os testes).
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
INSTALADO := $(VENV)/.instalado

.PHONY: install run test lint bench clean

$(INSTALADO): pyproject.toml
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
	$(BIN)/ruff check src tests
	$(BIN)/mypy

test: lint
	$(BIN)/pytest

# Desempenho: as cargas do issue 6 medidas contra o piso; grava BENCHMARKS.md (não é teste).
bench: $(INSTALADO)
	$(BIN)/python bench/rodar.py --saida BENCHMARKS.md

clean:
	rm -rf $(VENV) build *.egg-info src/*.egg-info
