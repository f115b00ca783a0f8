"""Typed client code generated from the schema type-checks the walkthrough's operations
(issue 11): graphql-codegen turns docs/first_game.graphql (the document that
docs/first_game.py loads and sends) into TypeScript types from schema.graphql, and
`tsc --noEmit` checks client.ts, a typed use of every result, against them.

It fails when an operation asks for a field the schema does not have (codegen refuses
the document) or when a field the client reads has another type (tsc refuses the use);
the last two tests show both on altered copies.

The Node packages come from this folder's committed package-lock.json; the fixture runs
``npm ci`` when node_modules is missing or older than the lock.
"""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

import pytest

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent.parent
SCHEMA = ROOT / "schema.graphql"
DOCUMENT = ROOT / "docs" / "first_game.graphql"
CLIENT = HERE / "client.ts"

CODEGEN = """\
schema: {schema}
documents: {document}
generates:
  {out}/generated/operations.ts:
    plugins:
      - typescript-operations
    config:
      enumsAsTypes: true
      strictScalars: true
      scalars:
        JSON: unknown
        DateTime: string
        _Any: unknown
        FieldSet: string
"""


@pytest.fixture(scope="session")
def node_packages() -> Path:
    stamp = HERE / "node_modules" / ".package-lock.json"
    lock = HERE / "package-lock.json"
    if not stamp.exists() or stamp.stat().st_mtime < lock.stat().st_mtime:
        subprocess.run(
            ["npm", "ci", "--no-audit", "--no-fund", "--loglevel=error"],
            cwd=HERE,
            check=True,
            timeout=600,
        )
    return HERE / "node_modules"


def _typecheck(
    node_packages: Path, out: Path, schema: Path = SCHEMA, document: Path = DOCUMENT
) -> tuple[str, subprocess.CompletedProcess[str]]:
    """Generate the types into ``out`` and type-check client.ts there: which step
    failed ("codegen", "tsc") or "ok", with that step's output."""
    out.mkdir(parents=True, exist_ok=True)
    config = out / "codegen.yml"
    config.write_text(CODEGEN.format(schema=schema, document=document, out=out))
    generated = subprocess.run(
        [str(node_packages / ".bin" / "graphql-codegen"), "--config", str(config)],
        cwd=HERE,
        capture_output=True,
        text=True,
        timeout=300,
    )
    if generated.returncode != 0:
        return "codegen", generated
    (out / "client.ts").write_text(CLIENT.read_text())
    (out / "tsconfig.json").write_text((HERE / "tsconfig.json").read_text())
    checked = subprocess.run(
        [str(node_packages / ".bin" / "tsc"), "--noEmit", "-p", str(out / "tsconfig.json")],
        cwd=HERE,
        capture_output=True,
        text=True,
        timeout=300,
    )
    return ("ok" if checked.returncode == 0 else "tsc"), checked


def test_the_walkthroughs_operations_type_check_as_generated_typescript(
    node_packages: Path, tmp_path: Path
) -> None:
    step, run = _typecheck(node_packages, tmp_path / "typed")

    assert step == "ok", run.stdout + run.stderr
    generated = (tmp_path / "typed" / "generated" / "operations.ts").read_text()
    for name in ("RegisterMutation", "MatchQuery", "EventsSubscription", "CommitMutation"):
        assert f"export type {name} " in generated


def test_an_operation_asking_for_a_field_the_schema_lacks_fails(
    node_packages: Path, tmp_path: Path
) -> None:
    # The schema without TurnCommitted.jokerSwaps, which the Events subscription reads.
    sdl, removed = re.subn(
        r'(  """[^"]*"""\n)?  jokerSwaps: \[JokerSwap!\]!\n', "", SCHEMA.read_text()
    )
    assert removed == 1
    schema = tmp_path / "schema.graphql"
    schema.write_text(sdl)

    step, run = _typecheck(node_packages, tmp_path / "typed", schema=schema)

    assert step == "codegen", run.stdout + run.stderr
    assert "jokerSwaps" in run.stdout + run.stderr


def test_a_result_field_of_another_type_fails(node_packages: Path, tmp_path: Path) -> None:
    # The schema with RatingValue.ordinal a string: client.ts subtracts two of them.
    sdl = SCHEMA.read_text()
    start = sdl.index("type RatingValue {")
    end = sdl.index("}", start)
    block = sdl[start:end]
    assert "  ordinal: Float!\n" in block
    schema = tmp_path / "schema.graphql"
    schema.write_text(
        sdl[:start] + block.replace("  ordinal: Float!\n", "  ordinal: String!\n") + sdl[end:]
    )

    step, run = _typecheck(node_packages, tmp_path / "typed", schema=schema)

    assert step == "tsc", run.stdout + run.stderr
    assert "client.ts" in run.stdout
