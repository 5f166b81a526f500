"""K-8: the sight's fan of rays meets the table's pieces (Table.spans_near) exactly where
each ray, crossed alone against every outline (Table.crossings, pieces_at), says."""

import math

import numpy as np
import pytest

from game.rules import open_match


def _one_by_one(table, eye, ends):
    """Table.spans worked out ray by ray with the scalar crossings and point tests."""
    n, pc = len(ends), len(table.pieces)
    first = np.full((n, pc), np.nan)
    last = np.full((n, pc), np.nan)
    eye_in = np.zeros(pc, dtype=bool)
    eye_in[list(table.pieces_at(*eye))] = True
    end_in = np.zeros((n, pc), dtype=bool)
    for k, (x, y) in enumerate(ends.tolist()):
        end_in[k, list(table.pieces_at(x, y))] = True
        for c in table.crossings(eye, (x, y)):
            p = c.piece
            first[k, p] = c.t if np.isnan(first[k, p]) else min(first[k, p], c.t)
            last[k, p] = c.t if np.isnan(last[k, p]) else max(last[k, p], c.t)
    first = np.where(eye_in[None, :], 0.0, first)
    last = np.where(end_in, 1.0, last)
    first = np.where(np.isnan(first) & end_in, 0.0, first)
    last = np.where(np.isnan(last) & eye_in[None, :], 1.0, last)
    return first, last, eye_in, end_in


@pytest.mark.parametrize("scenario", ["backyard", "ruined_village"])
def test_k8_the_fan_of_columns_meets_the_pieces_as_table_spans_says(scenario):
    table = open_match(scenario, 1).state.terrain.table
    rng = np.random.default_rng(7)
    for i in range(150):
        if i % 3 == 0:  # an eye on a piece's corner: the edges' tolerances
            p = table.pieces[i % len(table.pieces)].points[0]
            eye = (float(p[0]), float(p[1]))
        else:
            eye = (float(rng.uniform(0, table.width)), float(rng.uniform(0, table.height)))
        tx, ty = float(rng.uniform(0, table.width)), float(rng.uniform(0, table.height))
        length = math.hypot(tx - eye[0], ty - eye[1]) or 1e-9
        nx, ny = -(ty - eye[1]) / length, (tx - eye[0]) / length
        off = ((np.arange(48) + 0.5) / 48 * 2 - 1) * 0.5
        ends = np.stack([tx + nx * off, ty + ny * off], axis=1)
        first, last, eye_in, end_in = _one_by_one(table, eye, ends)
        got = table.spans_near(eye, ends)
        everywhere = table.spans(eye, ends)
        # the pieces left out meet no ray and hold neither the eye nor an end
        out = np.setdiff1d(np.arange(len(table.pieces)), got.pcs)
        assert np.isnan(first[:, out]).all() and not end_in[:, out].any()
        assert not eye_in[out].any()
        for f, l_, e, en in ((got.first, got.last, got.eye_in, got.end_in),
                             (everywhere.first[:, got.pcs], everywhere.last[:, got.pcs],
                              everywhere.eye_in[got.pcs], everywhere.end_in[:, got.pcs])):
            assert np.array_equal(f, first[:, got.pcs], equal_nan=True)
            assert np.array_equal(l_, last[:, got.pcs], equal_nan=True)
            assert np.array_equal(e, eye_in[got.pcs])
            assert np.array_equal(en, end_in[:, got.pcs])
        assert np.isnan(everywhere.first[:, out]).all()
        assert np.array_equal(got.length, np.hypot(ends[:, 0] - eye[0], ends[:, 1] - eye[1]))
    # no rays meet nothing
    got = table.spans_near((3.0, 3.0), np.zeros((0, 2)))
    assert got.first.shape == (0, 0) and len(got.pcs) == 0
    assert table.spans((3.0, 3.0), np.zeros((0, 2))).first.shape == (0, len(table.pieces))
