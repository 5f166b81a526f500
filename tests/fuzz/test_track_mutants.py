"""Track maps mutated by edits that know the track conventions (track_mutants.py): each
mutant of the stubs and of the shipped track maps loads, or is refused with one MapError
naming the file; never a traceback. The edits reach the track's own refusals, and a map
that loads still makes a sound board (pieces apart and on the table, at most four mine
clusters each on a piece), whose ``--check-map`` report is made without fail."""


import pytest
import shapely
from fuzzing import MAPS
from map_edits import edit_campaign, refusals_said
from track_mutants import track_edit

from game.boards.track import MAX_MINES, Track
from game.boards.track_report import ChaseNumbers, track_report

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


def _sound_and_reported(m) -> None:
    sound(m.board)
    track_report(m, CHASE).text()


@pytest.mark.parametrize("name", sorted(TRACKS))
def test_track_edits_load_or_give_one_map_error(tmp_path, name):
    loaded, reasons = edit_campaign(tmp_path, name, TRACKS[name], track_edit, "track", CASES,
                                    _sound_and_reported)
    assert loaded > 0 and len(reasons) >= 5, reasons


def test_track_edits_reach_the_tracks_own_refusals(tmp_path):
    text = refusals_said(tmp_path, TRACKS, track_edit, "track", CASES)
    for refusal in ("overlaps", "property 'size' must be 1, 2 or 3", "reaches off the",
                    "a cluster rides on a piece", "is mine cluster 5", "is not one of mine",
                    "squad", "impassable (P-1)", "map property 'arrival'",
                    "the street runs along the table"):
        assert refusal in text, refusal
