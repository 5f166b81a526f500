"""K-8: the sight's fan of rays meets the table's pieces exactly where Table.spans says."""

import math

import numpy as np
import pytest

from game.rules import open_match
from game.rules.hero.fan import fan_pieces, fan_spans


@pytest.mark.parametrize("scenario", ["backyard", "ruined_village"])
def test_k8_the_fan_of_columns_meets_the_pieces_as_table_spans_says(scenario):
    table = open_match(scenario, 1).state.terrain.table
    fp = fan_pieces(table)
    rng = np.random.default_rng(7)
    for i in range(300):
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
        want = table.spans(eye, ends)
        got = fan_spans(table, fp, eye, ends)
        first = np.full_like(want.first, np.nan)
        last = first.copy()
        eye_in = np.zeros_like(want.eye_in)
        end_in = np.zeros_like(want.end_in)
        first[:, got.pcs], last[:, got.pcs] = got.first, got.last
        eye_in[got.pcs], end_in[:, got.pcs] = got.eye_in, got.end_in
        assert np.array_equal(first, want.first, equal_nan=True)
        assert np.array_equal(last, want.last, equal_nan=True)
        assert np.array_equal(eye_in, want.eye_in)
        assert np.array_equal(end_in, want.end_in)
        assert np.array_equal(got.length, want.length)
