"""The Tactician: candidate actions in the manner of Wesnoth's AI, scored with exact odds.

Every phase has its *candidate actions* (CAs, :data:`candidates.CANDIDATES`). Each CA's
``evaluate`` looks at the match through the ruleset's read-only queries
(:class:`~game.rules.tft.hexes.queries.HexQueries`: ``move_options``, ``attack_check``,
``fall_odds``... and the pure rules it re-exports) and proposes actions with a score in
points of ST; the best proposal is played (:class:`~game.ai.skeleton.CandidatePlayer`).
In movement the CA is a figure's manoeuvre (where to go, which way to face, whether to
defend), made figure by figure. Nothing is rolled or simulated: odds are exact and
cached (:mod:`game.ai.tft.evaluation`; duels between two kinds of figure at a level
difference are shared by every decision and game), and the AI never peeks at the match's
dice. A figure's decision costs a tenth of a millisecond or so besides its reach (the
rules' ``move_options``, which the move then reuses). The parts: :mod:`.context` (one
decision's view), :mod:`.candidates` (the CAs), :mod:`.manoeuvres` with :mod:`.plan`,
:mod:`.stance` and :mod:`.duels` (movement), and :mod:`.evaluation` (odds on copies,
cached).

- Initiative (T-7): let the enemy move first when the armies can meet this turn (the
  second mover sees where they stand and which way they face); move first when they
  cannot, to take the ground.
- Movement: figures are planned one at a time, engaged ones first, then nearest the
  enemy first, each on the live position (so earlier moves block later ones as they
  would). What enemies can do is worked out once per side and turn (:class:`.plan.MovePlan`:
  where each can charge to, which cells it can strike). For a figure, every reachable
  cell is worth its height, nearness to the enemy and friends beside; where an enemy can
  strike or be struck, each facing is also scored: the best attack the figure can make
  from there this action phase (exact expected damage and chance of a knock-down, with
  height advantage H-6 and the target's facing T-5; none if reaching it costs more than
  half MA, T-7), minus what enemies able to strike that cell are expected to do to it
  (fixed enemies strike only into their front hexes; enemies yet to move may charge and
  pick the flank). The attack bounds a cell's score from above, so only the few cells
  that can beat the best so far are scored exactly. Moving into an enemy's front hex
  stops the move with the facing of the last step (T-6), and so does a jump (H-8); a
  jump whose fall would take the figure out with a real chance is never made, others
  cost their expected damage and prone chance (the rules' own fall odds, H-8). A figure
  that two enemies can strike, or that cannot strike back, defends (attackers roll 4d6)
  when that saves more than its blow is worth; one-on-one it fights, so two figures
  never stall in a 4d6 standoff. A side twice the enemy's number counts blows taken half
  (it presses the fight); one half the enemy's number counts them more (it is careful).
- Actions: stand up if prone; pick up or ready a weapon if empty-handed; else the attack
  with the best expected damage plus knock-down chance; else disengage from enemies yet
  to act if that saves more than it risks; else pass.
- Force retreats (T-8, H-13, H-14): push enemies down drops (stumble or fall odds) and
  off the high ground; follow when that keeps the height and the contact.

Deterministic for a seed: ties between equal best scores go round by the seed (it rolls
no dice at all), and asking twice in the same position gives the same action.
"""

from __future__ import annotations

from collections.abc import Iterable

from game.ai.skeleton import CandidatePlayer, Proposal
from game.ai.tft.candidates import CANDIDATES, idle
from game.ai.tft.context import Context
from game.ai.tft.evaluation import Weights
from game.ai.tft.manoeuvres import climb, manoeuvres, new_plan, shooter
from game.ai.tft.plan import MovePlan, fingerprint
from game.core.errors import GameError
from game.core.match import Match
from game.core.ruleset import Action, Side
from game.rules.tft.hexes.actions import EndMovement, StandUp
from game.rules.tft.hexes.phases import HexPhase
from game.rules.tft.hexes.queries import HexState

DEFAULT_WEIGHTS = Weights()
"""The weights a Tactician plays with unless given others (frozen: shared)."""


class Tactician(CandidatePlayer):
    """A Wesnoth-style candidate-action AI for Melee on heights (see the module text)."""

    def __init__(self, seed: int = 0, weights: Weights | None = None) -> None:
        super().__init__(seed)
        self.w = weights or DEFAULT_WEIGHTS

    # ---------------------------------------------------------------- proposals
    def propose(self, match: Match[HexState], side: Side) -> Iterable[Proposal]:
        """The candidate actions for ``side`` now: in movement the next step of its plan;
        in the action phase the idle figure's wait, the prone one's standing up, or every
        CA's proposals; at the initiative and in force retreats every CA's proposals."""
        state: HexState = match.state
        phase = state.phase
        if phase == HexPhase.MOVEMENT:
            return [Proposal(0.0, (self._movement(match, side),), "manoeuvre")]
        if phase == HexPhase.ACTION:
            wait = idle(state)
            if wait is not None:
                return [Proposal(0.0, (wait,), "idle")]
            f = state.acting()
            if f is not None and f.prone and f.active:
                # StandUpCA's 100 beats every other proposal
                return [Proposal(100.0, (StandUp(f.id),), "stand up")]
        ctx = Context(match, side, self.w)
        cas = CANDIDATES.get(phase)
        if cas is None:
            raise GameError(f"the Tactician does not know the {phase} phase")
        return [p for ca in cas for p in ca.evaluate(ctx)]

    def tie_break(self, count: int, match: Match[HexState]) -> int:
        """Exact ties go round by the seed, the turn and the actor, so a seed always plays
        the same and asking twice gives the same answer."""
        state = match.state
        return (self.seed + state.turn + state.current) % count

    # ---------------------------------------------------------------- movement
    def _movement(self, match: Match[HexState], side: Side) -> Action:
        """The next step of ``side``'s plan for this movement phase (made anew for each
        turn and position it is asked in; the same answer if asked twice)."""
        state: HexState = match.state
        self.memo.scope(f"plan {side}", (id(state), state.turn))
        ctx: Context | None = None

        def make() -> MovePlan:
            nonlocal ctx
            ctx = Context(match, side, self.w)
            return new_plan(ctx)

        plan = self.memo.get(f"plan {side}", "plan", make)
        here = fingerprint(state, side)
        if plan.last is not None and plan.last[0] == here:
            return plan.last[1]  # asked again before it was played: the same answer
        action = self._next_move(match, side, plan, ctx)
        plan.last = (here, action)
        return action

    def _next_move(self, match: Match[HexState], side: Side, plan: MovePlan,
                   ctx: Context | None) -> Action:
        state: HexState = match.state
        while True:
            while plan.queue:
                a = plan.queue.popleft()
                if match.why_illegal(a) is None:
                    return a
            fid = next((i for i in plan.order if i not in plan.done), None)
            if fid is None:
                return EndMovement(side)
            plan.done.add(fid)
            f = state.figures[fid]
            if f.active and not f.move_over:
                if ctx is None:
                    ctx = Context(match, side, self.w)
                special = climb(ctx, plan, f)
                if special is None:
                    special = shooter(ctx, plan, f)
                if special is not None:
                    plan.queue.extend(special)
                    continue
                if f.hold:
                    continue
                plan.queue.extend(self.best(manoeuvres(ctx, plan, f), match).actions)
