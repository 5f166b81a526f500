from textmap import match

from game.core.dice import Dice


def test_random_game_runs():
    m = match("""
0 0 1 2 0 0
0 0 1 3 1 0
0 0 0 1 0 0
0 0 0 0 0 0
""", [("Pip", "a", "hobbit", 0, 0, 0), ("Bob", "a", "human", 0, 2, 0),
      ("Orc", "b", "orc", 5, 1, 3), ("Elf", "b", "elf", 5, 3, 3)], seed=3, turn_limit=30)
    pick = Dice(7)
    n = 0
    while m.outcome() is None and n < 3000:
        acts = m.legal_actions()
        a = acts[pick.faces(1, len(acts))[0] - 1]
        m.apply(a)
        n += 1
    print(n, m.outcome(), m.turn)
    assert m.outcome() is not None
