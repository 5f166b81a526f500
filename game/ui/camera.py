"""The board camera: zoom and pan between map pixels and the screen, for every board view."""

from __future__ import annotations


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

    def __init__(self, extent: tuple[float, float, float, float],
                 view_size: tuple[int, int] = (1280, 720), zoom: float = 1.0) -> None:
        self.extent = extent
        self.view = (max(1, view_size[0]), max(1, view_size[1]))
        self.zoom = round(self._clamp_zoom(zoom), 4)
        self.ox = 0
        self.oy = 0
        self.moved = False
        """True once the user panned or zoomed (a resize then keeps the view)."""
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
        """Move the map by ``(dx, dy)`` screen pixels (a drag)."""
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
