"""The flash flood controller driven as a player would, headless: select a model and its
unit, click to move (the reach and the ruler), shoot with the chance of each number of
casualties in the tip, end the unit and the phase, the flood's chance shown before it is
rolled (F-2), a flood played on the board once and skipped, the dice log with rule ids."""

import math
import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402

pytest.importorskip("game.rules.squads.flood.ruleset",
                    reason="the flood ruleset (branch r-fturn) is not merged here yet")

from window_input import click, key, start_hotseat  # noqa: E402

from game.core.match import Match  # noqa: E402
from game.core.places import LoadedMap, Placement, Point  # noqa: E402
from game.rules import get_ruleset, open_match  # noqa: E402
from game.rules.squads.flood.actions import Done, EndPhase, Move, Shoot  # noqa: E402
from game.rules.squads.flood.phases import FloodPhase  # noqa: E402
from game.ui.boards.sewer import SewerBoardView, SewerMarks  # noqa: E402
from game.ui.controllers import controller_for  # noqa: E402
from game.ui.controllers.flood import FloodController, odds_text  # noqa: E402
from game.ui.scenes.dice_log import percent  # noqa: E402


def start(app, name="charges_in_the_nest", seed=1):
    return start_hotseat(app, name, seed, FloodController, SewerBoardView)


def facing(seed=1):
    """Storm drain with Alpha squad 10 inches from the swarm along the west drain (in
    sight and rifle range), the rest of the map's figures as the map has them."""
    m = open_match("storm_drain", seed)
    loaded = m.map
    figs = []
    for k, (side, unit, x) in enumerate(
            [("troopers", "sergeant", 12.0), *[("troopers", "trooper", 12.0 - 1.2 * j)
                                               for j in range(1, 5)],
             *[("swarm", "swarm", 22.0 + 1.2 * j) for j in range(5)]]):
        squad = "alpha" if side == "troopers" else "swarm"
        props = {"squad": squad, "leader": k == 0}
        figs.append(Placement(f"{unit} {k}", side, unit, Point.of(x, 18.0),
                              label=f"figure {k}", properties=props))
    board = LoadedMap(path=loaded.path, kind=loaded.kind, board=loaded.board,
                      placements=tuple(figs), properties=dict(loaded.properties))
    return Match(m.scenario, get_ruleset("flood"), board, seed)


def test_the_flood_ruleset_has_its_controller_and_the_sewer_its_view(app):
    m = open_match("charges_in_the_nest", 1)
    assert isinstance(controller_for(m), FloodController)
    scene, _m = start(app)
    assert scene.view.board is m.board or scene.view.board.name == m.board.name


def test_s7_a_click_on_a_point_moves_the_selected_model(app):
    scene, m = start(app)
    q = scene.control.q
    mid = q.acting()[-1]
    scene.select(mid)
    app.step(0.0)
    mk = scene.view.marks
    assert isinstance(mk, SewerMarks)
    assert mk.selected_piece == mid and mid in mk.unit and len(mk.unit) > 1
    assert mk.reach_cells  # its reach on the path grid
    far = max(q.moves(mid), key=lambda o: o.cost)
    scene.input.set_hover(far.place)
    ruler = scene.view.marks.ruler
    assert ruler is not None and ruler.ok and "inches" in ruler.lines[0]
    done = len(m.actions)
    click(app, scene.place_pos(far.place))
    assert len(m.actions) == done + 1
    a = m.actions[-1]
    assert isinstance(a, Move) and a.model == mid
    x, y = m.state.model(mid).x, m.state.model(mid).y
    fx, fy = far.place.units
    assert abs(x - fx) < 0.1 and abs(y - fy) < 0.1


def test_s7_a_move_that_may_not_be_made_says_why_and_changes_nothing(app):
    scene, m = start(app)
    q = scene.control.q
    mid = q.acting()[-1]
    scene.select(mid)
    other = next(x for x in m.state.units[q.unit_of(mid)].survivors if x.id != mid)
    done = len(m.actions)
    ruler = scene.control.ruler(m.state.model(mid), other.place)
    assert not ruler.ok and ruler.lines[0]
    reply = scene.control.click(mid, Point.of(other.x + 0.05, other.y), None, 1)
    assert isinstance(reply, Move)
    assert m.why_illegal(reply) is not None
    assert len(m.actions) == done


def test_f2_the_floods_chance_is_shown_before_it_is_rolled(app):
    scene, m = start(app)
    q = scene.control.q
    note = scene.control.top_note()
    assert percent(float(q.next_flood_chance())) in note and "F-2" in note
    assert "turn 2" in note


def test_the_unit_done_key_and_the_end_of_the_phase(app):
    scene, m = start(app)
    q = scene.control.q
    mid = q.acting()[0]
    uid = q.unit_of(mid)
    scene.select(mid)
    names = [b.name for b in scene.context_buttons]
    assert "done" in names and "end_phase" in names
    key(app, pygame.K_d)
    assert m.actions[-1] == Done(uid)
    assert scene.control.q.done(uid)
    key(app, pygame.K_RETURN)
    assert isinstance(m.actions[-1], EndPhase)
    assert m.state.phase == FloodPhase.SHOOTING


def test_s2_shooting_an_enemy_unit_with_the_odds_of_each_number_of_casualties():
    m = facing()
    c = FloodController(m)
    c.refresh(True)
    while m.state.phase != FloodPhase.SHOOTING:
        m.apply(EndPhase(m.to_act()))
        c.refresh(True)
    st = m.state
    sarge = next(x for x in st.units["alpha"].models if x.id == st.units["alpha"].leader)
    target = st.units["swarm"].survivors[0]
    assert "swarm" in c.q.shoot_targets("alpha")
    lines = c.tip(sarge.id, target.id)
    texts = [ln.text for ln in lines]
    odds = c.q.shot_odds("alpha", "swarm")
    assert any(t.startswith("casualties: ") and odds_text(odds.casualties) in t for t in texts)
    assert "can shoot now" in texts
    mk = c.marks(sarge.id, None)
    assert set(mk.pieces) >= {x.id for x in st.units["swarm"].survivors}
    assert any("casualties" in label for label in mk.pieces.values())
    buttons = c.buttons(sarge.id)
    shoot = next(b for b in buttons if b.name == "shoot")
    assert shoot.action == Shoot("alpha", "swarm") and "S-2" in shoot.tip
    reply = c.click(sarge.id, target.place, target.id, 1)
    assert reply == Shoot("alpha", "swarm")
    events = m.apply(reply)
    assert any(e.rule.startswith("S-") and e.roll is not None for e in events)


def test_f4_a_forks_note_names_the_branch_its_roll_picked():
    from game.core.dice import Roll
    from game.ui.controllers.flood import _branch

    def roll(total, label):
        return Roll(rule="F-4", label=label, expr="1d6", faces=(total,), total=total)

    split = "Pip at a fork (1-3 Main, east; 4-6 Cross, south)"
    assert _branch(roll(2, split)) == "2, Main, east"
    assert _branch(roll(5, split)) == "5, Cross, south"
    assert _branch(roll(6, "Pip at a fork (1 Main; 2-5 Cross; 6 roll again)")) == \
        "6, roll again"
    assert _branch(roll(3, "Pip at a fork")) == "3"


def test_odds_text_gathers_the_tail():
    from fractions import Fraction as F

    dist = {0: F(1, 4), 1: F(1, 4), 2: F(1, 4), 3: F(1, 8), 4: F(1, 16), 5: F(1, 16)}
    assert odds_text(dist) == "0: 25%, 1: 25%, 2: 25%, 3: 12%, 4+: 12%"
    assert odds_text({0: F(1)}) == "0: 100%"


def flooded_game(app, name="charges_in_the_nest"):
    """A game of ``name`` played (every phase ended) until the flood comes, the first
    seed it comes with."""
    for seed in range(1, 80):
        m = open_match(name, seed)
        app.start_match(m, {s: "human" for s in m.scenario.sides})
        scene = app.scene
        while m.state.flood_turn is None and m.outcome() is None and m.turn <= 5:
            scene.act(EndPhase(m.to_act()))
        if m.state.flood_turn is not None and m.state.washes:
            return scene, m
    raise AssertionError("no flood with a wash in 80 seeds")


def test_f4_a_flood_is_played_on_the_board_once_and_space_skips_it(app):
    scene, m = flooded_game(app)
    view = scene.view
    assert view.busy and view.play is not None
    show = view.play.show
    washes = m.state.washes
    assert [s.model for s in show.steps] == [w.model for w in washes]
    for step, w in zip(show.steps, washes, strict=True):
        assert step.path == tuple(p.units for p in w.path)
        assert step.end.startswith(f"{w.carried / 100:.1f} in, ") or (
            not step.end and not w.stopped_by)  # said only when stopped, or a casualty
        assert step.bump.endswith("(F-5)") == bool(w.bumped_by)
        for at, text in step.notes:  # a fork's roll, said at a fork this wash passed
            assert "(F-4)" in text  # (or stopped short of, behind a model)
            assert any(abs(at[0] - x) < 0.05 and abs(at[1] - y) < 0.05 for x, y in step.path) \
                or math.dist(at, step.path[-1]) < 1.5
    assert show.flooded == m.state.flooded and show.flooded
    assert "skip_flood" in [b.name for b in scene.context_buttons] or \
        not scene.human_turn()
    key(app, pygame.K_k)  # K skips the showing (so does Space while it plays)
    assert not view.busy and view.play is None
    app.step(0.016)
    assert view.play is None  # not played again by the next marks
    scene.show_marks()
    assert view.play is None
    assert view.marks.flooded == m.state.flooded
    assert any("[F-2]" in t for t in scene.log.texts())  # the dice log names the rule


def test_f4_space_skips_the_flood_showing_and_then_speeds_the_computer_as_before(app):
    scene, m = flooded_game(app)
    view = scene.view
    assert view.busy and view.play is not None
    fast = scene.pacing.fast
    key(app, pygame.K_SPACE)  # while the board shows the wash, Space ends the showing
    assert not view.busy and view.play is None and scene.pacing.fast == fast
    assert view.marks.flooded == m.state.flooded  # the water as the state has it
    key(app, pygame.K_SPACE)  # nothing showing: Space is the computer's speed again
    assert scene.pacing.fast != fast


def test_a_game_opened_after_the_flood_does_not_play_it_again(app):
    scene, m = flooded_game(app)
    c = FloodController(m)
    c.refresh(True)
    assert c.marks(None, None).wash is None
    assert c.marks(None, None).flooded == m.state.flooded


def test_s7_the_selected_units_coherency_links_are_drawn(app):
    m = open_match("charges_in_the_nest", 1)
    c = FloodController(m)
    c.refresh(True)
    q = m.ruleset.queries(m.state)
    mk = c.marks("alpha-1", None)
    assert mk.links == tuple(q.coherency_links("alpha")) and mk.links
    assert all(a in mk.unit and b in mk.unit for a, b in mk.links)
    assert c.marks("brood_a-1", None).links == tuple(q.coherency_links("brood_a"))
    assert c.marks(None, None).links == ()
    view = SewerBoardView(m.board)
    view.resize((800, 600))
    view.show(mk)
    view.draw(pygame.Surface((800, 600)))
