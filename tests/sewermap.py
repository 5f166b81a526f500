"""Small sewer maps for tests, written as TMX text (seed 001's Flash Flood boards)."""

from __future__ import annotations

INCH = '<property name="inch" type="float" value="10"/>'
"""The map property of a sewer at 10 pixels an inch."""


def sewer_tmx(corridors: str, features: str | None = "", figures: str = "", *,
              props: str = INCH) -> str:
    """A 20 x 10 inch sewer map at 10 pixels an inch: the ``corridors`` layer, the
    ``features`` layer (left out if None) and the ``figures`` layer if any."""
    layers = f'<objectgroup id="1" name="corridors">{corridors}</objectgroup>'
    if features is not None:
        layers += f'<objectgroup id="2" name="features">{features}</objectgroup>'
    if figures:
        layers += f'<objectgroup id="3" name="figures">{figures}</objectgroup>'
    return f"""<?xml version="1.0" encoding="UTF-8"?>
<map version="1.8" tiledversion="1.8.2" orientation="orthogonal" renderorder="right-down"
  width="20" height="10" tilewidth="10" tileheight="10" infinite="0" nextlayerid="4"
  nextobjectid="40">
 <properties>{props}</properties>
 {layers}
</map>
"""
