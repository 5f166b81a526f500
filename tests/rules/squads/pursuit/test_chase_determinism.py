"""P-6..P-11 through physics: the same seed gives the same chase, byte for byte, here, in
a second process and after a save and load; a model's base never ends inside an
impassable piece (a property over many random games)."""

from __future__ import annotations

import hashlib
import subprocess
import sys
from pathlib import Path

import shapely

from game.ai import RandomPlayer
from game.core.ruleset import canonical_json
from game.rules import load_match, open_match

ROOT = Path(__file__).resolve().parents[4]


def played(seed: int, scenario: str = "pursuit", actions: int = 400):
    m = open_match(scenario, seed)
    p = RandomPlayer(seed + 11)
    for _ in range(actions):
        if m.outcome() is not None:
            break
        m.apply(p.choose(m))
    return m


def fingerprint(seed: int) -> str:
    m = played(seed)
    return hashlib.sha256(canonical_json({"state": m.state.to_json(),
                                          "log": [e.to_json() for e in m.log]}).encode()
                          ).hexdigest()


def test_p6_p11_the_same_seed_gives_the_same_chase_byte_for_byte():
    assert fingerprint(4) == fingerprint(4)
    assert fingerprint(4) != fingerprint(5)


def test_p6_p11_the_same_chase_in_a_second_process():
    script = ("import sys; sys.path[:0] = ['tests/rules/squads/pursuit', '.']\n"
              "from test_chase_determinism import fingerprint\n"
              "print(fingerprint(6))")
    out = subprocess.run([sys.executable, "-c", script], cwd=ROOT, capture_output=True,
                         text=True, timeout=300, check=True)
    assert out.stdout.strip() == fingerprint(6)


def test_p6_p11_the_same_chase_after_a_save_and_load(tmp_path):
    for name in ("pursuit", "riders_and_drones"):
        m = played(8, name, 150)
        m.save(tmp_path / f"{name}.json")
        again = load_match(tmp_path / f"{name}.json")
        assert again.state_hash() == m.state_hash()
        p = RandomPlayer(99)
        q = RandomPlayer(99)
        for _ in range(60):
            if m.outcome() is not None:
                break
            a = p.choose(m)
            assert q.choose(again) == a
            m.apply(a)
            again.apply(a)
        assert again.state_hash() == m.state_hash()


def test_p11_no_base_ends_inside_an_impassable_piece():
    from game.rules.squads.pursuit.geometry import impassable

    checked = 0
    for seed in range(12):
        m = open_match("riders_and_drones" if seed % 2 else "pursuit", seed)
        p = RandomPlayer(seed)
        while m.outcome() is None and len(m.actions) < 600:
            m.apply(p.choose(m))
            st = m.state
            for mo in st.standing():
                c = shapely.Point(mo.x, mo.y)
                for piece in st.table_pieces():
                    if impassable(st, piece.index, mo):
                        gap = st.piece_shape(piece.index).distance(c)
                        assert gap >= mo.radius - 0.05, (seed, len(m.actions), mo.id,
                                                          piece.index)
                        checked += 1
    assert checked > 1000
