"""Issue 18 friction 9 on the open table: a drag goes round a friend in the way, the
first refusal is the real one, and a right-click shows its odds before it acts (K-4,
K-7, K-11)."""

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from herotable import M, P, play, state, table  # noqa: E402

from game.rules.hero.actions import Heal, Move, Throw  # noqa: E402
from game.ui.controllers.hero import HeroController  # noqa: E402


class Host:
    """What the controller asks of a scene: here, play the action on the match."""

    def __init__(self, m):
        self.m = m
        self.app = None

    def select(self, pid):
        pass

    def hovered_piece(self):
        return None

    def act(self, action, animate=True):
        assert self.m.why_illegal(action) is None, self.m.why_illegal(action)
        self.m.apply(action)
        return True


def _line():
    st = state(table(30, 20), M("Ada", "a", (5, 10), hero=True),
               M("Sarge", "a", (8, 10)), M("Foe", "b", (28, 2), hero=True))
    m = play(st)
    c = HeroController(m)
    c.host = Host(m)
    c.refresh(True)
    return st, m, c


def test_k4_a_drag_goes_round_a_friend_in_the_way():
    st, m, c = _line()
    to = P(11, 10)
    assert "Sarge is in the way" in m.why_illegal(Move("ada", to))
    assert c.drag_start("ada", st.minis["ada"].at, "ada")
    c.drag_to(P(8, 8.5))  # the player's drag bends above Sarge
    c.drag_to(to)
    r = c.ruler(st.minis["ada"], to)
    assert r.ok and len(r.path) >= 3 and any("bends round Sarge" in ln for ln in r.lines)
    last = c.drag_end(to)
    assert isinstance(last, Move) and last.to == to and m.why_illegal(last) is None
    m.apply(last)
    assert st.minis["ada"].at == to and len(m.actions) == 2  # two moves, K-4 split
    assert st.minis["ada"].moved < 800  # a short way round, not a detour


def test_k4_no_movement_left_is_the_reason_given_not_a_mini_in_the_way():
    st, m, c = _line()
    st.minis["ada"].moved = 1600
    assert "has no movement left" in m.why_illegal(Move("ada", P(11, 10)))
    assert "has no movement left" in c.ruler(st.minis["ada"], P(11, 10)).lines[0]
    st.minis["ada"].moved = 1400  # 2 left: Sarge is 3 away, so that is the reason
    assert "not enough to get there" in m.why_illegal(Move("ada", P(11, 10)))


def test_k11_right_click_on_ones_own_wounded_medic_offers_the_medkit_then_heals():
    st = state(table(30, 20), M("Doc", "a", (5, 10), hero=True, medkits=1, hp=2),
               M("Foe", "b", (28, 2), hero=True))
    m = play(st)
    c = HeroController(m)
    c.refresh(True)
    doc = st.minis["doc"]
    first = c.click(None, doc.at, "doc", 3)
    assert isinstance(first, str) and "medkit on itself" in first and "67%" in first
    assert c.click(None, doc.at, "doc", 3) == Heal("doc", "doc")


def test_k7_right_click_on_an_enemy_shows_the_throw_odds_before_it_throws():
    st = state(table(30, 20), M("Ada", "a", (5, 10), hero=True,
                                weapons=("medium", "explosive")),
               M("Foe", "b", (10, 10), hero=True))
    m = play(st)
    c = HeroController(m)
    c.refresh(True)
    foe = st.minis["foe"]
    first = c.click("ada", foe.at, "foe", 3)
    assert isinstance(first, str) and first.startswith("Throw at Foe: on target")
    assert "Right-click again" in first
    assert c.click("ada", foe.at, "foe", 3) == Throw("ada", "foe")
    # any other click in between disarms it
    c.click("ada", foe.at, "foe", 3)
    c.click("ada", P(2, 2), None, 1)
    assert isinstance(c.click("ada", foe.at, "foe", 3), str)
