"""The street chase controller (seed 001's Pursuit): the only UI code that knows the pursuit
ruleset's actions.

It decides no rule. It asks the Match whether an action is legal and the ruleset's
queries (:mod:`game.rules.squads.pursuit.queries`) everything else: the phase's order and
whose turn it is (P-6, P-8, P-13), the deployment's spots and why not (P-3), the exact
odds of keeping pace and of each slowing (P-7), the steering ruler's answer (P-8..P-12),
the shots with their odds and the front arc (P-13), the recycling spots (P-6); it turns
clicks and keys into actions and fills the track view's
:class:`~game.ui.boards.track.TrackMarks`.

* before the game: the wargear's two buttons (P-2); deployment as on the open table: the
  zone beyond 48 inches shaded, the legal spots dotted, a ring round each scout the
  hunters keep out of, the base under the pointer green or red with why (P-3);
* the pursuit phase: the object whose turn it is ringed, the order numbered; the model
  keeps pace or slows by 1d6, 2d6 or 3d6 (buttons and keys 0-3), each with the chance of
  each outcome and of leaving the table; a model with no choice says why (P-7);
* recycling (:mod:`.pursuit_recycle`): the piece to place follows the pointer along the
  Arrival edge, green where it may go, red with why; a click places it; then a cluster
  may come in on a recycled piece (P-6);
* the movement phase: the steering ruler. It goes the way the model faces, and bends 45
  degrees only where a turn is allowed (after 2 inches, 4 accelerating; diamonds mark
  where); the pointer pulls it (a click fixes the leg, a click at its end moves), keys
  W/X lengthen and shorten it by an inch, Q/E turn, Backspace drops a leg, A
  accelerates, G moves, H holds (S, P and M are the window's own: skip, pause, sound);
  the ruler says where it stops and why, its tests and
  their odds (P-8..P-12); a stopped model tests to move again (R, P-10);
* the shooting phase: the front arc drawn, the targets ringed with the chance to hit, the
  tip with the chance of each number of casualties; a click fires, W picks the weapon, H
  holds fire (P-13); a shot at a cluster sets it off (P-12);
* after a crash the model is turned to face the pointer with a click (P-11).
"""

from __future__ import annotations

import math
from fractions import Fraction
from typing import Any

import pygame

from game.core.match import Match
from game.core.places import HUNDREDTHS, Place, Point
from game.core.ruleset import Action, PieceView
from game.rules.squads.pursuit.actions import (
    Deploy,
    Face,
    Hold,
    Leg,
    Move,
    Pace,
    Restart,
    Shoot,
    Wargear,
)
from game.rules.squads.pursuit.phases import ChasePhase
from game.rules.squads.pursuit.queries import (
    ChaseQueries,
    ChaseState,
    Model,
    ShotOption,
    Steer,
    chase_data,
)
from game.ui.boards.table_marks import Ring, Ruler
from game.ui.boards.track import TrackMarks
from game.ui.controllers import ButtonSpec, Controller, Reply, Select, TipLine
from game.ui.controllers.pursuit_recycle import Recycler
from game.ui.controllers.pursuit_words import (
    direction,
    expected,
    extend,
    odds_text,
    pace_label,
    pace_tip,
    shot_label,
    steer_room,
    turn_step,
)
from game.ui.scenes.dice_log import percent
from game.ui.widgets import DIM, GREEN, ORANGE, SKY, TEXT, VERMILLION, YELLOW, Colour

XY = tuple[float, float]
MAX_SHOTS = 5
"""Shot buttons offered at most (the likeliest first)."""
NEAR_SPOT = 1.5
"""Inches within which a click takes the nearest lit deployment spot."""
ORDER_SHOWN = 6
"""How many objects of the phase's order are numbered on the board (the next first)."""
END_PICK = 0.6
"""Inches from the ruler's end within which a click moves rather than fixing a leg."""
VERBS: dict[str, str] = {
    ChasePhase.WARGEAR: "chooses the wargear", ChasePhase.DEPLOY: "deploys",
    ChasePhase.PURSUIT: "keeps pace or slows", ChasePhase.RECYCLE: "places recycled terrain",
    ChasePhase.MOVEMENT: "moves", ChasePhase.SHOOTING: "shoots"}
PACE_KEYS = {pygame.K_0: 0, pygame.K_1: 1, pygame.K_2: 2, pygame.K_3: 3,
             pygame.K_KP0: 0, pygame.K_KP1: 1, pygame.K_KP2: 2, pygame.K_KP3: 3}


class PursuitController(Controller):
    """The street chase: deploy, keep pace or slow, steer, shoot, place recycled terrain."""

    def __init__(self, match: Match[Any]) -> None:
        super().__init__(match)
        self.human = False
        self.shown: Action | None = None
        """An action a replay previews (until the game moves on)."""
        self.legs: list[Leg] = []
        """The steering ruler's fixed legs for the model whose turn it is."""
        self.accelerate = False
        self._steering: tuple[str, int] | None = None
        """The model (and turn) the legs are for: they are dropped when it changes."""
        self.tentative: list[Leg] = []
        """The legs with the pointer's pull (shown, not fixed)."""
        self.recycler = Recycler()
        """The recycled piece being placed (P-6)."""
        self.weapon: dict[str, int] = {}
        """Model -> the index of its chosen shot kind (W cycles)."""
        self.skip = False

    # ---------------------------------------------------------------- state
    @property
    def state(self) -> ChaseState:
        st = self.m.state
        assert isinstance(st, ChaseState)
        return st

    @property
    def q(self) -> ChaseQueries:
        q = self.m.ruleset.queries(self.m.state)
        assert isinstance(q, ChaseQueries)
        return q

    @property
    def phase(self) -> str:
        return str(self.state.phase)

    def model(self, mid: str | None) -> Model | None:
        st = self.state
        return st.model(mid) if mid and st.has_model(mid) else None

    def side_of(self, mid: str) -> str:
        return self.state.side_of(mid)

    def current(self) -> str | None:
        """The model whose turn it is (or that must be turned, or deployed next)."""
        acting = self.q.acting()
        return acting[0] if acting else None

    def mine(self, mid: str | None) -> bool:
        """Whether ``mid`` is the model whose turn it is and a human plays it."""
        return self.human and mid is not None and mid == self.current()

    def refresh(self, human: bool) -> None:
        super().refresh(human)
        self.human = human
        self.shown = None
        mid = self.current()
        key = (mid or "", self.state.turn)
        if self.phase != ChasePhase.MOVEMENT or key != self._steering:
            self.legs, self.tentative, self.accelerate = [], [], False
            self._steering = key if self.phase == ChasePhase.MOVEMENT else None
        self.recycler.refresh(self.q, self.phase == ChasePhase.RECYCLE)

    @property
    def piece(self) -> int | None:
        """The recycled piece being placed (P-6)."""
        return self.recycler.piece

    def focus(self) -> str | None:
        return self.current()

    def pick_selection(self, selected: str | None, side: str | None) -> str | None:
        now = self.current()
        if now is not None:
            return now
        return super().pick_selection(selected, side)

    def preview(self, action: Action) -> tuple[str | None, Place | None]:
        """Before a replayed action: the model and where it goes or what it aims at."""
        self.shown = action
        match action:
            case Deploy(model=mid, to=to):
                return mid, to
            case Move(model=mid):
                return mid, None
            case Shoot(model=mid, target=t):
                aim = self.model(t)
                return mid, aim.place if aim is not None else None
            case Pace(model=mid) | Hold(model=mid) | Restart(model=mid) | Face(model=mid):
                return mid, None
        return None, None

    # ---------------------------------------------------------------- the board
    def marks(self, selected: str | None, hover: Place | None) -> TrackMarks:
        st = self.state
        q = self.q
        mk = TrackMarks(selected_piece=selected)
        for m in q.models():
            mk.bases[m.id] = m.radius
        mk.skip_slide, self.skip = self.skip, False
        mk.next_up = q.next_up()
        done = len(q.done())
        mk.order = {ident: k - done for k, ident in enumerate(q.order(), start=1)
                    if done + 1 < k <= done + ORDER_SHOWN}
        mk.stopped = set(q.stopped())
        mk.locked = tuple((k.a, k.b) for k in q.locks())
        sel = self.model(selected)
        if sel is not None:
            mk.selected = sel.place
        pt = hover if isinstance(hover, Point) else None
        now = self.current()
        phase = self.phase
        if phase == ChasePhase.RECYCLE:
            self.recycler.marks(q, mk, pt, self.human)
        elif now is None:
            return mk
        elif st.facing_due:
            self._face_marks(mk, now, pt)
        elif phase == ChasePhase.DEPLOY:
            self._deploy_marks(mk, now, pt)
        elif phase == ChasePhase.PURSUIT and self.human:
            self._pace_marks(mk, now)
        elif phase == ChasePhase.MOVEMENT:
            self._move_marks(mk, now, pt)
        elif phase == ChasePhase.SHOOTING:
            self._shot_marks(mk, now)
        return mk

    def _deploy_marks(self, mk: TrackMarks, mid: str, pt: Point | None) -> None:
        """P-3: the zone beyond the line, the legal spots, the rings round the scouts the
        hunters keep out of, and the base under the pointer."""
        q = self.q
        t = q.track
        m = q.model(mid)
        line = q.deploy_line()
        (ax, ay), (bx, by) = t.point(line, 0), t.point(t.length, t.breadth)
        mk.zones.append((min(ax, bx), min(ay, by), max(ax, bx), max(ay, by)))
        if self.human:
            mk.spots = q.deploy_points(mid)
        runners, _chasers = q.sides()
        if self.side_of(mid) != runners:
            gap = q.data().from_runners
            for s in q.models(runners):
                mk.rings.append(Ring(s.place, gap + s.radius + m.radius, "deploy"))
        if pt is not None and self.human:
            at = self._deploy_spot(mid, pt)
            why = q.deploy_check(mid, at)
            mk.ghost = (at, m.radius, why is None, why or f"place {m.name} here")

    def _deploy_spot(self, mid: str, pt: Point) -> Point:
        """Where a click at ``pt`` deploys ``mid``: there if it may stand there, else the
        nearest lit spot within :data:`NEAR_SPOT` inches."""
        q = self.q
        if q.deploy_check(mid, pt) is None:
            return pt
        x, y = pt.units
        near = min(q.deploy_points(mid), key=lambda s: math.dist(s.units, (x, y)),
                   default=None)
        return near if near is not None and math.dist(near.units, (x, y)) <= NEAR_SPOT else pt

    def _pace_marks(self, mk: TrackMarks, mid: str) -> None:
        """P-7: how far back slowing by 3d6 could carry the model, red where it would
        leave the table."""
        q = self.q
        m = q.model(mid)
        t = q.track
        hx, hy = t.heading
        odds = q.pace_odds(mid)
        most = max(6 * max(o.dice, 2) for o in odds) if odds else 12
        room = max(0.0, t.length - t.along(m.x, m.y))
        reach = min(float(most), room)
        end = (m.x + hx * reach, m.y + hy * reach)
        leave = max((o.leave for o in odds), default=Fraction(0))
        lines = [f"slowing: up to {most} inches back"]
        if leave > 0:
            lines.append(f"the far edge is {room:.1f} inches back: off the table "
                         f"{percent(float(leave))} at worst (P-7)")
        mk.ruler = Ruler((m.place, Point.of(*end)), leave == 0, tuple(lines))
        ids = {p.index: p.id for p in q.pieces()}
        for piece, _first, crash in q.incoming(mid):  # what keeping pace would meet (P-11)
            mk.scenery_labels[ids[piece]] = ("would hit it if it keeps pace (P-11)" if crash
                                             else "would pass under it")

    def _face_marks(self, mk: TrackMarks, mid: str, pt: Point | None) -> None:
        """P-11: the model that crashed turns to face the pointer."""
        m = self.q.model(mid)
        if pt is not None and self.human and pt != m.place:
            mk.ruler = Ruler((m.place, pt), True, (f"face {self._angle(m, pt)} degrees "
                                                   f"(P-11)",))

    def _move_marks(self, mk: TrackMarks, mid: str, pt: Point | None) -> None:
        q = self.q
        if mid in q.stopped() or not self.human:
            return
        self.tentative = self._pull(mid, pt) if pt is not None else []
        legs = self.tentative or self.legs
        steer = q.steer(mid, legs, self.accelerate) if legs else None
        mk.ruler = self.ruler(mid, steer)
        base = q.steer(mid, self.legs, self.accelerate)
        if base.turn_from is not None:
            hx, hy = direction(base.walk.facing)
            x, y = base.walk.stop
            mk.turn_points = ((x + hx * base.turn_from, y + hy * base.turn_from),)

    def ruler(self, mid: str, steer: Steer | None) -> Ruler | None:
        """P-8..P-12: the steering ruler of the legs so far: its path, how far of how
        much, where it stops and why, its dangerous terrain tests and their odds."""
        if steer is None:
            return None
        w = steer.walk
        path = tuple(Point.of(*p) for p in w.path)
        if len(path) < 2:
            return None
        lines = [f"{w.travelled:.1f} of {steer.allowance:g} inches"
                 + (", accelerating" if self.accelerate else "") + " (P-8)"]
        if steer.legal is not None:
            lines.append(f"cannot: {steer.legal}")
        if w.reason != "end":
            lines.append(f"stops: {w.why}")
        if w.tests:
            lines.append(f"{len(w.tests)} dangerous terrain test{'s' * (len(w.tests) > 1)}: "
                         f"all pass {percent(float(steer.all_pass))} (P-10)")
        blocked = path[-1] if w.reason not in ("end", "left by the Arrival") else None
        return Ruler(path, steer.legal is None, tuple(lines), blocked)

    def _pull(self, mid: str, pt: Point) -> list[Leg]:
        """The legs with the pointer at ``pt`` pulling the ruler: the last leg run on
        towards it, or, where a turn is allowed, a leg turned 45 degrees towards it,
        whichever ends nearer, as far as the allowance lets it; empty if it pulls
        nowhere."""
        q = self.q
        base = q.steer(mid, self.legs, self.accelerate)
        x, y = base.walk.stop
        facing = base.walk.facing
        room = steer_room(base)
        if room <= 0:
            return []
        px, py = pt.units
        best: tuple[float, list[Leg]] | None = None
        turns = [0]
        if self.legs and base.turn_from == 0:
            turns += [-chase_data().turn, chase_data().turn]
        for turn in turns:
            hx, hy = direction(facing + turn)
            d = min(room, max(0.0, (px - x) * hx + (py - y) * hy))
            n = round(d * HUNDREDTHS)
            if n <= 0:
                continue
            end = (x + hx * n / HUNDREDTHS, y + hy * n / HUNDREDTHS)
            legs = extend(self.legs, n) if turn == 0 else [*self.legs, (turn, n)]
            gap = math.dist(end, (px, py))
            if best is None or gap < best[0] - 1e-9:
                best = (gap, legs)
        return [] if best is None else best[1]

    def _shot_marks(self, mk: TrackMarks, mid: str) -> None:
        """P-13: the front arc out to the longest gun, the targets with the chance to hit,
        the clusters a shot would set off."""
        q = self.q
        m = q.model(mid)
        facing, half = q.arc(mid)
        reach = max((g.range for g in m.guns()), default=0.0)
        if reach > 0:
            mk.arc = (mid, float(facing), half, reach + m.radius)
        if not self.human:
            return
        for o in self._shots(mid):
            if self.model(o.target) is not None:
                mk.pieces[o.target] = f"hit {percent(float(o.hit))}"  # the gun: its button
            else:
                mk.scenery_labels[o.target] = "shoot: it goes off (P-12)"

    # ---------------------------------------------------------------- clicks and keys
    def click(self, selected: str | None, place: Place, piece: str | None,
              button: int) -> Reply:
        phase = self.phase
        now = self.current()
        if phase == ChasePhase.RECYCLE and self.human:
            return self.recycler.click(self.q, place)
        if piece is not None and (now is None or not self.mine(now) or
                                  self.side_of(piece) == self.side_of(now) or
                                  phase != ChasePhase.SHOOTING):
            return Select(piece)
        if now is None or not self.mine(now):
            return None
        if self.state.facing_due and isinstance(place, Point):
            return Face(now, self._angle(self.q.model(now), place))
        if phase == ChasePhase.DEPLOY and isinstance(place, Point):
            return Deploy(now, self._deploy_spot(now, place))
        if phase == ChasePhase.MOVEMENT:
            return self._move_click(now, place, button)
        if phase == ChasePhase.SHOOTING:
            return self._shoot_click(now, place, piece)
        if phase == ChasePhase.PURSUIT:
            return "Keep pace or slow with the buttons (keys 0-3)."
        return None

    def _move_click(self, mid: str, place: Place, button: int) -> Reply:
        """Left: fix the pulled leg, or at the ruler's end, move. Right: drop a leg."""
        if mid in self.q.stopped():
            return Restart(mid)
        if button == 3:
            return self.drop_leg()
        if not isinstance(place, Point):
            return None
        end = self.q.steer(mid, self.legs, self.accelerate).walk.stop
        if self.legs and math.dist(end, place.units) <= END_PICK:
            return Move(mid, tuple(self.legs), self.accelerate)
        pulled = self._pull(mid, place)
        if not pulled:
            return "The ruler bends only where a turn is allowed; it has no room left."
        self._fix(pulled)
        return ""

    def _fix(self, pulled: list[Leg]) -> None:
        """The pulled legs made fixed (the last one run on, or a new one turned)."""
        self.legs = list(pulled)
        self.tentative = []

    def _shoot_click(self, mid: str, place: Place, piece: str | None) -> Reply:
        shots = self._shots(mid)
        target = piece
        if target is None and isinstance(place, Point):
            target = self._cluster_at(place)
        if target is None:
            return "Click an enemy in the front arc (or a mine cluster) to shoot; H holds fire."
        mine = [o for o in shots if o.target == target]
        if not mine:
            why = self.q.why_not_fire(mid)
            return why or "Out of range or out of the front arc (P-13)."
        return Shoot(mid, target, mine[self.weapon.get(mid, 0) % len(mine)].weapon)

    def _cluster_at(self, place: Point) -> str | None:
        for k in self.q.mines():
            if k.at is not None and math.dist(k.at, place.units) <= k.radius + 0.3:
                return k.id
        return None

    def drop_leg(self) -> Reply:
        """Backspace or a right click: the last fixed leg goes."""
        self.legs = self.legs[:-1]
        return ""

    def lengthen(self, inches: float) -> Reply:
        """W / X: the last leg an inch longer or shorter (a first leg if none)."""
        mid = self.current()
        if mid is None:
            return None
        room = steer_room(self.q.steer(mid, self.legs, self.accelerate))
        n = round(min(inches, room) * HUNDREDTHS) if inches > 0 else round(inches * HUNDREDTHS)
        if not self.legs:
            if n > 0:
                self.legs = [(0, n)]
            return ""
        turn, length = self.legs[-1]
        length = max(0, length + n)
        self.legs = self.legs[:-1] + ([(turn, length)] if length or turn else [])
        return ""

    def turn(self, sign: int) -> Reply:
        """Q / E: a new leg turned 45 degrees left or right (lengthened with W)."""
        mid = self.current()
        if mid is None:
            return None
        base = self.q.steer(mid, self.legs, self.accelerate)
        if not self.legs or base.turn_from != 0:
            step = turn_step(self.accelerate)
            return f"A turn needs a full {step:g} inches moved on this leg first (P-8)."
        self.legs = [*self.legs, (sign * chase_data().turn, 0)]
        return ""

    def toggle_accelerate(self) -> Reply:
        """A: accelerate (12 inches, a turn per 4) or not; the legs are kept if still legal."""
        self.accelerate = not self.accelerate
        return ""

    def skip_slide(self) -> Reply:
        """K: the slide jumps to its end."""
        self.skip = True
        return ""

    def key(self, selected: str | None, key: int) -> Reply:
        if key == pygame.K_k:
            return self.skip_slide()
        now = self.current()
        phase = self.phase
        if phase == ChasePhase.RECYCLE and self.human:
            return self.recycler.key(self.q, self.m.to_act(), key)
        if now is None or not self.mine(now):
            return None
        if self.state.facing_due:  # P-11: the model that crashed is turned first
            if key == pygame.K_f:
                return Face(now, self.q.forward())
            return self._turn_first(now)
        if phase == ChasePhase.PURSUIT and key in PACE_KEYS:
            odds = self.q.pace_odds(now)
            dice = PACE_KEYS[key]
            if odds and odds[0].dice < 0:
                return Pace(now, 0)
            return Pace(now, dice)
        if key == pygame.K_h and phase in (ChasePhase.MOVEMENT, ChasePhase.SHOOTING):
            return Hold(now)
        if phase == ChasePhase.MOVEMENT:
            return self._move_key(now, key)
        if phase == ChasePhase.SHOOTING and key == pygame.K_w:
            self.weapon[now] = self.weapon.get(now, 0) + 1
            return ""
        return None

    def _turn_first(self, mid: str) -> str:
        """P-11: what to do with a model that crashed, before anything else."""
        return (f"{self.q.name_of(mid)} crashed: click where it should face, or F to "
                f"face the Arrival (P-11).")

    def _move_key(self, mid: str, key: int) -> Reply:
        if key == pygame.K_r and mid in self.q.stopped():
            return Restart(mid)
        actions = {pygame.K_w: lambda: self.lengthen(1.0),
                   pygame.K_x: lambda: self.lengthen(-1.0),
                   pygame.K_q: lambda: self.turn(-1), pygame.K_e: lambda: self.turn(1),
                   pygame.K_BACKSPACE: self.drop_leg, pygame.K_a: self.toggle_accelerate}
        if key in actions:
            return actions[key]()
        if key == pygame.K_g and self.legs:
            return Move(mid, tuple(self.legs), self.accelerate)
        return None

    # ---------------------------------------------------------------- buttons
    def buttons(self, selected: str | None) -> list[ButtonSpec]:
        side = self.m.to_act() if self.human else None
        if side is None:
            return []
        phase = self.phase
        out: list[ButtonSpec] = []
        now = self.current()
        if phase == ChasePhase.WARGEAR:
            for a in self.legal:
                more = self.state.setup.wargear_bonus
                take = isinstance(a, Wargear) and a.take
                out.append(ButtonSpec(
                    f"Extra weapon (+{more} to the enemy)" if take else "No extra weapon", a,
                    accent=YELLOW, name="wargear",
                    tip=f"P-2: {self.m.describe(a)}: {self.q.wargear_profile()}; he may fire "
                        f"over his shoulder at BS 3; the other side fields {more} more." if take
                    else f"P-2: {self.m.describe(a)}; no extra enemies."))
        elif phase == ChasePhase.RECYCLE:
            out += self.recycler.buttons(self.q, side)
        elif now is not None and self.state.facing_due:
            fwd = self.q.forward()
            out.append(ButtonSpec("Face the Arrival", Face(now, fwd), accent=SKY, hint="F",
                                  name="face", tip="P-11: after a crash the model may be "
                                                   "turned to face any way."))
        elif phase == ChasePhase.DEPLOY and now is not None:
            spots = self.q.deploy_points(now)
            if spots:
                out.append(ButtonSpec("Place it at a lit spot", Deploy(now, spots[len(spots) // 2]),
                                      accent=SKY, name="auto_deploy",
                                      tip=self._deploy_tip()))
        elif phase == ChasePhase.PURSUIT and now is not None:
            out += self._pace_buttons(now)
        elif phase == ChasePhase.MOVEMENT and now is not None:
            out += self._move_buttons(now)
        elif phase == ChasePhase.SHOOTING and now is not None:
            out += self._shot_buttons(now)
        if phase not in (ChasePhase.WARGEAR, ChasePhase.DEPLOY):  # last: the window's
            out.append(ButtonSpec(  # digit keys press the first buttons by their place
                "Skip the slide", command=self.skip_slide, accent=DIM, hint="K",
                name="skip_slide",
                tip="Pieces and models stand where the state has them at once."))
        return out

    def _pace_buttons(self, mid: str) -> list[ButtonSpec]:
        q = self.q
        out = []
        forced = q.forced(mid)
        # 1d6, 2d6, 3d6 first: the window's keys 1-3 press the first three buttons;
        # keeping pace (0) is the controller's own key
        for o in sorted(q.pace_odds(mid), key=lambda o: o.dice <= 0):
            dice = max(0, o.dice)
            a = Pace(mid, dice)
            against = q.name_of(o.against) if o.against else "a piece"
            tip = pace_tip(o, against, self._meeting(mid, o.against))
            if forced is not None:
                tip = f"No choice: {forced}. {tip}"
            out.append(ButtonSpec(pace_label(o), a, accent=SKY if dice == 0 else ORANGE,
                                  hint=str(dice), name=f"pace{dice}",
                                  enabled=self.m.why_illegal(a) is None, tip=tip))
        return out

    def _deploy_tip(self) -> str:
        """P-3 in the scenario's own names (the riders and the drones, say)."""
        runners, chasers = self.q.sides()
        st = self.state
        return (f"P-3: at least {self.q.data().from_arrival:g} inches from the Arrival (the "
                f"{st.side_name(chasers)} also {self.q.data().from_runners:g} from every one "
                f"of the {st.side_name(runners)}); or click a lit spot.")

    def _meeting(self, mid: str, against: str | None) -> str:
        """What a model slowed into ``against`` meets there (P-7, P-9, P-12)."""
        other = self.model(against)
        if other is not None:
            return "a round of close combat, nobody charging (P-9)" \
                if self.side_of(other.id) != self.side_of(mid) else "no harm"
        if against is None or self.q.piece_of(against) is not None or \
                against.startswith("edge"):
            return "no harm"
        return "the cluster goes off (P-12)"

    def _move_buttons(self, mid: str) -> list[ButtonSpec]:
        q = self.q
        out = []
        if mid in q.stopped():
            out.append(ButtonSpec("Test to move again (d6, fails on 1)", Restart(mid),
                                  accent=YELLOW, hint="R", name="restart",
                                  tip=f"P-10: a stopped model must pass a dangerous terrain "
                                      f"test to move; {q.tests_left(mid)} tests left this "
                                      f"phase, each failure 2 inches less."))
        elif self.legs:
            steer = q.steer(mid, self.legs, self.accelerate)
            a = Move(mid, tuple(self.legs), self.accelerate)
            out.append(ButtonSpec(f"Move {steer.walk.travelled:.1f} inches", a,
                                  accent=GREEN, hint="G", name="move",
                                  enabled=steer.legal is None,
                                  tip=steer.legal or f"It stops where the ruler ends: "
                                                     f"{steer.walk.why}."))
        if mid not in q.stopped():
            out.append(ButtonSpec(f"Accelerate ({chase_data().accelerate:g} inches)",
                                  command=self.toggle_accelerate,
                                  accent=ORANGE, hint="A", name="accelerate",
                                  toggled=self.accelerate,
                                  tip="P-8: 12 inches turning only after each full 4; a "
                                      "model that accelerates may not shoot (P-13)."))
        out.append(ButtonSpec("Hold: stay put", Hold(mid), accent=DIM, hint="H", name="hold",
                              tip="P-8: moving is optional."))
        return out

    def _shot_buttons(self, mid: str) -> list[ButtonSpec]:
        q = self.q
        out = []
        shots = sorted(self._shots(mid), key=lambda o: -float(expected(o.casualties)))
        m = q.model(mid)
        for o in shots[:MAX_SHOTS]:
            who = self._name(o.target)
            label = shot_label(who, self._gun(m, o.weapon),
                               float(o.hit) if o.line is not None else None)
            tip = (f"Casualties: {odds_text(o.casualties)}" if o.line is not None else
                   "P-12: a shot at a cluster sets it off.")
            if o.over_shoulder:
                tip += " Over the shoulder, BS 3 (P-13)."
            if o.sets_off:
                tip += f" Sets off {len(o.sets_off)} cluster(s) within 2 inches (P-12)."
            out.append(ButtonSpec(label, Shoot(mid, o.target, o.weapon), accent=VERMILLION,
                                  name="shoot", tip=tip))
        out.append(ButtonSpec("Hold fire", Hold(mid), accent=DIM, hint="H", name="hold"))
        return out

    def _shots(self, mid: str) -> list[ShotOption]:
        return self.q.shots(mid) if self.q.why_not_fire(mid) is None else []

    @staticmethod
    def _gun(m: Model, key: str) -> str:
        """A weapon's name as its profile gives it."""
        return next((g.name for g in m.guns() if g.key == key), key)

    def _name(self, ident: str) -> str:
        """A model's, a cluster's or a piece's name."""
        k = next((k for k in self.q.mines() if k.id == ident), None)
        return k.name if k is not None else self.q.name_of(ident)

    @staticmethod
    def _angle(m: Model, pt: Point) -> int:
        x, y = pt.units
        return round(math.degrees(math.atan2(y - m.y, x - m.x))) % 360

    # ---------------------------------------------------------------- words
    def verb(self) -> str:
        if self.state.facing_due:
            return "turns after a crash"
        return VERBS.get(self.phase, "acts")

    def actor_text(self) -> str | None:
        now = self.current()
        m = self.model(now)
        return m.name if m is not None else None

    def top_note(self) -> str:
        """Whose turn it is in the phase's order, and how many are still to come."""
        q = self.q
        if self.phase == ChasePhase.RECYCLE and self.human:
            return self.recycler.how(q)
        now = self.current()
        if self.state.facing_due and now is not None and self.mine(now):
            return self._turn_first(now)
        nxt = q.next_up()
        if nxt is None:
            return ""
        left = len(q.order()) - len(q.done())
        return f"Next: {q.name_of(nxt)} ({left} to go, furthest from the Arrival first)" \
            if self.phase == ChasePhase.PURSUIT else \
            f"Next: {q.name_of(nxt)} ({left} to go, closest to the Arrival first)"

    def piece_rows(self, piece: PieceView) -> list[tuple[str, str]]:
        m = self.model(piece.id)
        if m is None:
            return []
        q = self.q
        rows = [("Profile", m.stats.line()), ("Base", f"{m.radius * 2:.2f} inches across")]
        guns = ", ".join(f"{g.name} {g.range:g}\"" for g in m.guns()) or "none"
        rows.append(("Weapons", guns))
        if self.state.on_table(m):
            rows.append(("Arrival", f"{q.along(m.id):.1f} inches away"))
            off = abs((q.facing(m.id) - q.forward() + 180) % 360 - 180)
            rows.append(("Heading", f"{off:g} degrees off the way to the Arrival"
                         + (" (cannot keep pace, P-7)" if off > chase_data().pace_arc else "")))
        return rows

    def piece_tags(self, piece: PieceView) -> list[tuple[str, Colour]]:
        if piece.id in self.state.undeployed:
            return [("to deploy (P-3)", SKY)]
        if piece.status == "dead":
            return [("out of the chase", VERMILLION)]
        if piece.status == "escaped":
            return [("escaped", GREEN)]
        colours = {"stopped": ORANGE, "locked": VERMILLION, "accelerated": YELLOW}
        return [(t, colours.get(t, TEXT)) for t in piece.tags[1:]]

    def place_text(self, place: Place) -> str | None:
        if not isinstance(place, Point):
            return None
        x, y = place.units
        t = self.q.track
        return f"{t.along(x, y):.1f} inches from the Arrival"

    def preview_actor(self, selected: str | None, target: PieceView) -> str | None:
        now = self.current()
        if now is None or self.phase != ChasePhase.SHOOTING or \
                self.side_of(now) == target.side:
            return None
        return now

    def tip(self, actor: str, target: str) -> list[TipLine] | None:
        """P-13: the shots ``actor`` may fire at ``target``, the chance to hit and of each
        number of casualties; or why not."""
        a, t = self.model(actor), self.model(target)
        if a is None or t is None:
            return None
        lines = [TipLine(f"{a.name} -> {t.name}", TEXT, True)]
        shots = [o for o in self._shots(actor) if o.target == target]
        if not shots:
            why = self.q.why_not_fire(actor) or "out of range or out of the front arc (P-13)"
            return [*lines, TipLine(f"cannot: {why}", VERMILLION)]
        for o in shots:
            how = " over the shoulder" if o.over_shoulder else ""
            lines.append(TipLine(f"{self._gun(a, o.weapon)}, BS {o.bs}{how}: hit "
                                 f"{percent(float(o.hit))}", YELLOW, True))
            lines.append(TipLine(f"  casualties {odds_text(o.casualties)}", TEXT))
            if o.sets_off:
                lines.append(TipLine(f"  sets off {len(o.sets_off)} cluster(s) (P-12)",
                                     ORANGE))
        return lines

    def place_tip(self, selected: str | None, place: Place) -> list[TipLine] | None:
        now = self.current()
        if now is None or not self.mine(now) or self.phase != ChasePhase.MOVEMENT or \
                not isinstance(place, Point) or now in self.q.stopped():
            return None
        legs = self._pull(now, place) or self.legs
        if not legs:
            return None
        r = self.ruler(now, self.q.steer(now, legs, self.accelerate))
        if r is None:
            return None
        return [TipLine(r.lines[0], GREEN if r.ok else VERMILLION, True)] + [
            TipLine(ln, ORANGE) for ln in r.lines[1:]]

    def help_rows(self) -> list[tuple[str, str]]:
        return [
            ("Deployment", "click a lit spot: 48 inches from the Arrival, hunters 12 from "
                           "every scout (P-3)"),
            ("0 / 1 / 2 / 3", "pursuit phase: keep pace, or slow by 1d6, 2d6, 3d6 (P-7)"),
            ("Pointer, click", "movement: pull the steering ruler, fix a leg; click its "
                               "end to move (P-8)"),
            ("W / X, Q / E", "the ruler an inch longer / shorter; turn 45 degrees left / "
                             "right where allowed"),
            ("Backspace, A, G", "drop the last leg; accelerate; go: move"),
            ("R", "a stopped model tests to move again (P-10)"),
            ("Click, F", "after a crash: face the pointer, or face the Arrival (P-11)"),
            ("Click an enemy", "shooting: fire (the tip gives the odds); W: next weapon"),
            ("H", "hold: do not move / do not shoot"),
            ("[ ] , . G", "recycling: choose the piece, move it along the Arrival, place "
                          "it (P-6); N: no cluster"),
            ("K", "skip the slide"),
        ]
