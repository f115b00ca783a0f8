# The two commands of this project: `make run` and `make test` (see README.md).
#
# Nothing here needs a global uv: a pinned copy is installed into .venv-bootstrap/ with the
# machine's own Python, and it builds .venv/ from uv.lock. Both are reused on later runs.

PYTHON ?= python3
UV_VERSION := 0.13.9
BOOTSTRAP := .venv-bootstrap
UV := $(BOOTSTRAP)/bin/uv
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.synced-$(UV_VERSION)

# Use the machine's Python; never download one.
export UV_PYTHON_DOWNLOADS := never
# Trust the machine's certificate store (a TLS-inspecting proxy's CA lives there).
export UV_SYSTEM_CERTS := 1
export UV_PROJECT_ENVIRONMENT := $(VENV)

.PHONY: run test lint typecheck pytest env clean

## run: install, migrate and start the web server, a Celery worker and Celery beat.
run: $(STAMP)
	@exec $(BIN)/python scripts/run.py

## test: lint, type-check engine/ and bots/, and run pytest against real PostgreSQL and Redis.
test: lint typecheck pytest

lint: $(STAMP)
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .

typecheck: $(STAMP)
	$(BIN)/mypy --strict engine bots

## pytest: only the test suite; pass pytest arguments as ARGS="tests/server -k readyz".
pytest: $(STAMP)
	$(BIN)/python scripts/test.py $(ARGS)

## env: create .venv from uv.lock (done by every target above).
env: $(STAMP)

$(UV):
	$(PYTHON) -m venv $(BOOTSTRAP)
	$(BOOTSTRAP)/bin/python -m pip install --quiet --disable-pip-version-check "uv==$(UV_VERSION)"

$(STAMP): $(UV) pyproject.toml uv.lock
	$(UV) sync --frozen --python "$(PYTHON)"
	@touch $@

clean:
	rm -rf $(VENV) $(BOOTSTRAP) var .mypy_cache .ruff_cache .pytest_cache
