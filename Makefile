# make lab   -> JupyterLab on the start notebook
# make test  -> the whole suite (unit, rulebook scenarios, properties, widgets, notebooks, browser)
# make present NB=notebooks/ruins_of_mars/01_setup_and_one_turn.ipynb [CLASS=30] -> the notebook as an app (Voila)
#   for a class, with pre-heated kernels
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

# JupyterLab refuses to run as root unless told: --allow-root only when the user is root (a container).
ROOT_FLAG := $(if $(filter 0,$(shell id -u)),--allow-root)
LAB_ARGS ?=

lab: $(STAMP)
	@echo "Starting JupyterLab on notebooks/00_start_here.ipynb: open the http://127.0.0.1:... address it prints below"
	@echo "(with its token). Stop it with Ctrl+C in this terminal, then y (or Ctrl+C twice)."
	$(BIN)/jupyter lab --ServerApp.ip=127.0.0.1 $(ROOT_FLAG) $(LAB_ARGS) notebooks/00_start_here.ipynb

test: $(STAMP)
	$(BIN)/python -m pytest

# Classroom mode (tools/present.py): a pool of pre-heated kernels sized for CLASS students (default 30,
# CLASS=0: none); it prints the URL to share, the pool's memory and how to stop it. IP=0.0.0.0 serves the
# other computers of the network; PRESENT_ARGS=--dry-run prints all that and starts nothing.
CLASS ?=
IP    ?= 127.0.0.1
PRESENT_ARGS ?=

present: $(STAMP)
	@$(BIN)/python tools/present.py $(NB) --port=$(PORT) --ip=$(IP) $(if $(CLASS),--class=$(CLASS)) $(PRESENT_ARGS)

bench: $(STAMP)
	for f in benchmarks/bench_*.py; do echo "== $$f"; $(BIN)/python $$f || exit 1; done

clean:
	rm -rf $(VENV)
