"""Sewer maps mutated by edits that know the sewer conventions (sewer_mutants.py): each
mutant of the stub and of the shipped sewer maps loads, or is refused with one MapError
naming the file; never a traceback. The edits reach the sewer's own refusals, and the
maps they make at the sewer's limits load quickly."""


import pytest
from fuzzing import MAPS, Chooser
from map_edits import edit_campaign, refusals_said
from sewer_mutants import sewer_edit

from game.boards.tiled import load_map
from game.core.errors import MapError

SEWERS = {"sewer_stub": MAPS / "test" / "sewer_stub.tmx",
          "charges_in_the_nest": MAPS / "charges_in_the_nest.tmx",
          "storm_drain": MAPS / "storm_drain.tmx"}
CASES = 80


@pytest.mark.parametrize("name", sorted(SEWERS))
def test_sewer_edits_load_or_give_one_map_error(tmp_path, name):
    loaded, reasons = edit_campaign(tmp_path, name, SEWERS[name], sewer_edit, "sewer", CASES)
    assert loaded > 0 and len(reasons) >= 6, reasons


def test_sewer_edits_reach_the_sewers_own_refusals(tmp_path):
    text = refusals_said(tmp_path, SEWERS, sewer_edit, "sewer", CASES)
    for refusal in ("and no fork is there", "overlaps", "property 'width'", "squad",
                    "is not in the corridors", "is not one of origin",
                    "objects; a sewer map may have",  # a crowd, a lattice
                    "runs along",  # a lattice
                    "lies outside",  # a feature moved
                    "points; a shape may have"):  # a zigzag
        assert refusal in text, refusal


def test_sewer_edits_at_the_limits_load_quickly(tmp_path):
    """Crowds, lattices and zigzags (many figures, corridors, forks, points) load or are
    refused within a second of processor time each."""
    import time

    from sewer_mutants import _crowd, _lattice, _zigzag

    slowest = 0.0
    loaded = 0
    for name, src in SEWERS.items():
        for case in range(8):
            for edit in (_crowd, _lattice, _zigzag):
                path = tmp_path / f"{name}.tmx"
                path.write_text(edit(src.read_text(), Chooser(case)))
                start = time.process_time()
                try:
                    load_map(path, "sewer")
                    loaded += 1
                except MapError:
                    pass
                slowest = max(slowest, time.process_time() - start)
    assert slowest < 1.0 and loaded > 10, (slowest, loaded)
