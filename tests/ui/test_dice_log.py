"""The dice log explains every roll, opposed rolls included."""

from game.core.dice import Contestant, Dice, Modifier
from game.core.events import Event
from game.ui.scenes.dice_log import event_lines


def text(lines):
    return " | ".join("".join(part for part, _c, _b in ln.parts) for ln in lines)


def test_an_opposed_roll_shows_both_sides_the_winner_and_the_chance():
    c = Dice.scripted([5, 4, 3, 4]).contest(
        Contestant("Pip", 2), Contestant("Snik", 2, modifiers=(Modifier(2, "covered", "K-8"),)),
        rule="K-5", label="Pip shoots Snik", mode="higher", ties="second")
    t = text(event_lines(Event("attacked", c.explain(), "K-5", roll=c)))
    assert "[K-5] Pip shoots Snik" in t and "SNIK WINS" in t
    assert "Pip: 2d6: 5 + 4 = 9" in t and "+2 for covered (K-8)" in t
    assert "chance was" in t and "for Pip" in t


def test_strict_comparisons_read_as_strict():
    r = Dice.scripted([4]).check(1, 4, rule="G-5", label="test", comparison="<")
    t = text(event_lines(Event("rolled", r.explain(), "G-5", roll=r)))
    assert "or less, strictly" in t
