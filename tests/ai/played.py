"""Games played action by action, for tests that compare two players' play."""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from typing import Any

from game.ai.levels import HardPlayer
from game.ai.player import Player
from game.ai.search import rolls
from game.core.match import Match
from game.core.ruleset import Action, Side


def stepped(m: Match[Any], players: dict[str, Player], limit: int
            ) -> Iterator[tuple[str, Any]]:
    """Play ``m`` on with ``players`` until the game ends or ``limit`` actions are
    played: each step yields the side to act and the action it chose, then applies the
    action (so the caller looks at ``m`` as it was when the choice was made)."""
    for _ in range(limit):
        if m.outcome() is not None:
            return
        side = m.to_act()
        assert side is not None
        a = players[side].choose(m)
        yield side, a
        m.apply(a)


def played_actions(m: Match[Any], players: dict[str, Player], limit: int) -> list[Any]:
    """The actions ``players`` choose in ``m``, applied, until the game ends or
    ``limit`` actions are played."""
    return [a for _side, a in stepped(m, players, limit)]


def against_normal(scenario: str, seed: int, limit: int,
                   copy: Callable[[str], Player | None]
                   ) -> tuple[Match[Any], list[Any], Match[Any], list[Any]]:
    """Game ``seed`` of ``scenario`` played twice, at most ``limit`` actions each: by
    the ruleset's normal player (seeded ``seed``) on every side, then with ``copy(side)``
    on each side it gives a player for (the same normal players go on elsewhere). The
    two matches and the actions played in each."""
    from game.ai import computer_player
    from game.rules import open_match

    m1, m2 = open_match(scenario, seed), open_match(scenario, seed)
    normal = {s: computer_player(m1.scenario.ruleset, seed) for s in m1.sides}
    mine = {s: copy(s) for s in m2.sides}
    other = {s: normal[s] if p is None else p for s, p in mine.items()}
    return m1, played_actions(m1, normal, limit), m2, played_actions(m2, other, limit)


def tuned_wins(scenario: str, side: str, seeds: range, tuned: bool) -> int:
    """How many of the games ``seeds`` of ``scenario`` ``side`` wins, played by the hard
    level's tuned copy (``tuned``) or the normal player, against normal (game i seeded i
    for the match and every player, as the balance lab does)."""
    from game.ai import computer_player
    from game.ai.hard_players import hard_inner
    from game.core.scenario import find_scenario
    from game.headless import play_game
    from game.rules import new_match

    sc = find_scenario(scenario)
    won = 0
    for i in seeds:
        m = new_match(sc, i)
        players = {s: computer_player(sc.ruleset, i) for s in m.sides}
        if tuned:
            players[side] = hard_inner(sc.ruleset, scenario, side, i)
        won += play_game(m, players).winner == side
    return won


class QuietSearches(HardPlayer):
    """A hard player that notes each decision it searched although its normal choice
    rolls nothing (a shot or a charge passed up, a hero's other moves): the match as it
    was and the candidates, and how often it played another than the normal choice."""

    def __init__(self, ruleset: str, seed: int, nodes: int) -> None:
        super().__init__(ruleset, seed, nodes=nodes)
        self.quiet: list[tuple[Match[Any], list[Action]]] = []
        self.left_quiet = 0
        """Of those decisions, the ones where it played another than the normal choice."""

    def search(self, match: Match[Any], side: Side, order: Sequence[Action]) -> Action:
        n = len(self.quiet)
        chosen = super().search(match, side, order)
        if len(self.quiet) > n and chosen != order[0]:
            self.left_quiet += 1
        return chosen

    def _searched(self, match: Match[Any], side: Side, order: Sequence[Action]
                  ) -> list[Action]:
        cands = super()._searched(match, side, order)
        if len(cands) > 1 and not rolls(match, side, order[:1], self._sim_seed(0),
                                        self._sim_seed(1)):
            self.quiet.append((match.clone(), cands))
        return cands
