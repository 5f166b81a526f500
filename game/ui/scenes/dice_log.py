"""How events read in the dice log: every roll in full (rule, what for, dice, faces,
total, target with each modifier and its reason, result and the chance it had), every
other event as one plain line."""

from __future__ import annotations

from game.core.dice import Contest, Roll
from game.core.events import Event, Kind
from game.ui.widgets import (
    DIM,
    FAINT,
    GREEN,
    ORANGE,
    SKY,
    TEXT,
    VERMILLION,
    YELLOW,
    Colour,
    LogLine,
)


def percent(p: float) -> str:
    """A probability as players read it: 74%, <1%, >99%."""
    if 0 < p < 0.005:
        return "<1%"
    if 0.995 < p < 1:
        return ">99%"
    return f"{p:.0%}"


COMPARED = {"<=": "or less", "<": "or less, strictly", ">=": "or more",
            ">": "or more, strictly"}
"""How a roll's comparison with its target reads."""


def roll_lines(e: Event) -> list[LogLine]:
    """A roll as log lines: what for and the result, then the dice, target and modifiers."""
    r = e.roll
    assert r is not None
    if isinstance(r, Contest):
        return contest_lines(r)
    return _plain_roll_lines(e, r)


def contest_lines(c: Contest) -> list[LogLine]:
    """An opposed roll: what it decided and who won, then each side's dice and score, and
    the chance the first side had."""
    if c.winner is None:
        result, colour = "  TIE", ORANGE
    else:
        who = c.rolls[c.winner].label
        result, colour = f"  {who.upper()} WINS", GREEN if c.winner == 0 else VERMILLION
    lines = [LogLine(((f"[{c.rule}] ", ORANGE, True), (c.label, TEXT, True),
                      (result, colour, True)))]
    score = "margin" if c.mode == "margin" else "score"
    for r, s in zip(c.rolls, c.scores, strict=True):
        faces = " + ".join(str(x) for x in r.faces)
        mods = "".join(f", {m.value:+d} for {m.reason}" + (f" ({m.rule})" if m.rule else "")
                       for m in r.modifiers)
        target = f" vs {r.target}" if r.target is not None else ""
        lines.append(LogLine(((f"{r.label}: {r.expr}: {faces} = {r.total}{target}", TEXT,
                               False), (f"   {score} {s}{mods}", DIM, False)), indent=18))
    lines.append(LogLine(((f"chance was {percent(c.p_first)} for {c.rolls[0].label}"
                           + (f", {percent(c.p_tie)} of a tie" if c.p_tie else ""), SKY,
                           False),), indent=18))
    if c.critical:
        lines.append(LogLine((("critical: the highest roll wins whatever the other", YELLOW,
                               True),), indent=18))
    return lines


def _plain_roll_lines(e: Event, r: Roll) -> list[LogLine]:
    faces = " + ".join(str(x) for x in r.faces)
    head: list[tuple[str, Colour, bool]] = [(f"[{r.rule}] ", ORANGE, True), (r.label, TEXT, True)]
    if r.success is not None:
        head.append(("  HIT" if e.kind == Kind.ATTACKED and r.success else
                     "  MISS" if e.kind == Kind.ATTACKED else
                     "  SUCCESS" if r.success else "  FAILURE",
                     GREEN if r.success else VERMILLION, True))
    lines = [LogLine(tuple(head))]
    dice = f"{r.expr}: {faces} = {r.total}"
    if r.target is not None:
        cmp = COMPARED.get(r.comparison, r.comparison)
        mods = "".join(f", {m.value:+d} for {m.reason}" + (f" ({m.rule})" if m.rule else "")
                       for m in r.modifiers)
        body: list[tuple[str, Colour, bool]] = [
            (dice, TEXT, False), (f"   needed {r.target} {cmp}", TEXT, False),
            (f" (base {r.base}{mods})", DIM, False)]
        if r.probability is not None:
            body.append((f"   chance was {percent(r.probability)}", SKY, False))
        lines.append(LogLine(tuple(body), indent=18))
    else:
        # what the event adds to the bare roll: "(7 - 2 stopped) = 5 hits"
        tail = e.text[len(r.explain()):].strip() if e.text.startswith(r.explain()) else ""
        tail = f"   {tail.lstrip('-; ').strip()}" if tail else ""
        lines.append(LogLine(((dice, TEXT, False), (tail, DIM, False)), indent=18))
    if r.note:
        lines.append(LogLine(((r.note, YELLOW, True),), indent=18))
    return lines


def event_lines(e: Event) -> list[LogLine]:
    """How the dice log shows an event: rolls in full, the rest as one plain line."""
    if e.roll is not None:
        return roll_lines(e)
    if e.kind == Kind.TURN:
        return [LogLine(((f"--- {e.text} ---", SKY, True),))]
    if e.kind == Kind.GAME_OVER:
        return [LogLine(((e.text, YELLOW, True),))]
    colours: dict[str, Colour] = {Kind.DAMAGED: VERMILLION, Kind.DIED: VERMILLION,
                                  Kind.UNCONSCIOUS: VERMILLION, Kind.FELL: ORANGE,
                                  Kind.PRONE: ORANGE}
    colour = colours.get(e.kind, FAINT)
    rule = f"  ({e.rule})" if e.rule else ""
    return [LogLine(((e.text, colour if colour != FAINT else DIM, False), (rule, FAINT, False)))]
