"""Tabletop Hero (seed 003) with the terrain traits of seed 004 on a continuous table."""
