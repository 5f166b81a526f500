"""The lab's report: ``report.md`` and one PNG plot per scenario in the ``--report``
folder, and a few summary lines for stdout.

The Markdown names the command, the seed, the versions (of this program, Python, the
rulesets' save stamps, Dask when a cluster played), the strengths, where the games were
played and whether the run was stopped early; then, per scenario, a table of the variants'
win rates, and per variant its numbers: each side's win rate with its 95 % interval (and
a note when it still spans 50 % with about how many games in all would settle it), draws
and how games ended, length (turns: mean and spread), the first mover's edge, each kind
of piece's survival and kills, and every rule id that fired (events and games).

The plot (matplotlib, drawn off screen): with no ``--vary`` or one, each side's win rate
against the variant with its interval as a band; with two, a heat table of the first
side's win rate over the grid; with more, the win rates against the variant's label.
"""

from __future__ import annotations

import importlib.metadata
import platform
from collections.abc import Sequence
from pathlib import Path

from game.ai.levels import HARD_CANDIDATES, HARD_NODES, HARD_SAMPLES
from game.core.errors import GameError
from game.lab.runner import Cell, RunResult, by_variant
from game.lab.stats import VariantStats, rule_key, summarise
from game.lab.variants import show
from game.rules import ruleset_of

REPORT_NAME = "report.md"


def versions(cluster: bool) -> list[str]:
    """The versions a result depends on, as "name version" strings."""
    out = [f"skirmish-table {_version('skirmish-table')}",
           f"Python {platform.python_version()}"]
    if cluster:
        out.append(f"dask {_version('dask')}, distributed {_version('distributed')}")
    return out


def _version(package: str) -> str:
    try:
        return importlib.metadata.version(package)
    except importlib.metadata.PackageNotFoundError:
        return "(not installed: run from the source tree)"


def _pct(x: float) -> str:
    return f"{100 * x:.1f} %"


def variant_section(cell: Cell, st: VariantStats) -> list[str]:
    """The Markdown of one variant."""
    out = [f"### {cell.scenario_key}: {cell.variant.label}", ""]
    if st.games == 0:
        return [*out, "No game of this variant finished.", ""]
    out += ["| side | wins | win rate (95 % interval) |", "| --- | --- | --- |"]
    for s in st.sides:
        out.append(f"| {s} | {st.wins.get(s, 0)}/{st.games} | {st.rate(s).text()} |")
    out.append("")
    ends = ", ".join(f"{k} {v}" for k, v in sorted(st.terminations.items()))
    out.append(f"- draws: {st.draws}/{st.games} ({_pct(st.draws / st.games)}); "
               f"how games ended: {ends}")
    out.append(f"- length: {st.turns_mean:.2f} turns (spread, standard deviation "
               f"{st.turns_sd:.2f}), {st.actions_mean:.1f} actions")
    if st.seconds > 0:
        cpu = (f"; {st.cpu_seconds:.1f} s of processor time, "
               f"{st.games / st.cpu_seconds:.1f} games a processor second"
               if st.cpu_seconds > 0 else "")
        out.append(f"- play time: {st.seconds:.1f} s over the games, "
                   f"{st.games / st.seconds:.1f} games a second in one process{cpu}")
    fm = st.first_mover()
    firsts = ", ".join(f"{s} {st.first_by_side.get(s, 0)}" for s in st.sides)
    if fm.n:
        out.append(f"- first mover: the side that acted first won {fm.k} of {fm.n} decisive "
                   f"games, {fm.text()} (first: {firsts})")
    out.extend(_settle_note(st))
    out += ["", "| side | piece | fielded | survived | kills per game |",
            "| --- | --- | --- | --- | --- |"]
    for p in st.pieces:
        out.append(f"| {p.side} | {p.kind} | {p.fielded} | {_pct(p.survived / p.fielded)} "
                   f"| {p.kills / st.games:.2f} |")
    out += ["", "| rule | events | per game | games it fired in |", "| --- | --- | --- | --- |"]
    for rule in sorted(st.rule_events, key=rule_key):
        out.append(f"| {rule} | {st.rule_events[rule]} | {st.rule_events[rule] / st.games:.2f} "
                   f"| {st.rule_games[rule]} |")
    out.append("")
    return out


def _settle_note(st: VariantStats) -> list[str]:
    """A note when a side's interval still spans 50 %, with about how many games in all
    (at the rates seen) would settle it."""
    open_sides = [s for s in st.sides if st.rate(s).spans_half()]
    if not open_sides:
        return []
    needs = [st.rate(s).games_to_settle() for s in open_sides]
    names = ", ".join(open_sides)
    if any(n is None for n in needs):
        return [f"- note: the interval of {names} spans 50 % and a rate is 50 % exactly: "
                f"no number of games at these rates would settle it"]
    need = max(n for n in needs if n is not None)
    return [f"- note: the interval of {names} spans 50 %; at these rates about {need} "
            f"games in all (about {max(0, need - st.games)} more) would settle which side "
            f"is favoured"]


def scenario_table(cells: Sequence[Cell], stats: Sequence[VariantStats]) -> list[str]:
    """The variants of one scenario side by side."""
    sides = cells[0].sides
    head = "| variant | games | " + " | ".join(f"{s} wins" for s in sides) + " | draws | turns |"
    out = [head, "|" + " --- |" * (len(sides) + 4)]
    for c, st in zip(cells, stats, strict=True):
        rates = " | ".join(st.rate(s).text() for s in sides)
        out.append(f"| {c.variant.label} | {st.games} | {rates} | {st.draws} | "
                   f"{st.turns_mean:.1f} |")
    return [*out, ""]


def heat_table(cells: Sequence[Cell], stats: Sequence[VariantStats]) -> list[str]:
    """For a grid of two ``--vary``: the first side's win rate, rows by the first path."""
    rows, cols, rate = _grid(cells, stats)
    side = cells[0].sides[0]
    p0, p1 = cells[0].variant.changes[0][0], cells[0].variant.changes[1][0]
    out = [f"{side}'s win rate, {p0} down, {p1} across:", "",
           f"| {p0} \\ {p1} | " + " | ".join(show(c) for c in cols) + " |",
           "|" + " --- |" * (len(cols) + 1)]
    for i, r in enumerate(rows):
        out.append(f"| {show(r)} | " + " | ".join(
            "-" if rate[i][j] is None else _pct(rate[i][j] or 0.0)
            for j in range(len(cols))) + " |")
    return [*out, ""]


def _grid(cells: Sequence[Cell], stats: Sequence[VariantStats]
          ) -> tuple[list[object], list[object], list[list[float | None]]]:
    rows: list[object] = []
    cols: list[object] = []
    for c in cells:
        a, b = c.variant.changes[0][1], c.variant.changes[1][1]
        if a not in rows:
            rows.append(a)
        if b not in cols:
            cols.append(b)
    rate: list[list[float | None]] = [[None] * len(cols) for _ in rows]
    side = cells[0].sides[0]
    for c, st in zip(cells, stats, strict=True):
        i = rows.index(c.variant.changes[0][1])
        j = cols.index(c.variant.changes[1][1])
        rate[i][j] = st.rate(side).p if st.games else None
    return rows, cols, rate


def plot(path: Path, key: str, cells: Sequence[Cell], stats: Sequence[VariantStats]) -> None:
    """The scenario's PNG (see the module text)."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots(figsize=(7, 4.5), dpi=100)
    try:
        if len(cells[0].variant.changes) == 2:
            rows, cols, rate = _grid(cells, stats)
            grid = [[float("nan") if v is None else v for v in row] for row in rate]
            im = ax.imshow(grid, cmap="RdBu", vmin=0.0, vmax=1.0, aspect="auto")
            ax.set_xticks(range(len(cols)), [show(c) for c in cols])
            ax.set_yticks(range(len(rows)), [show(r) for r in rows])
            ax.set_xlabel(cells[0].variant.changes[1][0])
            ax.set_ylabel(cells[0].variant.changes[0][0])
            for i, row in enumerate(grid):
                for j, v in enumerate(row):
                    if v == v:  # not NaN
                        ax.text(j, i, f"{100 * v:.0f}%", ha="center", va="center")
            fig.colorbar(im, ax=ax, label=f"{cells[0].sides[0]} win rate")
            ax.set_title(f"{key}: {cells[0].sides[0]}'s win rate")
        else:
            xs = list(range(len(cells)))
            for s in cells[0].sides:
                ps = [st.rate(s).p for st in stats]
                lo = [st.rate(s).interval[0] for st in stats]
                hi = [st.rate(s).interval[1] for st in stats]
                ax.plot(xs, ps, marker="o", label=s)
                ax.fill_between(xs, lo, hi, alpha=0.2)
            ax.axhline(0.5, color="grey", linewidth=0.8, linestyle="--")
            labels = [c.variant.label if len(c.variant.changes) != 1
                      else show(c.variant.changes[0][1]) for c in cells]
            ax.set_xticks(xs, labels, rotation=30 if len(cells) > 4 else 0)
            if len(cells[0].variant.changes) == 1:
                ax.set_xlabel(cells[0].variant.changes[0][0])
            ax.set_ylim(0.0, 1.0)
            ax.set_ylabel("win rate (95 % interval)")
            ax.set_title(f"{key}: win rate per variant")
            ax.legend()
        fig.tight_layout()
        fig.savefig(path)
    finally:
        plt.close(fig)


def write_report(result: RunResult, folder: str | Path, command: str) -> Path:
    """Write ``report.md`` and the plots into ``folder``; the report's path. GameError if
    the folder cannot be written."""
    folder = Path(folder)
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as e:
        raise GameError(f"--report {folder}: cannot make the folder: {e.strerror}") from None
    lines = ["# Balance lab report", ""]
    if result.interrupted:
        lines += [f"**Stopped early (Ctrl+C or SIGTERM): {result.played} of "
                  f"{result.games * len(result.cells)} games finished; the numbers below "
                  f"are of those.**", ""]
    lines += [f"- command: `{command}`",
              f"- seed: {result.seed} (game i is played with seed {result.seed} + i, for the "
              f"dice and every player)",
              f"- games per variant: {result.games} asked, played on {result.where} in "
              f"{result.seconds:.1f} s ({result.played / max(result.seconds, 1e-9):.1f} "
              f"games/s)",
              f"- versions: {'; '.join(versions(result.where.startswith('the Dask')))}"]
    groups = by_variant(result)
    for key, cells in groups.items():
        stamp = dict(ruleset_of(cells[0].variant.scenario).save_stamp())
        levels = ", ".join(f"{s} {lv}" for s, lv in result.levels[key].items())
        extra = "; ".join(f"{k} {v}" for k, v in stamp.items())
        lines.append(f"- {key}: ruleset {cells[0].variant.scenario.ruleset}"
                     + (f" ({extra})" if extra else "") + f"; strengths: {levels}")
    if any("hard" in lv.values() for lv in result.levels.values()):
        lines.append(f"- hard: the normal player's best {HARD_CANDIDATES} actions, each on "
                     f"{HARD_SAMPLES} dice determinisations, at most {HARD_NODES} look-ahead "
                     f"actions a decision")
    lines.append("")
    for key, cells in groups.items():
        stats = [summarise(c.sides, c.records) for c in cells]
        png = f"{key}.png"
        lines += [f"## {key}", ""]
        lines += scenario_table(cells, stats)
        if len(cells[0].variant.changes) == 2:
            lines += heat_table(cells, stats)
        if any(st.games for st in stats):
            plot(folder / png, key, cells, stats)
            lines += [f"![{key}]({png})", ""]
        for c, st in zip(cells, stats, strict=True):
            lines += variant_section(c, st)
    path = folder / REPORT_NAME
    try:
        path.write_text("\n".join(lines), encoding="utf-8")
    except OSError as e:
        raise GameError(f"--report {folder}: cannot write {REPORT_NAME}: {e.strerror}") \
            from None
    return path
