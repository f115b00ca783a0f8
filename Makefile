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

# The solver's rank sweep (bots/_dp.py) compiled with mypyc: about twice as fast, which
# keeps the solver's slowest answers within their latency target. bots/_dp.py stays the
# source and the fallback; it uses the extension only when built from its current text.
# Building needs a C compiler; without one the pure module runs (a warning, no failure).
MYPYC ?= $(BIN)/mypyc
NATIVE_PYTHON ?= $(BIN)/python
NATIVE_BUILD := build/native
NATIVE := bots/_dp_native$(shell $(PYTHON) -c 'import sysconfig; print(sysconfig.get_config_var("EXT_SUFFIX"))')

.PHONY: run test lint typecheck pytest pytest-plain env native native-ext clean web

## run: install, migrate and start the web server, a Celery worker and Celery beat.
run: $(STAMP) native web
	@exec $(BIN)/python scripts/run.py

## web: build the web client (web/dist, served at /) when its sources changed; needs npm.
WEB_SOURCES := $(shell find web/src web/public web/index.html web/package.json web/package-lock.json \
	web/vite.config.ts web/tsconfig.json web/codegen.ts schema.graphql -type f 2>/dev/null)
web: web/dist/index.html

web/dist/index.html: $(WEB_SOURCES)
	@if command -v npm >/dev/null 2>&1; then \
		cd web && { [ node_modules/.package-lock.json -nt package-lock.json ] || npm ci --no-audit --no-fund; } \
		&& npm run build; \
	else \
		echo "npm not found: the API starts without the web client. Install Node.js 20+ and npm" \
			"(Debian: apt-get install nodejs npm), then run make run again." >&2; \
	fi

## test: lint, type-check, pytest against real PostgreSQL and Redis, then the suites that
## hold the plain twins of the fast paths to the same behaviour with FAST_PATHS=0.
test: lint typecheck pytest pytest-plain

lint: $(STAMP)
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .

typecheck: $(STAMP)
	$(BIN)/mypy --strict engine bots accounts matches api config tournaments

## pytest: only the test suite; pass pytest arguments as ARGS="tests/server -k readyz".
pytest: $(STAMP) native
	$(BIN)/python scripts/test.py $(ARGS)

# With FAST_PATHS=0 (config/fast_paths.py: stock framework code only): the equivalence
# suites of the fast paths, the walkthrough on a real server and worker, and the
# scale-out test (docs/performance.md). The whole server and e2e suites twice would not
# fit CI's time.
PLAIN_SUITES := tests/server/test_fast_paths.py tests/server/test_lock_freshness.py \
	tests/server/test_move_queries.py tests/server/test_move_sql.py \
	tests/server/test_auth_once.py tests/server/test_worker_reads.py \
	tests/server/test_csrf_views.py tests/server/test_document_cache.py \
	tests/e2e/test_first_game.py tests/deploy/test_scale_out.py

## pytest-plain: those suites with FAST_PATHS=0.
pytest-plain: $(STAMP) native
	FAST_PATHS=0 $(BIN)/python scripts/test.py $(PLAIN_SUITES) $(ARGS)

## env: create .venv from uv.lock and compile the solver (done by every target above).
env: $(STAMP) native

## native: compile bots/_dp.py with mypyc into bots/_dp_native (when it changed).
native: $(STAMP)
	@$(MAKE) --no-print-directory native-ext

# The same without the project environment (the Dockerfile's build stage sets MYPYC).
native-ext: $(NATIVE)

$(NATIVE): bots/_dp.py bots/_groups.py
	@rm -rf $(NATIVE_BUILD) && mkdir -p $(NATIVE_BUILD)/bots
	@cp bots/_groups.py $(NATIVE_BUILD)/bots/ && touch $(NATIVE_BUILD)/bots/__init__.py
	@# A config of its own: mypy would find pyproject.toml's (and its Django plugin) above.
	@printf '[mypy]\n' > $(NATIVE_BUILD)/mypy.ini
	@cp bots/_dp.py $(NATIVE_BUILD)/bots/_dp_native.py
	@$(NATIVE_PYTHON) -c 'import hashlib; print("SOURCE_SHA256 = " + repr(hashlib.sha256(open("bots/_dp.py", "rb").read()).hexdigest()))' >> $(NATIVE_BUILD)/bots/_dp_native.py
	@echo "compiling bots/_dp.py with mypyc"
	@if (cd $(NATIVE_BUILD) && $(if $(findstring /,$(MYPYC)),$(abspath $(MYPYC)),$(MYPYC)) bots/_dp_native.py >build.log 2>&1); then \
		cp $(NATIVE_BUILD)/bots/*.so bots/; \
	else \
		echo "warning: mypyc failed (see $(NATIVE_BUILD)/build.log); the solver runs as pure Python" >&2; \
	fi

$(UV):
	$(PYTHON) -m venv $(BOOTSTRAP)
	$(BOOTSTRAP)/bin/python -m pip install --quiet --disable-pip-version-check "uv==$(UV_VERSION)"

$(STAMP): $(UV) pyproject.toml uv.lock
	$(UV) sync --frozen --python "$(PYTHON)"
	@touch $@

clean:
	rm -rf $(VENV) $(BOOTSTRAP) var .mypy_cache .ruff_cache .pytest_cache build bots/_dp_native*.so
