"""The open table's piece labels stay on the table and off each other."""

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402

from game.rules import open_match  # noqa: E402
from game.ui.boards.table import TableBoardView  # noqa: E402


@pytest.mark.parametrize("scenario", ["backyard", "ruined_village"])
@pytest.mark.parametrize("size", [(920, 460), (540, 290)])
def test_piece_labels_stay_on_the_table_and_apart(scenario, size):
    pygame.display.init()
    pygame.font.init()
    m = open_match(scenario, 1)
    view = TableBoardView(m.board, size, sides=m.sides)
    view.draw(pygame.Surface(size), m.pieces())
    labels = view.map_labels
    assert len(labels) >= len([p for p in m.board.pieces
                               if p.kind not in ("ladder", "stairs", "door")]) // 2
    for k, (name, rc) in enumerate(labels):
        assert view.map_table.contains(rc), (name, rc, view.map_table)
        for name2, rc2 in labels[k + 1:]:
            assert not rc.colliderect(rc2), (name, name2)


def test_a_ring_label_shows_where_the_ring_is_on_screen():
    from game.ui.boards.table import ring_label_rect

    view = pygame.Rect(0, 0, 900, 450)
    top = ring_label_rect(400, 300, 100, (80, 20), view)
    assert top is not None and top.bottom == 200  # over the ring's top
    low = ring_label_rect(400, 60, 150, (80, 20), view)  # its top off the view
    assert low is not None and view.contains(low) and low.top == 210  # under its foot
    assert ring_label_rect(400, 200, 2000, (80, 20), view) is None
