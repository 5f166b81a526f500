"""The board camera: zoom and pan between map pixels and the screen, for every board view.

Besides the user's zoom and pan, a camera can follow a set of map points (the pieces of a
moving pack): :meth:`Camera.follow` names them and :meth:`Camera.step` eases the view
towards keeping them all in sight, panning first and zooming out only when they do not
fit. Any view can use it; a pan or a zoom by the user stops following.
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass

XY = tuple[float, float]


@dataclass
class _Follow:
    """What the camera follows: a box of map points, the margin round it on screen, and
    the zoom it keeps while everything fits (the zoom when following began)."""

    box: tuple[float, float, float, float]
    margin: int
    zoom: float


class Camera:
    """Zoom and pan: screen = map * zoom + offset (offsets kept whole pixels).

    ``extent`` is the map's drawn rectangle in map pixels ``(x0, y0, x1, y1)``, including
    what stacks rise above the top row; centring and fitting use it, and panning keeps a
    margin of it on screen.
    """

    MIN_ZOOM = 0.3
    """The farthest the wheel zooms out, unless the whole map needs farther to fit the
    view (a big table in a small window): then the fitting zoom is the floor."""
    FLOOR = 0.05
    """No view zooms out farther than this, however big the map."""
    MAX_ZOOM = 3.0
    STEP = 1.15
    """Zoom factor of one mouse-wheel notch."""
    KEEP = 80
    """Screen pixels of the map that panning always leaves in view."""
    FOLLOW_RATE = 6.0
    """How fast a following camera closes on its goal: the share of the way left it
    covers in a second is ``1 - exp(-FOLLOW_RATE)``."""

    def __init__(self, extent: tuple[float, float, float, float],
                 view_size: tuple[int, int] = (1280, 720), zoom: float = 1.0) -> None:
        self.extent = extent
        self.view = (max(1, view_size[0]), max(1, view_size[1]))
        self.zoom = round(self._clamp_zoom(zoom), 4)
        self.ox = 0
        self.oy = 0
        self.moved = False
        """True once the user panned or zoomed (a resize then keeps the view)."""
        self._follow: _Follow | None = None
        self._fx = 0.0
        self._fy = 0.0
        """The offsets a following camera is at, unrounded (it eases by fractions)."""
        self.centre_on_map()

    # ---------------------------------------------------------------- conversions
    def map_to_screen(self, x: float, y: float) -> tuple[float, float]:
        """Screen position of map pixel ``(x, y)`` (at level 0)."""
        return self.ox + x * self.zoom, self.oy + y * self.zoom

    def screen_to_map(self, sx: float, sy: float) -> tuple[float, float]:
        """Map pixel under screen ``(sx, sy)`` (at level 0)."""
        return (sx - self.ox) / self.zoom, (sy - self.oy) / self.zoom

    # ---------------------------------------------------------------- moves
    def fit_zoom(self, margin: int = 12) -> float:
        """The zoom at which the whole map (its extent) fits the view, ``margin`` pixels
        clear of each side."""
        x0, y0, x1, y1 = self.extent
        vw, vh = max(1, self.view[0] - 2 * margin), max(1, self.view[1] - 2 * margin)
        return min(vw / max(1.0, x1 - x0), vh / max(1.0, y1 - y0))

    def _clamp_zoom(self, z: float) -> float:
        low = max(self.FLOOR, min(self.MIN_ZOOM, self.fit_zoom()))
        return min(self.MAX_ZOOM, max(low, z))

    def zoom_at(self, factor: float, sx: float, sy: float) -> None:
        """Zoom by ``factor`` keeping the map point under screen ``(sx, sy)`` still."""
        new = round(self._clamp_zoom(self.zoom * factor), 4)
        if new == self.zoom:
            return
        mx, my = self.screen_to_map(sx, sy)
        self._follow = None
        self.zoom = new
        self.ox = round(sx - mx * new)
        self.oy = round(sy - my * new)
        self.moved = True
        self._clamp_pan()

    def zoom_step(self, steps: float, sx: float, sy: float) -> None:
        """Zoom by ``steps`` mouse-wheel notches (positive = in) about ``(sx, sy)``."""
        self.zoom_at(self.STEP ** steps, sx, sy)

    def set_zoom(self, zoom: float) -> None:
        """Set the zoom about the centre of the view."""
        self.zoom_at(self._clamp_zoom(zoom) / self.zoom, self.view[0] / 2, self.view[1] / 2)

    def pan(self, dx: float, dy: float) -> None:
        """Move the map by ``(dx, dy)`` screen pixels (a drag); stops following."""
        self._follow = None
        self.ox += round(dx)
        self.oy += round(dy)
        self.moved = True
        self._clamp_pan()

    def centre_on(self, x: float, y: float) -> None:
        """Put map pixel ``(x, y)`` in the middle of the view."""
        self.ox = round(self.view[0] / 2 - x * self.zoom)
        self.oy = round(self.view[1] / 2 - y * self.zoom)
        self._clamp_pan()

    def centre_on_map(self) -> None:
        """Centre the whole map (its extent) in the view."""
        x0, y0, x1, y1 = self.extent
        self.centre_on((x0 + x1) / 2, (y0 + y1) / 2)

    def fit(self, margin: int = 12) -> None:
        """Zoom so the whole map fits the view, and centre it."""
        self.zoom = round(self._clamp_zoom(self.fit_zoom(margin)), 4)
        self.centre_on_map()

    def frame(self, x0: float, y0: float, x1: float, y1: float, margin: int = 60) -> None:
        """Zoom and pan so the map rectangle ``(x0, y0)-(x1, y1)`` fills the view (at
        most the largest zoom), as when a demo shows where its pieces are. The margin
        shrinks in a small view (a tenth of its smaller side at most), so a short board
        strip is not mostly margin."""
        margin = min(margin, min(self.view) // 10)
        vw, vh = self.view[0] - 2 * margin, self.view[1] - 2 * margin
        self.zoom = round(self._clamp_zoom(min(vw / max(1.0, x1 - x0),
                                               vh / max(1.0, y1 - y0))), 4)
        self.centre_on((x0 + x1) / 2, (y0 + y1) / 2)
        self.moved = True

    def resize(self, view_size: tuple[int, int]) -> None:
        """The view changed size: refit if the user has not moved the map, else keep it."""
        self.view = (max(1, view_size[0]), max(1, view_size[1]))
        if self.moved:
            self._clamp_pan()
        else:
            self.fit()

    def _clamp_pan(self) -> None:
        x0, y0, x1, y1 = self.extent
        z, (vw, vh) = self.zoom, self.view
        kx, ky = min(self.KEEP, vw // 2), min(self.KEEP, vh // 2)
        self.ox = int(min(max(self.ox, kx - x1 * z), vw - kx - x0 * z))
        self.oy = int(min(max(self.oy, ky - y1 * z), vh - ky - y0 * z))

    # ---------------------------------------------------------------- following
    @property
    def following(self) -> bool:
        """Whether the camera is following a set of points."""
        return self._follow is not None

    def follow(self, points: Iterable[XY], margin: int = 60) -> None:
        """Keep the map points ``points`` in view from now on (each :meth:`step` eases
        towards it); called again with new points (the pack moved), it follows those at
        the zoom it kept. No points: stop following."""
        pts = list(points)
        if not pts:
            self._follow = None
            return
        box = (min(x for x, _ in pts), min(y for _, y in pts),
               max(x for x, _ in pts), max(y for _, y in pts))
        if self._follow is None:
            self._follow = _Follow(box, margin, self.zoom)
            self._fx, self._fy = float(self.ox), float(self.oy)
        else:
            self._follow.box = box
            self._follow.margin = margin

    def stop_following(self) -> None:
        self._follow = None

    def follow_goal(self) -> tuple[float, float, float] | None:
        """Where a following camera is heading: ``(zoom, ox, oy)``; None if it is not
        following. The zoom is the one it kept, or less if the points do not fit at it;
        the pan is the least that brings them all in view (centred if they do not fit)."""
        f = self._follow
        if f is None:
            return None
        x0, y0, x1, y1 = f.box
        vw, vh = self.view
        m = min(f.margin, min(vw, vh) // 4)
        fit = min((vw - 2 * m) / max(1.0, x1 - x0), (vh - 2 * m) / max(1.0, y1 - y0))
        zoom = round(self._clamp_zoom(min(f.zoom, fit)), 4)
        ox = self._goal_offset(self.ox if self.zoom == zoom else None, x0, x1, zoom, vw, m)
        oy = self._goal_offset(self.oy if self.zoom == zoom else None, y0, y1, zoom, vh, m)
        return zoom, ox, oy

    @staticmethod
    def _goal_offset(now: float | None, a: float, b: float, zoom: float, view: int,
                     m: int) -> float:
        """The offset along one axis that shows map ``a..b`` with ``m`` pixels round it,
        moving least from ``now`` (None: centred)."""
        lo, hi = m - a * zoom, view - m - b * zoom  # the offsets that keep it in view
        if now is None or lo > hi:
            return (view - (a + b) * zoom) / 2
        return min(max(now, lo), hi)

    def step(self, dt: float) -> bool:
        """Ease a following camera ``dt`` seconds towards its goal; whether it moved."""
        goal = self.follow_goal()
        if goal is None:
            return False
        zoom, gx, gy = goal
        if round(self._fx) != self.ox or round(self._fy) != self.oy:
            self._fx, self._fy = float(self.ox), float(self.oy)  # moved meanwhile (a fit)
        k = 1.0 - math.exp(-self.FOLLOW_RATE * max(0.0, dt))
        moved = False
        if zoom != self.zoom:
            # zoom about the middle of the view, then head for the pan at that zoom
            new = zoom if abs(zoom - self.zoom) < 0.002 else round(
                self.zoom + (zoom - self.zoom) * k, 4)
            cx, cy = self.view[0] / 2, self.view[1] / 2
            mx, my = (cx - self._fx) / self.zoom, (cy - self._fy) / self.zoom
            self.zoom = new
            self._fx, self._fy = cx - mx * new, cy - my * new
            moved = True
        for axis, target in (("x", gx), ("y", gy)):
            now = self._fx if axis == "x" else self._fy
            new_at = target if abs(target - now) < 0.5 else now + (target - now) * k
            if new_at != now:
                moved = True
            if axis == "x":
                self._fx = new_at
            else:
                self._fy = new_at
        self.ox, self.oy = round(self._fx), round(self._fy)
        self._clamp_pan()
        if (self.ox, self.oy) != (round(self._fx), round(self._fy)):
            self._fx, self._fy = float(self.ox), float(self.oy)
        return moved
