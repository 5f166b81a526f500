"""The top bar once a game is over says so, not the phase it ended in (a zone game won
during a reaction went on reading "Reaction (Z-13) ... may react"; issue 18)."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

from game.ai import computer_player  # noqa: E402
from game.rules import open_match  # noqa: E402
from game.ui.scenes.match import MatchScene  # noqa: E402


def test_the_top_bar_of_a_finished_game_says_it_is_over(app):
    m = open_match("farmhouse", 4)
    players = {s: computer_player(m.ruleset.key, 4) for s in m.sides}
    while m.outcome() is None:
        m.apply(players[m.to_act()].choose(m))
    out = m.outcome()
    assert out is not None
    app.start_match(m, {s: "human" for s in m.sides})
    app.modals.clear()  # the end of game box: the bar under it is what is read after
    app.step(0.0)
    scene = app.scene
    assert isinstance(scene, MatchScene)
    assert scene.phase_line() == f"The game is over: {out.reason}"
    said = scene.topbar._said
    assert said is not None and said[2] == "Game over" and said[3] == "" and said[5] is None
