"""The Melee-on-heights controller asks the rules only through their queries: one queries
object per position (marks, buttons and tips share its answers), legal actions sorted
when first asked for, the odds it shows the rules' own, and no import of the rules'
internals."""

import ast
import os
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from textmap import match  # noqa: E402

from game.core.places import Cell  # noqa: E402
from game.rules.tft.hexes.actions import ChooseFirst, Move  # noqa: E402
from game.ui.controllers.melee_hexes import MeleeHexController, risk_label  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]
PUBLIC = ("actions", "queries", "phases", "events")

TOWER = "4 4 0 0 0 0\n4 4 0 0 0 0\n4 4 0 0 0 0"


def controller():
    m = match(TOWER, [("Pip", "a", "hobbit", 1, 1, 0), ("Orc", "b", "orc", 5, 0, 3)], seed=3)
    m.apply(ChooseFirst(m.state.winner, "a"))
    ctl = MeleeHexController(m)
    ctl.refresh(True)
    return m, ctl


def test_one_queries_object_per_position():
    m, ctl = controller()
    q = ctl.q
    assert ctl.q is q and q.state is m.state
    walk = next(iter(q.move_options("pip").walk_cells()))
    m.apply(Move("pip", walk))
    assert ctl.q is not q


def test_the_legal_actions_are_sorted_when_first_asked_for_and_follow_them():
    m, ctl = controller()
    first = ctl.sorted
    assert ctl.sorted is first and first.moves["pip"]
    walk = next(iter(first.moves["pip"]))
    m.apply(first.moves["pip"][walk])
    ctl.refresh(True)
    assert ctl.sorted is not first and ctl.sorted.actions == m.legal_actions()


def test_h8_a_jumps_warning_is_the_rules_fall_odds():
    m, ctl = controller()
    marks = ctl.marks("pip", None)
    opts = ctl.q.move_options("pip")
    assert opts.jumps
    for c, j in opts.jumps.items():
        assert marks.warnings[Cell(c)] == risk_label(ctl.q.fall_odds("pip", j.levels))


def _rules_imports(folder: Path, skip: tuple[str, ...] = ()) -> list[str]:
    out = []
    for path in sorted(folder.glob("*.py")):
        if path.name in skip:
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and (node.module or "").startswith(
                    "game.rules"):
                out.append(f"{path.name}: {node.module}")
    return out


def test_the_controller_imports_only_the_rules_public_modules():
    found = _rules_imports(ROOT / "game/ui/controllers/melee_hexes")
    assert found and all(m.rsplit(".", 1)[-1] in PUBLIC for m in found), found
