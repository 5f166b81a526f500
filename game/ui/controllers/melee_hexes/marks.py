"""What the Melee-on-heights board marks: a figure's reach with its costs and what it
could still charge to (T-7), jumps, leaps and climbs with their odds, targets to click,
the way to the hovered hex, front arcs (T-5), the sight and threat views and a shot's
line of fire (H-18). All from the rules' queries."""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.core.places import Cell, Place
from game.rules.tft.hexes.actions import JumpDown, Move
from game.rules.tft.hexes.phases import HexPhase
from game.rules.tft.hexes.queries import HexFigure, front_cells, ranged_weapon
from game.ui.boards.hexes import HexMarks
from game.ui.controllers.melee_hexes.words import risk_label, sight_mark
from game.ui.scenes.dice_log import percent

if TYPE_CHECKING:
    from game.ui.controllers.melee_hexes.controller import MeleeHexController


def _reach(ctl: MeleeHexController, marks: HexMarks, sel: HexFigure | None,
           own: bool, to_act: str | None) -> None:
    """The selected figure's reach (its own, or an enemy's before or during movement:
    where it could go, and in red what it could strike)."""
    phase = ctl.state.phase
    moves = ctl.sorted
    can_move = sel is not None and sel.active and own and (
        phase == HexPhase.INITIATIVE or bool(moves.moves.get(sel.id))
        or bool(moves.jumps.get(sel.id)))
    enemy = (sel is not None and sel.active and not own and to_act is not None
             and phase in (HexPhase.INITIATIVE, HexPhase.MOVEMENT))
    if not (can_move or enemy) or ctl.m.outcome() is not None or sel is None or sel.hold:
        return
    q = ctl.q
    opts = q.move_options(sel.id)
    ctl.reach_opts = opts
    left = q.charge_left(sel.id)
    marks.charge = set()
    for c in opts.cells():
        cost = opts.cost(c)
        if cost is not None:
            marks.reach[Cell(c)] = str(cost)
            if cost <= left:
                marks.charge.add(c)
    marks.reach_ends = {Cell(c) for c in opts.reach.ends if Cell(c) in marks.reach}
    for c, j in opts.jumps.items():
        marks.warnings[Cell(c)] = risk_label(q.fall_odds(sel.id, j.levels))
    if enemy:
        for c in q.figure_threat(sel.id):
            marks.shade[c] = "threat"


def _walls(ctl: MeleeHexController, marks: HexMarks, sel: HexFigure) -> None:
    """Leaps (H-20) and climbs (H-11) the selected figure may make, with their odds."""
    q = ctl.q
    for c in ctl.sorted.leaps.get(sel.id, {}):
        lr = q.leap_risk(sel.id, c)
        lp = q.leap_options(sel.id).get(c)
        text = f"leap {percent(lp.p_leap)}" if lp else "leap"
        if lr is not None and lr[0] * lr[1].p_down > 0:
            text += f", out {percent(lr[0] * lr[1].p_down)}"
        marks.warnings[Cell(c)] = text
    for c in ctl.sorted.climbs.get(sel.id, {}):
        cl = q.climb_options(sel.id).get(c)
        cr = q.climb_risk(sel.id, c, more=not sel.hold)
        verb = "climb down" if cl is not None and cl.down else "climb"
        text = verb if cl is None else f"{verb} {percent(cl.p_set)}"
        if cr is not None and cr[0] * cr[1].p_down > 0:
            text += f", out {percent(cr[0] * cr[1].p_down)}"
        marks.targets[Cell(c)] = text


def _action_targets(ctl: MeleeHexController, marks: HexMarks, acting: HexFigure) -> None:
    """The acting figure's targets: blows and shots with their odds, hexes to disengage
    to with a drop's odds (H-10)."""
    st, q, legal = ctl.state, ctl.q, ctl.sorted
    for tid in legal.attacks:
        t = st.figures[tid]
        chk = q.attack_check(acting.id, tid)
        marks.targets[Cell(t.cell)] = percent(chk.odds.p_hit) if chk.odds else "attack"
    for tid in legal.shots:
        if tid in legal.attacks:
            continue
        t = st.figures[tid]
        chk = q.shot_check(acting.id, tid)
        marks.targets[Cell(t.cell)] = (f"shoot {percent(chk.p_target)}"
                                       if chk.p_target is not None else "shoot")
    for c in legal.disengage:
        risk = q.drop_odds(acting.id, c)
        marks.targets[Cell(c)] = "back" if risk.harmless else "back, " + risk_label(risk)


def _push_targets(ctl: MeleeHexController, marks: HexMarks) -> None:
    """T-8, H-14: the hexes the foe may be pushed to, with a stumble's or fall's odds."""
    st = ctl.state
    t = st.figures[st.retreats[0][1]]
    for (c, _follow) in ctl.sorted.retreats:
        risk = ctl.q.push_odds(t.id, c)
        marks.targets[Cell(c)] = "push" if not risk.rolls else "push, " + risk_label(risk)


def _path(ctl: MeleeHexController, marks: HexMarks, sel: HexFigure, cell: int) -> None:
    """The way the selected figure would take into the hovered hex."""
    way = ctl.chosen_way(sel, cell)
    shown = ctl.reach_opts
    if isinstance(way, JumpDown) and shown is not None:
        marks.path = tuple(Cell(c) for c in shown.path(cell, way.via))
    elif isinstance(way, Move) and shown is not None:
        marks.path = tuple(Cell(c) for c in shown.reach.path(cell))


def _fronts(ctl: MeleeHexController, sel: HexFigure | None, own: bool, to_act: str | None,
            hover: Place | None) -> tuple[tuple[int, tuple[int, ...], bool], ...]:
    """T-5: the front arcs of the selected figure and of an enemy under the pointer."""
    st = ctl.state
    board = st.board
    fronts: list[tuple[int, tuple[int, ...], bool]] = []
    side = sel.side if sel is not None else to_act
    if sel is not None and sel.standing:
        fronts.append((sel.cell, tuple(front_cells(board, sel)), not own
                       and to_act is not None))
    under = st.figure_at(hover.index) if isinstance(hover, Cell) else None
    if under is not None and under.standing and (sel is None or under.id != sel.id) \
            and side is not None and under.side != side:
        fronts.append((under.cell, tuple(front_cells(board, under)), True))
    return tuple(fronts)


def _views(ctl: MeleeHexController, marks: HexMarks, sel: HexFigure | None) -> None:
    """The line-of-sight view (V) and the threat view (T)."""
    if ctl.view_sight and sel is not None and sel.alive:
        marks.shade.update(ctl.q.sight_map(sel.id))
    if ctl.view_threat:
        side = sel.side if sel is not None else ctl.m.to_act()
        if side is not None:
            for c in ctl.q.threat_map(side):
                marks.shade[c] = "threat"


def _line_of_fire(ctl: MeleeHexController, marks: HexMarks, shooter: HexFigure | None,
                  hover: Place | None) -> None:
    """H-18: the line of fire from a shooter to a hovered enemy."""
    target = ctl.state.figure_at(hover.index) if isinstance(hover, Cell) else None
    if (shooter is not None and target is not None and target.side != shooter.side
            and ranged_weapon(shooter) is not None):
        marks.sight = sight_mark(ctl.state, ctl.q.shot_check(shooter.id, target.id))


def hex_marks(ctl: MeleeHexController, selected: str | None, hover: Place | None) -> HexMarks:
    """Everything the board marks now for the selected figure and the hovered hex."""
    st = ctl.state
    sel = ctl.figure(selected)
    marks = HexMarks()
    ctl.reach_opts = None
    to_act = ctl.m.to_act()
    own = sel is not None and sel.side == to_act
    _reach(ctl, marks, sel, own, to_act)
    if sel is not None and st.phase == HexPhase.MOVEMENT and own:
        _walls(ctl, marks, sel)
    acting = st.acting()
    if st.phase == HexPhase.ACTION and acting is not None:
        _action_targets(ctl, marks, acting)
    if st.phase == HexPhase.RETREAT and st.retreats:
        _push_targets(ctl, marks)
    if sel is not None and sel.alive:
        marks.selected = Cell(sel.cell)
    if isinstance(hover, Cell) and sel is not None:
        _path(ctl, marks, sel, hover.index)
    marks.fronts = _fronts(ctl, sel, own, to_act, hover)
    _views(ctl, marks, sel)
    _line_of_fire(ctl, marks, acting if acting is not None else sel, hover)
    marks.clings = {f.id: (f.hold_at, f.hold_to) for f in st.figures.values()
                    if f.hold and f.alive}
    return marks
