# make lab   -> JupyterLab on the start notebook
# make test  -> the whole suite (unit, rulebook scenarios, properties, widgets, notebooks, browser)
# make present NB=notebooks/ruins_of_mars/01_setup_and_one_turn.ipynb -> the notebook as an app (Voila)
# Each target first creates .venv from requirements.txt when it is missing or older than requirements.txt.

PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.requirements-installed
NB     ?= notebooks/ruins_of_mars/01_setup_and_one_turn.ipynb
PORT   ?= 8866

.PHONY: lab test present bench venv clean

venv: $(STAMP)

$(STAMP): requirements.txt pyproject.toml
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -r requirements.txt
	touch $(STAMP)

lab: $(STAMP)
	$(BIN)/jupyter lab notebooks/00_start_here.ipynb

test: $(STAMP)
	$(BIN)/python -m pytest

present: $(STAMP)
	$(BIN)/voila --no-browser --Voila.ip=127.0.0.1 --port=$(PORT) $(NB)

bench: $(STAMP)
	for f in benchmarks/bench_*.py; do echo "== $$f"; $(BIN)/python $$f || exit 1; done

clean:
	rm -rf $(VENV)
