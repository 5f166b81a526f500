"""The house's structure, checked on the code itself (issue "one way to ask a ruleset").

* Front ends, computer players, the batch runner and the bench ask the rules only through
  a rules package's public surface: ``game.rules`` itself, ``game.rules.demos`` (and, for
  the bench alone, ``game.rules.benchmarks``), and a
  family's or ruleset's ``actions``, ``queries``, ``phases`` and ``events`` modules.
* Rooms a person can hold: no file in game/ over 900 lines.
* Types for words: no comparison of a phase or an event kind with a string literal
  outside the module of its enum.
* No ``getattr``/``hasattr`` reaching a protocol member of a ruleset, a board view or a
  controller (a member belongs in the protocol, where every implementation has it).
* The layers: game/core imports nothing above it; only the Tiled reader imports pytmx,
  only game/physics pymunk, only game/core/dice.py the random module.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
GAME = ROOT / "game"
MAX_LINES = 900
PUBLIC_MODULES = {"actions", "queries", "phases", "events"}
"""The modules of a rules package that code outside game/rules may import."""


def _modules() -> list[Path]:
    return sorted(GAME.rglob("*.py"))


def _name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def _imports(path: Path) -> Iterator[tuple[int, str]]:
    """(line, module) for every import in ``path`` (``from a import b`` gives ``a.b``
    when ``a.b`` is a module, else ``a``)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    package = _name(path) if path.name == "__init__.py" else _name(path).rpartition(".")[0]
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for a in node.names:
                yield node.lineno, a.name
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                up = package.split(".")
                up = up[: len(up) - (node.level - 1)]
                base = ".".join([*up, base]) if base else ".".join(up)
            for a in node.names:
                sub = f"{base}.{a.name}"
                yield node.lineno, sub if _is_module(sub) else base


def _is_module(dotted: str) -> bool:
    p = ROOT.joinpath(*dotted.split("."))
    return p.with_suffix(".py").is_file() or (p / "__init__.py").is_file()


def _public(module: str) -> bool:
    """Whether code outside game/rules may import ``module`` of game.rules."""
    parts = module.split(".")
    if module in ("game.rules", "game.rules.demos", "game.rules.lessons", "game.rules.benchmarks"):
        return True
    return parts[-1] in PUBLIC_MODULES


def test_only_the_public_surface_of_the_rules_is_imported_from_outside():
    wrong = []
    for path in _modules():
        name = _name(path)
        if name.startswith("game.rules"):
            continue
        for line, mod in _imports(path):
            if mod.startswith("game.rules") and not _public(mod):
                wrong.append(f"{path.relative_to(ROOT)}:{line} imports {mod}")
    assert not wrong, "\n".join(wrong)


def test_the_public_surface_is_real():
    """Each rules package a front end or computer player uses has a queries module."""
    for ruleset in ("game.rules.tft.hexes", "game.rules.tft.zones", "game.rules.hero"):
        assert _is_module(f"{ruleset}.queries"), ruleset


def test_no_file_in_game_is_over_900_lines():
    long = {str(p.relative_to(ROOT)): n for p in _modules()
            if (n := len(p.read_text(encoding="utf-8").splitlines())) > MAX_LINES}
    assert not long, long


def _enum_modules() -> set[Path]:
    """Modules that define a StrEnum (they may compare its values with strings)."""
    out = set()
    for path in _modules():
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.ClassDef) and any(
                    isinstance(b, ast.Name) and b.id == "StrEnum" for b in node.bases):
                out.add(path)
    return out


EVENT_NAMES = ("e", "ev", "event")
"""What code names an event it looks at (``e.kind`` is an event's kind; a terrain
piece's or a map layer's ``kind`` is data, not an enum's word)."""


def _is_phase_or_kind(node: ast.expr) -> bool:
    if isinstance(node, ast.Attribute):
        return node.attr == "phase" or (
            node.attr == "kind" and isinstance(node.value, ast.Name)
            and node.value.id in EVENT_NAMES)
    return isinstance(node, ast.Name) and node.id == "phase"


def _str_literals(node: ast.expr) -> bool:
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return True
    if isinstance(node, (ast.Tuple, ast.List, ast.Set)):
        return any(_str_literals(e) for e in node.elts)
    return False


def test_no_phase_or_event_kind_is_compared_with_a_string_literal():
    allowed = _enum_modules()
    wrong = []
    for path in _modules():
        if path in allowed:
            continue
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if not isinstance(node, ast.Compare):
                continue
            sides = [node.left, *node.comparators]
            if any(_is_phase_or_kind(s) for s in sides) and any(
                    _str_literals(s) for s in sides):
                wrong.append(f"{path.relative_to(ROOT)}:{node.lineno}")
    assert not wrong, "\n".join(wrong)


def _protocol_members() -> set[str]:
    """The members of the Ruleset, Queries, BoardView and Controller contracts."""
    from game.core.queries import Queries
    from game.core.ruleset import Ruleset
    from game.ui.boards import BoardView
    from game.ui.controllers import Controller

    names: set[str] = set()
    for proto in (Ruleset, Queries, BoardView, Controller):
        names |= {n for n in vars(proto) if not n.startswith("_")}
    return names - {"key", "title"}


def test_no_getattr_or_hasattr_reaches_a_protocol_member():
    members = _protocol_members()
    wrong = []
    for path in _modules():
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
                    and node.func.id in ("getattr", "hasattr") and len(node.args) >= 2
                    and isinstance(node.args[1], ast.Constant)
                    and node.args[1].value in members):
                wrong.append(f"{path.relative_to(ROOT)}:{node.lineno} "
                             f"{node.func.id}(..., {node.args[1].value!r})")
    assert not wrong, "\n".join(wrong)


@pytest.mark.parametrize(("where", "what", "only"), [
    ("game/core", "game.", ("game.core",)),
    ("game", "pytmx", ("game/boards/tiled/reader.py",)),
    ("game", "pymunk", ("game/physics",)),
    ("game", "random", ("game/core/dice.py",)),
])
def test_layers(where, what, only):
    wrong = []
    for path in sorted((ROOT / where).rglob("*.py")):
        rel = str(path.relative_to(ROOT))
        for line, mod in _imports(path):
            hit = mod.startswith(what) if what.endswith(".") else (
                mod == what or mod.startswith(what + "."))
            if hit and not any(rel.startswith(o) or mod.startswith(o) for o in only):
                wrong.append(f"{rel}:{line} imports {mod}")
    assert not wrong, "\n".join(wrong)
