"""Physics on the continuous table: the only package that imports pymunk.

Pure functions over plain values. Each call sweeps a disc past pymunk shapes for the
values it is given (static segments for walls, static circles for figures' bases),
reads the contacts, quantises the result to hundredths of a unit and returns. The
shapes are kept by their geometry and reused by later calls (a wall that stays put, a
figure that has not moved): each shape is asked on its own, so its answer depends on
its geometry alone, never on what else was built before it. The store is the module's
own: clones, undo, replays and saves never hold a pymunk object. Physics reports
contacts; the rules decide what they mean and roll any dice.

* :func:`shove` (G-6 pushes): a disc driven in a straight line for a distance; it stops
  in base contact with the first wall or disc in its way.
* :func:`first_touch` (a move's slide, K-4, G-1; a push stopping short of a linear
  obstacle, G-2): where a disc slid along a segment first touches one of some walls,
  in closed form (:mod:`game.physics.touch`, no pymunk: its shape cast does not say when
  a disc already touching a wall moves into it).
* :func:`carry` (the shape of the sewer flood's wash, F-4/F-5): a disc carried along a
  polyline (a corridor's bends) for a distance; it passes the discs it touches,
  reporting each (the rules roll to knock them off their feet), and stops in contact
  with the first wall.

Both are kinematic: the moving disc goes where it is driven, so each is one shape cast
per straight leg (pymunk's ``segment_query`` with the disc's radius) rather than an
integration over time steps, and the answer does not depend on a step size. The
flood's next step on top of :func:`carry` is the rules' part: choosing the branch at a
fork with a die, carrying each bumped model in turn (furthest from the origin first),
and the damage by distance (F-6).
"""

from game.physics.sweep import (
    Carry,
    Contact,
    Disc,
    Shove,
    Wall,
    carry,
    engine_stamp,
    shove,
)
from game.physics.touch import Outline, Touch, first_touch

__all__ = ["Carry", "Contact", "Disc", "Outline", "Shove", "Touch", "Wall", "carry",
           "engine_stamp", "first_touch", "shove"]
