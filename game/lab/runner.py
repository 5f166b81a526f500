"""Running a lab job: its games cut into chunks, played here, on local worker processes
(:class:`concurrent.futures.ProcessPoolExecutor`) or on a Dask cluster
(``distributed.Client``), with progress and Ctrl+C (or SIGTERM: ``timeout``, ``kill``, a
batch system's time limit) stopping cleanly.

Every chunk is a list of game numbers of one variant; the records come back tagged with
their numbers and are summed in that order (:mod:`game.lab.stats`), so the numbers do not
depend on how many workers there were or in which order chunks finished. Chunks are sent
game-number first, variant second, so a run stopped early has played about as many games
of every variant.
"""

from __future__ import annotations

import math
import signal
import sys
import threading
import time
from collections.abc import Callable, Generator, Iterator, Mapping, Sequence
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import TextIO

from game.core.errors import GameError
from game.core.ruleset import Side
from game.lab.games import Chunk, GameRecord, play_chunk
from game.lab.stats import VariantStats
from game.lab.variants import Variant

MAX_CHUNK = 25
"""The most games one task plays (a stop waits for the running chunks at most)."""

Stream = Generator[tuple[int, list[GameRecord]], None, None]
"""Chunks' results as they finish: (variant number, records)."""

Progress = Callable[[int, int, float], None]
"""Called after each chunk with (games done, games in all, seconds since the start)."""


@dataclass
class Cell:
    """One scenario variant of a job and the records of its games played so far."""

    scenario_key: str
    sides: list[Side]
    variant: Variant
    records: list[GameRecord] = field(default_factory=list)


@dataclass
class RunResult:
    """What a run came to: the cells with their records, and how it went."""

    cells: list[Cell]
    games: int
    """Games per variant asked for."""
    seed: int
    levels: dict[str, dict[Side, str]]
    """Scenario key -> side -> level."""
    where: str
    """Where the games were played, in words."""
    seconds: float = 0.0
    interrupted: bool = False

    @property
    def played(self) -> int:
        return sum(len(c.records) for c in self.cells)


def chunk_size(games: int, workers: int) -> int:
    """Games per chunk: about four chunks a worker per variant, at most MAX_CHUNK."""
    return max(1, min(MAX_CHUNK, math.ceil(games / (4 * max(1, workers)))))


def make_chunks(cells: Sequence[Cell], games: int, seed: int,
                levels: Mapping[str, Mapping[Side, str]], size: int) -> list[Chunk]:
    """Every chunk of the job, game numbers first, then variants."""
    out = []
    for start in range(0, games, size):
        for i, cell in enumerate(cells):
            lv = tuple(levels[cell.scenario_key].items())
            out.append(Chunk(i, cell.variant.scenario, seed, start,
                             min(size, games - start), lv))
    return out


def _quiet_worker() -> None:
    """Worker processes leave Ctrl+C and SIGTERM to the parent, which stops the run."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_IGN)


def _stop(signum: int, frame: object) -> None:
    raise KeyboardInterrupt


@contextmanager
def _term_stops() -> Iterator[None]:
    """While a run plays, SIGTERM stops it as Ctrl+C does (what finished is kept and
    reported); a run off the main thread, where Python takes no signal handler, leaves
    SIGTERM as it was."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    old = signal.signal(signal.SIGTERM, _stop)
    try:
        yield
    finally:
        signal.signal(signal.SIGTERM, old)


def _in_process(chunks: Sequence[Chunk]) -> Stream:
    for c in chunks:
        yield play_chunk(c)


def _pool(chunks: Sequence[Chunk], workers: int
          ) -> Stream:
    pool = ProcessPoolExecutor(max_workers=workers, initializer=_quiet_worker)
    pending: set[Future[tuple[int, list[GameRecord]]]] = {
        pool.submit(play_chunk, c) for c in chunks}
    try:
        while pending:
            done, pending = wait(pending, return_when=FIRST_COMPLETED)
            for f in done:
                yield f.result()
    finally:
        for f in pending:
            f.cancel()
        pool.shutdown(wait=True, cancel_futures=True)


def _cluster(chunks: Sequence[Chunk], address: str
             ) -> Stream:
    try:
        from distributed import Client, as_completed
    except ImportError:  # pragma: no cover - a dependency of the project
        raise GameError("--cluster needs Dask distributed: pip install "
                        "'dask[distributed]'") from None
    try:
        client = Client(address, timeout=10)
    except (OSError, TimeoutError, ValueError) as e:
        raise GameError(f"--cluster {address}: cannot reach the scheduler: {e}") from None
    futures = client.map(play_chunk, list(chunks), pure=False)
    try:
        for f in as_completed(futures):
            yield f.result()
    finally:
        client.cancel(futures)
        client.close()


def run(cells: list[Cell], games: int, seed: int,
        levels: dict[str, dict[Side, str]], *, workers: int = 1,
        cluster: str | None = None, progress: Progress | None = None) -> RunResult:
    """Play ``games`` games of every cell; Ctrl+C or SIGTERM (KeyboardInterrupt, also
    from ``progress``) stops it and keeps what had finished."""
    if games < 1:
        raise GameError(f"--games must be at least 1, not {games}")
    if workers < 1:
        raise GameError(f"--workers must be at least 1, not {workers}")
    if cluster:
        where = f"the Dask cluster at {cluster}"
        size = chunk_size(games, 8)
    elif workers == 1:
        where = "1 process"
        size = chunk_size(games, 1)
    else:
        where = f"{workers} local worker processes"
        size = chunk_size(games, workers)
    chunks = make_chunks(cells, games, seed, levels, size)
    total = games * len(cells)
    result = RunResult(cells, games, seed, levels, where)
    start = time.perf_counter()
    stream: Stream
    if cluster:
        stream = _cluster(chunks, cluster)
    elif workers == 1:
        stream = _in_process(chunks)
    else:
        stream = _pool(chunks, workers)
    done = 0
    with _term_stops():
        try:
            for variant, records in stream:
                cells[variant].records.extend(records)
                done += len(records)
                if progress is not None:
                    progress(done, total, time.perf_counter() - start)
        except KeyboardInterrupt:
            result.interrupted = True
        finally:
            stream.close()
    result.seconds = time.perf_counter() - start
    return result


class ProgressBar:
    """A one-line bar on stderr with games done, games a second and the time left,
    redrawn at most every ``every`` seconds."""

    def __init__(self, out: TextIO | None = None, every: float = 0.5, width: int = 30) -> None:
        self.out = out if out is not None else sys.stderr
        self.every = every
        self.width = width
        self._last = -1.0

    def __call__(self, done: int, total: int, seconds: float) -> None:
        if done < total and seconds - self._last < self.every:
            return
        self._last = seconds
        filled = self.width * done // max(1, total)
        rate = done / seconds if seconds > 0 else 0.0
        left = (total - done) / rate if rate > 0 else float("nan")
        eta = "--" if math.isnan(left) else _clock(left)
        self.out.write(f"\r[{'#' * filled}{'.' * (self.width - filled)}] {done}/{total} "
                       f"games, {rate:.1f}/s, {eta} left ")
        if done >= total:
            self.out.write("\n")
        self.out.flush()

    def end(self) -> None:
        """Close the line (after a stop)."""
        self.out.write("\n")
        self.out.flush()


def _clock(seconds: float) -> str:
    s = int(round(seconds))
    if s >= 3600:
        return f"{s // 3600}:{s // 60 % 60:02d}:{s % 60:02d}"
    return f"{s // 60}:{s % 60:02d}"


def by_variant(result: RunResult) -> dict[str, list[Cell]]:
    """The cells grouped by scenario, in run order."""
    out: dict[str, list[Cell]] = {}
    for c in result.cells:
        out.setdefault(c.scenario_key, []).append(c)
    return out


def summary_line(cell: Cell, stats: VariantStats) -> str:
    """One line per variant for stdout."""
    rates = ", ".join(f"{s} {stats.rate(s).text()}" for s in cell.sides)
    return (f"{cell.scenario_key} [{cell.variant.label}]: {stats.games} games: {rates}, "
            f"draws {stats.draws}, turns {stats.turns_mean:.1f}")
