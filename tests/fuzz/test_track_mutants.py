"""Track maps mutated by edits that know the track conventions (track_mutants.py): each
mutant of the stubs and of the shipped track maps loads, or is refused with one MapError
naming the file; never a traceback. The edits reach the track's own refusals, and a map
that loads still makes a sound board (pieces apart and on the table, at most four mine
clusters each on a piece), whose ``--check-map`` report is made without fail."""

import re
import traceback

import pytest
import shapely
from fuzzing import MAPS, Chooser
from track_mutants import track_edit

from game.boards.tiled import load_map
from game.boards.track import MAX_MINES, Track
from game.boards.track_report import ChaseNumbers, track_report
from game.core.errors import MapError

TRACKS = {"track_stub": MAPS / "test" / "track_stub.tmx",
          "track_upright": MAPS / "test" / "track_upright.tmx",
          "pursuit": MAPS / "pursuit.tmx",
          "riders_and_drones": MAPS / "riders_and_drones.tmx"}
CASES = 80
CHASE = ChaseNumbers(min_length=60, from_arrival=48, apart=12)


def sound(t: Track) -> None:
    """What a loaded track promises."""
    for p in t.pieces:
        x0, y0, x1, y1 = p.shape.bounds
        assert -0.011 <= x0 and x1 <= t.width + 0.011 and -0.011 <= y0 and \
            y1 <= t.height + 0.011, p.label
        assert all(p.shape.intersection(q.shape).area <= 0.011 for q in t.pieces
                   if q.index > p.index), p.label
    assert len(t.mines) <= MAX_MINES
    for m in t.mines:
        assert m.piece is not None or not t.pieces
        if m.piece is not None:
            assert t.pieces[m.piece].shape.distance(shapely.Point(m.at)) <= 1.0


@pytest.mark.parametrize("name", sorted(TRACKS))
def test_track_edits_load_or_give_one_map_error(tmp_path, name):
    source = TRACKS[name].read_bytes()
    reasons = set()
    loaded = 0
    for case in range(CASES):
        c = Chooser(case * 7919 + len(name))
        data = track_edit(source, c)
        if c.chance(1, 3):
            data = track_edit(data, c)
        path = tmp_path / f"{name}.tmx"
        path.write_bytes(data)
        try:
            m = load_map(path, "track")
            sound(m.board)
            track_report(m, CHASE).text()
            loaded += 1
        except MapError as e:
            text = str(e)
            assert text.startswith(f"{name}.tmx: ") and "\n" not in text, text
            reasons.add(re.sub(r"'[^']*'|\([^)]*\)|[-\d.e+]+", "_", text)[:60])
        except Exception:  # noqa: BLE001 - the promise forbids any other
            pytest.fail(f"{name} track edit {case}: {traceback.format_exc()}")
    assert loaded > 0 and len(reasons) >= 5, reasons


def test_track_edits_reach_the_tracks_own_refusals(tmp_path):
    said = []
    for name, src in TRACKS.items():
        for case in range(CASES):
            path = tmp_path / f"{name}.tmx"
            path.write_bytes(track_edit(src.read_bytes(), Chooser(case)))
            try:
                load_map(path, "track")
            except MapError as e:
                said.append(str(e))
    text = "\n".join(said)
    for refusal in ("overlaps", "property 'size' must be 1, 2 or 3", "reaches off the",
                    "a cluster rides on a piece", "is mine cluster 5", "is not one of mine",
                    "squad", "impassable (P-1)", "map property 'arrival'",
                    "the street runs along the table"):
        assert refusal in text, refusal
