"""Melee on zones answers through one queries object (issue 14): core's questions
(acting, moves with the roll's exact odds, attacks with the exact chance of the whole
action, holds, scenery), the zone rules' own (the plan of a zone move Z-3, the rush's
balance roll Z-17, the extra die at a runner Z-7, the charge's multiple Z-9), each
derived once and remembered per state; pieces as structured values (Z-2, Z-16); phases
and event kinds as enums with their old words."""

from __future__ import annotations

import ast
from enum import StrEnum
from pathlib import Path

import pytest
from zonemap import act_now, grid, scripted, zone_match

from game.core import odds
from game.core.places import InZone
from game.core.queries import AttackOption, MoveOption
from game.rules import open_match
from game.rules.tft.zones import rules
from game.rules.tft.zones.actions import (
    Charge,
    Close,
    EnterBottleneck,
    How,
    React,
    Rush,
    Shoot,
    ZoneMove,
)
from game.rules.tft.zones.events import ZoneKind
from game.rules.tft.zones.phases import PHASES, WindowKind, ZonePhase
from game.rules.tft.zones.queries import ZoneQueries

ROOT = Path(__file__).resolve().parents[2]


def fig(m, fid):
    return m.state.figures[fid]


def queries(m) -> ZoneQueries:
    q = m.ruleset.queries(m.state)
    assert isinstance(q, ZoneQueries)
    return q


# ============================================================================ core's questions
def test_the_queries_answer_cores_questions_for_the_figure_acting():
    m = zone_match(grid(["A B C D"]), [("Hob", "a", "fast", "A"), ("X", "b", "man", "D"),
                                       ("Sam", "a", "man", "B")])
    act_now(m, "hob")
    q = queries(m)
    assert q.acting() == ["hob"]
    moves = q.moves("hob")
    assert moves and all(isinstance(o, MoveOption) and isinstance(o.place, InZone)
                         for o in moves)
    assert {o.place for o in moves} >= {InZone("B"), InZone("C")}
    assert InZone("A", "B") in {o.place for o in moves}  # the line it may step onto (Z-12)
    for o in q.attacks("hob"):
        assert isinstance(o, AttackOption) and o.target == "x" and 0 <= o.chance <= 1
        assert m.why_illegal(o.action) is None
    assert q.moves("sam") == [] and q.attacks("sam") == []  # not its action
    assert q.holds(InZone("B")) == ["sam"] and q.holds(InZone("A", "B")) == []
    assert tuple(q.scenery()) == ()


def test_z3_a_zone_option_carries_the_roll_and_the_exact_chance_to_get_all_the_way():
    m = zone_match(grid(["A B C D"]), [("Hob", "a", "fast", "A"), ("X", "b", "man", "D")])
    act_now(m, "hob")
    walk = {o.place: o for o in queries(m).moves("hob", run=False)}
    b, c = walk[InZone("B")], walk[InZone("C")]
    assert b.odds is None and b.label == "no roll" and b.risk == ""  # MR 16: +6
    ok = line = 0  # two zones at -4: 3d6 <= 7, and a 6 among them stops on the line (Z-5)
    for x in range(1, 7):
        for y in range(1, 7):
            for z in range(1, 7):
                if x + y + z <= 7:
                    ok += 1
                    line += 6 in (x, y, z)
    assert c.odds == pytest.approx((ok - line) / 216)
    assert c.label == "7- 16%" and "3d6 vs DX 11 -4 = 7" in c.risk and c.rule == "Z-3"
    assert c.cost == 20 and c.ends


def test_z9_a_charge_option_is_the_chance_of_the_whole_charge():
    m = zone_match(grid(["A B C"]), [("Hob", "a", "man", "A"), ("X", "b", "man", "C")])
    act_now(m, "hob")
    q = queries(m)
    charge = next(o for o in q.attacks("hob") if isinstance(o.action, Charge)
                  and not o.action.through)
    plan = q.move_plan(charge.action)
    there = plan.p - plan.p_line if plan.roll else 1.0
    hob, x = fig(m, "hob"), fig(m, "x")
    hit = q.charge_odds(hob, x)
    assert hit.p_hit == q.blow_odds(hob, x, rules.charge_multiplier()).p_hit
    assert charge.chance == pytest.approx(there * hit.p_hit)
    assert charge.label.startswith("charge ") and charge.rule == "Z-9"


def test_z13_in_a_reaction_the_reactors_act():
    m = zone_match(grid(["A B C"]), [("Run", "a", "man", "A"), ("Int", "b", "man", "B"),
                                     ("Sam", "a", "man", "C")])
    act_now(m, "run")
    m.apply(ZoneMove("run", ("B",), ("",), True))
    q = queries(m)
    assert q.phase == ZonePhase.REACTION and q.acting() == ["int"]
    odds_ = q.reaction_odds(React("int", How.INTERCEPT))
    assert odds_ is not None and odds_.contest
    assert odds_.chance == pytest.approx(rules.contest_odds(m.state, fig(m, "int"),
                                                            fig(m, "run"), True, True))


# ============================================================================ derived once
def test_z17_the_rush_balance_roll_is_the_one_the_rules_roll():
    m = zone_match(grid(["A"]), [("Gob", "b", "strong", "A"), ("Pip", "a", "man", "A")])
    act_now(m, "gob")
    fig(m, "pip").running = True  # Z-7: one die more to keep its feet
    fig(m, "pip").acted = True  # (it cannot evade)
    q = queries(m)
    check = q.rush_balance(fig(m, "gob"), fig(m, "pip"))
    assert check.dice == 4 and any(x.rule == "Z-17" and x.value == -1
                                   for x in check.modifiers)  # 18 ST against 12
    assert q.rush_odds(fig(m, "gob"), fig(m, "pip")) == pytest.approx(
        q.blow_odds(fig(m, "gob"), fig(m, "pip")).p_hit * (1 - check.p_keep))
    m.dice = scripted([1, 1, 2, 6, 6, 6, 6])
    ev = m.apply(Rush("gob", "pip"))
    roll = [e.roll for e in ev if e.rule == "Z-17" and e.roll is not None][-1]
    assert roll.expr == "4d6" and roll.target == check.target
    assert roll.probability == pytest.approx(check.p_keep)


def test_z7_a_running_target_is_shot_at_with_one_die_more_as_the_rules_roll_it():
    m = zone_match(grid(["A B"]), [("Bow", "a", "archer", "A"), ("Gob", "b", "goblin", "B")])
    act_now(m, "bow")
    bow, gob = fig(m, "bow"), fig(m, "gob")
    bow.ready = "longbow"
    assert queries(m).shot_odds(bow, gob).dice == 3
    gob.running = True
    o = queries(m).shot_odds(bow, gob)
    assert o.dice == 4
    m.dice = scripted([6, 6, 6, 6])
    ev = m.apply(Shoot("bow", "gob"))
    roll = next(e.roll for e in ev if e.roll is not None)
    assert roll.expr == "4d6" and roll.probability == pytest.approx(o.p_hit)


def test_a_state_works_out_each_zone_move_plan_once(monkeypatch):
    m = open_match("open_field", 2)
    while not any(isinstance(a, ZoneMove) for a in m.legal_actions()):
        m.apply(m.legal_actions()[0])
    calls = []
    real = rules.zone_move_plan
    monkeypatch.setattr(rules, "zone_move_plan", lambda *a, **k: calls.append(1) or
                        real(*a, **k))
    q = queries(m)
    legal = q.legal_actions()
    moves = [a for a in legal if isinstance(a, ZoneMove)]
    made = len(calls)
    assert made <= len(moves) + sum(isinstance(a, Charge) for a in legal)
    f = q.actor()
    for a in moves:
        q.move_plan(a)
    for run in (False, True):
        q.zone_reach(f, run)
        q.moves(f.id, run)
    q.attacks(f.id)
    assert len(calls) == made  # every plan asked again comes from the memo


def test_sight_lines_are_the_matchs_derived_data_shared_by_its_clones():
    m = open_match("open_field", 1)
    st = m.state
    a, b = list(st.figures.values())[0], list(st.figures.values())[-1]
    assert not hasattr(rules._sight, "cache_info")  # no module cache keyed on boards
    rules.shot_line(st, a, b)
    before = len(st.derived)
    clone = st.clone()
    assert clone.derived is st.derived
    rules.shot_line(clone, clone.figures[a.id], clone.figures[b.id])
    assert len(st.derived) == before


# ============================================================================ pieces
def test_z16_pieces_give_the_spot_the_group_and_the_partner_as_fields():
    board = grid(["Yard House"], bottlenecks=[("Door", "Yard", "House", 2, "soft")])
    m = zone_match(board, [("Tom", "f", "man", "House"), ("Gob", "g", "goblin", "Yard"),
                           ("Ada", "f", "man", "House"), ("Pip", "f", "man", "Yard"),
                           ("Kob", "g", "goblin", "Yard")], sides=("f", "g"))
    act_now(m, "tom")
    m.dice = scripted([])
    m.apply(EnterBottleneck("tom", "Door"))
    views = {p.id: p for p in m.pieces()}
    assert views["tom"].spot == "Door" and views["tom"].group == ""  # holds it alone
    act_now(m, "gob")
    m.dice = scripted([6, 6, 6])  # a miss: it stands at the door, InContact with Tom
    m.apply(next(a for a in m.legal_actions() if a.kind == "attack"
                 and a.target == "tom"))
    act_now(m, "kob")
    fig(m, "pip").acted = True  # (no closing attack, Z-17)
    m.dice = scripted([])
    m.apply(Close("kob", "pip"))
    views = {p.id: p for p in m.pieces()}
    assert views["tom"].spot == views["gob"].spot == "Door"
    assert views["tom"].group == views["gob"].group != ""
    assert views["kob"].partner == "pip" and views["pip"].partner == "kob"
    assert views["kob"].group == views["pip"].group and views["kob"].spot == ""
    assert views["ada"].group == views["ada"].spot == "" and views["ada"].partner is None
    for p in views.values():
        assert ":" not in p.group and (p.group == "" or p.group[1:].isdigit())
    fig(m, "pip").status = "unconscious"
    down = next(p for p in m.pieces() if p.id == "pip")
    assert (down.group, down.spot, down.partner) == ("", "", None)


# ============================================================================ words
def test_phases_and_event_kinds_are_enums_with_their_old_words():
    assert [str(p) for p in ZonePhase] == ["initiative", "action", "reaction"]
    assert list(PHASES.order) == ["initiative", "action", "reaction"]
    assert {str(k) for k in WindowKind} == {"intercept", "defend", "opportunity"}
    assert {str(h) for h in How} == {"intercept", "evade", "protect", "respond",
                                     "closing", "opportunity"}
    assert {"waits", "holds", "split", "protects", "reaction", "declares", "move_plan",
            "stops", "arrives", "closes", "evades", "protected", "intercepted",
            "contest"} == {str(k) for k in ZoneKind}
    m = open_match("farmhouse", 3)
    for _ in range(150):
        if m.outcome() is not None:
            break
        m.apply(m.legal_actions()[-1])
    assert all(isinstance(e.kind, StrEnum) for e in m.log)
    assert isinstance(m.state.phase, ZonePhase)
    assert odds.check_probability(3, 10) > 0  # (the odds module answers as before)


OWN = ["game/ui/controllers/melee_zones.py", "game/ai/tft/zones.py",
       *sorted(str(p.relative_to(ROOT)) for p in (ROOT / "game/rules/tft/zones").glob("*.py"))]
"""The zone ruleset's modules, its controller and its computer player."""
PUBLIC = {"game.rules.tft.zones.actions", "game.rules.tft.zones.queries",
          "game.rules.tft.zones.phases", "game.rules.tft.zones.events",
          "game.rules.tft.events"}
"""What a controller or a computer player may import from the rules (issue 14)."""


def _imports(path: str) -> set[str]:
    tree = ast.parse((ROOT / path).read_text(encoding="utf-8"))
    out: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module:
            out |= {node.module} if node.module != "game.rules.tft.zones" else {
                f"game.rules.tft.zones.{a.name}" for a in node.names}
        elif isinstance(node, ast.Import):
            out |= {a.name for a in node.names}
    return out


@pytest.mark.parametrize("path", OWN[:2])
def test_the_controller_and_the_tactician_ask_the_rules_only_through_their_public_modules(
        path):
    rules_imports = {i for i in _imports(path) if i.startswith("game.rules")}
    assert rules_imports <= PUBLIC, rules_imports - PUBLIC


@pytest.mark.parametrize("path", OWN)
def test_no_phase_kind_or_reaction_is_compared_with_a_string(path):
    """Phases, event kinds, window kinds and ways of reacting are compared with their
    enums, never with string literals (outside the enum modules)."""
    if path.endswith(("phases.py", "events.py")):
        return
    tree = ast.parse((ROOT / path).read_text(encoding="utf-8"))
    words = {"phase", "kind", "how"}
    for node in ast.walk(tree):
        if not isinstance(node, ast.Compare):
            continue
        sides = [node.left, *node.comparators]
        named = any(isinstance(s, ast.Attribute) and s.attr in words for s in sides)
        literal = any(isinstance(s, ast.Constant) and isinstance(s.value, str) or
                      isinstance(s, ast.Tuple) and any(isinstance(e, ast.Constant) and
                                                       isinstance(e.value, str)
                                                       for e in s.elts) for s in sides)
        assert not (named and literal), f"{path}:{node.lineno}: {ast.unparse(node)}"


@pytest.mark.parametrize("path", OWN)
def test_rooms_of_a_size_a_person_can_hold(path):
    lines = (ROOT / path).read_text(encoding="utf-8").count("\n")
    assert lines <= 900, f"{path} has {lines} lines"
