"""Typed rule options (issue 11: `Ruleset.optionList`): name (as in RULES.md), type,
default, allowed range or choices, and a description, read from ``engine.rules``.

The ranges and choices are the engine's own tables (what ``engine.rules.ruleset``
enforces); the descriptions are the comments of ``engine.rules.RuleSet``'s fields, so
they cannot drift from the code. Read defensively: a renamed table leaves a range out,
never breaks the list.
"""

from __future__ import annotations

import dataclasses
import inspect
import re
from enum import Enum
from functools import cache
from typing import Any

import strawberry
from strawberry.scalars import JSON

from engine import rules as engine_rules


@strawberry.enum(description="The type of a rule option's value.")
class OptionType(Enum):
    BOOLEAN = "BOOLEAN"
    INT = "INT"
    STRING = "STRING"


@strawberry.type(description="One rule option of a preset (RULES.md names).")
class RuleOption:
    name: str
    type: OptionType
    default: JSON | None = strawberry.field(description="The preset's value (null: none).")
    nullable: bool = strawberry.field(description="null is allowed (none / by the table).")
    min: int | None
    max: int | None
    choices: list[str] | None
    fixed: bool = strawberry.field(
        description=(
            "Set by the preset; not an override. Also every option that has no effect "
            "in the preset's family (R-PLAYABLE): changing it is refused."
        )
    )
    description: str | None


_FIELD = re.compile(r"^\s+(\w+):\s*[^=]+=\s*[^#]*?(?:#\s*(.*))?$")


@cache
def _descriptions() -> dict[str, str]:
    out: dict[str, str] = {}
    try:
        lines = inspect.getsource(engine_rules.RuleSet).splitlines()
    except (OSError, TypeError):
        return out
    above = ""
    for line in lines:
        stripped = line.strip()
        if stripped.startswith("#"):
            above = stripped.lstrip("# ").strip()
            continue
        found = _FIELD.match(line)
        if found is None:
            if not stripped:
                above = ""
            continue
        text = (found.group(2) or "").strip() or above
        if text:
            out[found.group(1)] = text
    return out


def _type(value: Any, name: str, choices: dict[str, Any]) -> OptionType:
    if isinstance(value, bool):
        return OptionType.BOOLEAN
    if isinstance(value, int) or name in getattr(engine_rules, "_NULLABLE", ()):
        return OptionType.INT
    return OptionType.STRING


def options_of(preset: Any) -> list[RuleOption]:
    ranges_of = getattr(engine_rules, "_ranges", None)
    ranges = ranges_of(preset, preset.decks) if callable(ranges_of) else {}
    choices: dict[str, Any] = getattr(engine_rules, "_CHOICES", {})
    nullable: frozenset[str] = getattr(engine_rules, "_NULLABLE", frozenset())
    fixed: frozenset[str] = getattr(engine_rules, "_FIXED", frozenset())
    ignored = getattr(engine_rules, "ignored_options", None)
    if callable(ignored):
        fixed = fixed | ignored(preset)
    notes = _descriptions()
    out = []
    for f in dataclasses.fields(preset):
        value = getattr(preset, f.name)
        span = ranges.get(f.name)
        out.append(
            RuleOption(
                name=f.name,
                type=_type(value, f.name, choices),
                default=value,
                nullable=f.name in nullable,
                min=getattr(span, "lo", None),
                max=getattr(span, "hi", None),
                choices=list(choices[f.name]) if f.name in choices else None,
                fixed=f.name in fixed,
                description=notes.get(f.name),
            )
        )
    return out
