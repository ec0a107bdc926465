# dicelab: two commands on a fresh machine with only Python 3.
#   make run   create .venv if needed, install the apps, serve notebooks/ with Voilà on :8866
#   make test  install the test extras, run ruff and the whole pytest suite
PYTHON ?= python3
VENV   ?= .venv
BIN    := $(VENV)/bin
PORT   ?= 8866

.PHONY: run test lint format browser tables messages bench clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip

$(VENV)/.app: pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e ".[app]"
	touch $@

$(VENV)/.test: pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e ".[test]"
	touch $@

# make run CLASS=30 APPS="penta_play farkle_play": serve a class on the network, 30 warm kernels of
# each app in APPS (default penta_play) so that 30 pages opened at once start at once (README).
run: $(VENV)/.app
	JUPYTER_PATH="$(CURDIR)/share/jupyter" $(BIN)/voila notebooks/ --port=$(PORT) --no-browser \
	  $(if $(CLASS),--Voila.ip=0.0.0.0 --VoilaKernelManager.fill_delay=60 '--VoilaKernelManager.kernel_pools_config={"default":{"pool_size":0}$(foreach app,$(or $(APPS),penta_play),,"$(app).ipynb":{"pool_size":$(CLASS)})}')

lint: $(VENV)/.test
	$(BIN)/ruff format --check .
	$(BIN)/ruff check .

format: $(VENV)/.test
	$(BIN)/ruff format .
	$(BIN)/ruff check --fix .

# Browser tests drive Debian's Chromium (never a browser download of Playwright's own).
browser:
	@command -v chromium >/dev/null 2>&1 || [ -x /usr/bin/chromium ] || { \
	  if [ "$$(id -u)" = 0 ]; then apt-get update -qq && apt-get install -y -qq chromium >/dev/null; \
	  else echo "chromium is missing: run 'sudo apt-get install -y chromium' (browser tests will be skipped)"; fi; }

# The solver tables, as Binder's postBuild builds them (cached under ~/.cache/dicelab).
tables: $(VENV)/.app
	$(BIN)/python -m dicelab.penta.solver --build
	$(BIN)/python -m dicelab.farkle.winchance --build --target 5000 --target 10000

# The message template translators start from (a test checks it is up to date).
messages: $(VENV)/.app
	$(BIN)/python -m dicelab.i18n.extract

test: $(VENV)/.test browser lint tables
	$(BIN)/python -m pytest

bench: $(VENV)/.test
	@for script in benchmarks/*.py; do echo "== $$script"; $(BIN)/python $$script || exit 1; done

clean:
	rm -rf $(VENV) build *.egg-info test-artifacts
