"""The match shell, in parts. Every board scene (a live game, a replay, a demo) is a
:class:`~game.ui.scenes.shell.board.BoardScene` composed of the parts it needs:

* ``board``: :class:`BoardScene`, the match on its board: the view and the controller,
  the selection and the hovered place, the layout, refresh after a change, the pointer's
  questions (which piece, which place), and the parts below that every board scene has.
* ``showing``: :class:`Showing`, what actions did: the animations and floating words on
  the board, their sounds, the dice log.
* ``panel``: :class:`Panel`, the side panel: the piece's card and the buttons.
* ``roster``: :class:`Roster`, the panel's list of every piece when none is in focus.
* ``tips``: :class:`Tips`, the hover tip (odds over an enemy, risks over a place).
* ``input``: :class:`Input`, the mouse on the board and the keys every board scene shares.
* ``topbar``: :class:`TopBar`, turn, phase (from the ruleset's phase table), who acts.

and, for a live game only (game.ui.scenes.match):

* ``pacing``: :class:`Pacing`, the computer's turns (speed, pause, skip) and its strip.
* ``history``: :class:`History`, undo, redo, saves and the autosave.

and, for a replay or a demo (game.ui.scenes.replay):

* ``caption``: :class:`Caption`, the strip over the board saying where the record is.

The parts hold a reference to their scene and read what it shares; none imports the app
(scenes get :class:`game.ui.scenes.base.Host`).
"""
