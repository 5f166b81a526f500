"""Mine clusters (P-12): what sets one off, and its blast.

A cluster is a disc on the table attached to a piece (it moves back with it, P-6). A
model whose base touches it, or a shot at a target within 2 inches of it (or at the
cluster itself), sets it off: each of its mines bursts as a blast on it, every model
whose base lies within the blast taking one hit per mine with no to-hit roll (the
numbers are a house default in pursuit.toml). An exploded cluster goes back to its
side's reserve (it may come in again, P-6).
"""

from __future__ import annotations

import math
from fractions import Fraction

from game.core.dice import Dice
from game.core.events import Event
from game.core.places import Point
from game.rules.squads.basics import AttackLine, hit_line
from game.rules.squads.casualties import casualty_odds
from game.rules.squads.combat import resolve_attacks
from game.rules.squads.pursuit.events import ChaseKind
from game.rules.squads.pursuit.numbers import MineKind, chase_data
from game.rules.squads.pursuit.state import RESERVE, ChaseState, Cluster
from game.rules.squads.units import Model


def blast_line(k: Cluster) -> AttackLine:
    """P-12: a cluster's hits on one model under its blast."""
    kind = chase_data().mine(k.kind)
    return hit_line(k.id, f"{kind.name} bursts", kind.mines, kind.strength, rule="P-12",
                    ap=kind.ap, why=f"{kind.mines} mines, each a blast of S {kind.strength}")


def under_blast(state: ChaseState, k: Cluster) -> list[Model]:
    """P-12: the models whose bases lie within the cluster's blast."""
    kind = chase_data().mine(k.kind)
    x, y = k.xy
    return [m for m in state.standing()
            if math.hypot(m.x - x, m.y - y) <= kind.blast + m.radius + 1e-9]


def blast_odds(state: ChaseState, k: Cluster) -> dict[str, dict[int, Fraction]]:
    """P-12: for each model under the blast, the exact chance of each number of
    casualties (0 or 1)."""
    line = blast_line(k)
    return {m.id: casualty_odds([line], m) for m in under_blast(state, k)}


def touching(state: ChaseState, m: Model) -> list[Cluster]:
    """The clusters ``m``'s base touches."""
    out = []
    for k in state.table_clusters():
        r = chase_data().mine(k.kind).radius
        x, y = k.xy
        if math.hypot(m.x - x, m.y - y) <= r + m.radius + chase_data().contact + 0.02:
            out.append(k)
    return out


def near_target(state: ChaseState, x: float, y: float, radius: float) -> list[Cluster]:
    """P-12: the clusters within 2 inches (edge to edge) of a target's base."""
    out = []
    for k in state.table_clusters():
        kx, ky = k.xy
        gap = math.hypot(x - kx, y - ky) - radius - chase_data().mine(k.kind).radius
        if gap <= chase_data().trigger + 1e-9:
            out.append(k)
    return out


def shot_blasts(state: ChaseState, x: float, y: float, radius: float) -> list[Cluster]:
    """P-12: the clusters a shot at a model standing at ``(x, y)`` (its base ``radius``)
    would set off (:func:`near_target`) whose blast would catch that model there (as
    :func:`under_blast` measures it)."""
    out = []
    for k in near_target(state, x, y, radius):
        kx, ky = k.xy
        if math.hypot(x - kx, y - ky) <= chase_data().mine(k.kind).blast + radius + 1e-9:
            out.append(k)
    return out


def explode(state: ChaseState, k: Cluster, dice: Dice, cause: str) -> list[Event]:
    """P-12: ``k`` goes off (``cause`` says what set it off): every model under its blast
    takes its hits; the cluster goes back to the reserve."""
    if k.where == RESERVE:
        return []
    kind: MineKind = chase_data().mine(k.kind)
    at = Point(k.x, k.y)
    hit = under_blast(state, k)
    names = ", ".join(m.name for m in hit) or "nobody"
    events = [Event(ChaseKind.MINE_EXPLODED, f"{kind.name} goes off ({cause}): {kind.mines} "
                    f"blasts of S {kind.strength} on {names} (P-12).", "P-12", k.id,
                    places=(at,), amount=len(hit))]
    k.where, k.piece, k.x, k.y = RESERVE, None, 0, 0
    line = blast_line(k)
    for m in hit:
        events += resolve_attacks([line], m, dice).events
    return events
