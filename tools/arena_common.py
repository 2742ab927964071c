"""What tools/sprt.py and tools/spsa.py share: ShogiArena (PyPI `shogiarena`, 1.3.2 when
written; MIT) plays our engine over USI from configuration files written into the run's
folder, one game at a time. The files are JSON, which ShogiArena's YAML reader takes as it is.

ShogiArena keeps its games in the run's game.db; `export_games` writes them out as KIF records
and as referee.py's game lines, so that tools/tally.py adds them up as it does the referee's.
"""
import json
import os
import shutil
import sqlite3
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
# The openings our matches start from. Not tools/heldout-openings.txt: that is kept for the
# final figures (doc/strength.md).
OPENINGS = ROOT / "tests" / "data" / "openings.txt"
# As tools/ab.sh plays our builds.
OPTIONS = {"OwnBook": False, "USI_Hash": 64, "Threads": 1}


def shogiarena():
    """The ShogiArena command: $SHOGIARENA, else from the PATH, else ~/.local/bin's."""
    found = os.environ.get("SHOGIARENA") or shutil.which("shogiarena")
    return found or str(Path.home() / ".local" / "bin" / "shogiarena")


def copy_program(program, out, name):
    """A copy of PROGRAM in the folder OUT/NAME (its working directory, which ShogiArena
    wants apart from the run), so that a rebuild does not change it mid-run."""
    (out / name).mkdir(exist_ok=True)
    copy = out / name / "gnushogi"
    shutil.copy2(program, copy)
    return copy


def write_json(path, value):
    path.write_text(json.dumps(value, indent=2) + "\n", encoding="utf-8")
    return path


def write_openings(source, path):
    """The openings (a USI move list a line, `#` comments) as ShogiArena's start lines."""
    lines = [line.strip() for line in Path(source).read_text(encoding="utf-8").splitlines()]
    starts = [f"startpos moves {line}" for line in lines if line and not line.startswith("#")]
    path.write_text("\n".join(starts) + "\n", encoding="utf-8")
    return path


def write_engine(path, name, program, raw_options=(), settings=None, ours=True):
    """An engine file for our PROGRAM over USI, with SETTINGS (option: value) besides
    OPTIONS. The RAW_OPTIONS are sent without being checked against the options `usi`
    lists: the search's tunables, which it does not list. With OURS false, PROGRAM is
    another USI engine, run without arguments and given SETTINGS alone."""
    engine = {
        "name": name,
        "engine_path": str(program),
        "engine_args": ["--usi"] if ours else [],
        "options": {**(OPTIONS if ours else {}), **(settings or {})},
    }
    if raw_options:
        engine["option_validation"] = {"default": "strict", "overrides": {o: "raw" for o in raw_options}}
    return write_json(path, engine)


def time_control(control):
    """ShogiArena's `time_control` of CONTROL in seconds: "BASE+INC" (Fischer) or "BASE+bBYO"
    (byoyomi: BYO seconds a move once BASE is spent, as USI's `byoyomi`)."""
    base, _, extra = control.partition("+")
    block = {"time_ms": round(float(base) * 1000)}
    if extra.startswith("b"):
        block["byoyomi_ms"] = round(float(extra[1:]) * 1000)
    else:
        block["increment_ms"] = round(float(extra or 0) * 1000)
    return block


def rules(control, openings=None):
    """The `rules` block: CONTROL (as `time_control` reads it), no draw by ply count below 512
    plies (ShogiArena's 320 would also ask the engine for a MaxMovesToDraw option it does not
    have), and the OPENINGS file when given, each opening played twice, colours swapped."""
    block = {
        "time_control": time_control(control),
        "adjudication": {"sync_max_plies_with_engine": False, "max_plies": 512},
    }
    if openings:
        block["initial_positions"] = {"type": "file", "source": str(openings), "flip_policy": "pair_both"}
    return block


def tournament_config(name, engines, games, seed, control, openings, out):
    """A run's configuration: ENGINES (name and engine file) playing GAMES games, one at a
    time, from OPENINGS (written into OUT) drawn by SEED, at CONTROL (as `time_control`)."""
    return {
        "experiment_name": name,
        "engines": engines,
        "tournament": {"scheduler": "round_robin", "games_per_pair": games, "num_parallel": 1, "seed": seed},
        "rules": rules(control, write_openings(openings, out / "openings.txt")),
        "dashboard": {"enabled": False},
    }


def run(kind, config, out, *args):
    """`shogiarena run KIND CONFIG` into OUT/run, its log in OUT/arena.log; the exit status."""
    env = dict(os.environ, PYTHONWARNINGS="ignore")
    command = [shogiarena(), "--output-dir", str(out / "arena-output"), "run", kind, str(config)]
    command += ["--run-dir", str(out / "run"), *args]
    print("running:", " ".join(command), file=sys.stderr)
    with open(out / "arena.log", "a", encoding="utf-8") as log:
        return subprocess.run(command, stdout=log, stderr=subprocess.STDOUT, env=env, check=False).returncode


# A move's time in game.db: the wall clock from `go` to `bestmove` as ShogiArena measured it
# (`next_move_time_ms` is the `time` of the engine's last `info`, which ours prints at the end
# of its last whole iteration, a third of a second before its `bestmove` at times).
MOVE_TIME = "COALESCE(wall_time_ms, next_move_time_ms)"


def timed_moves(connection, game_id, start):
    """Each timed move of a game in game.db, in order: (played by Black, seconds). The plies
    count from the first move off the START position (the opening's end), which the side to
    move of its SFEN plays."""
    first = connection.execute("SELECT MIN(ply) FROM game_move WHERE game_id = ?", (game_id,)).fetchone()[0]
    black_first = start.split()[1] == "b"
    moves = connection.execute(
        f"SELECT ply, {MOVE_TIME} FROM game_move WHERE game_id = ? AND {MOVE_TIME} IS NOT NULL ORDER BY ply",
        (game_id,),
    ).fetchall()
    return [(((ply - first) % 2 == 0) == black_first, ms / 1000) for ply, ms in moves]


def _reason(result, terminal, black, white):
    """referee.py's words for how a game ended, its forfeits as tools/tally.py reads them."""
    winner, loser = (black, white) if result.startswith("BLACK") else (white, black)
    if "TIMEOUT" in result:
        return f"{loser} exceeded move time"
    if "ILLEGAL" in result:
        return f"{loser} made an illegal move"
    if "FORFEIT" in result:
        return f"{loser} crashed or forfeited"
    if "DECLARATION" in result:
        return f"{winner} declares a win"
    if "TRY_RULE" in result:
        return f"{winner} wins by the try rule"
    if result.startswith("DRAW"):
        return result.lower().replace("_", " ")
    return f"{loser} {'resigns' if 'RESIGN' in terminal else 'is mated'}"


def _records(db):
    """ShogiArena's own reader of its game.db (internal), or None where it moved."""
    try:
        from shogiarena._core.platform.db.store.arena_db_adapter import ArenaDBAdapter
        from shogiarena._core.platform.db.store.repository_factory import SQLiteShogiDBFactory
    except ImportError:
        return None
    return ArenaDBAdapter(SQLiteShogiDBFactory(str(db), read_only=True))


def export_games(run_dir, out):
    """Writes each game of RUN_DIR's game.db as OUT/records/NNNN.kif and returns
    referee.py's line for it (`Game N/M: A (sente) vs B (gote): 1-0 {reason} plies=P ...`)."""
    db = run_dir / "game.db"
    if not db.exists():
        return []
    connection = sqlite3.connect(f"file:{db}?mode=ro", uri=True)
    games = connection.execute(
        "SELECT g.id, g.game_result, g.num_moves, g.initial_position_sfen, b.player_name, "
        "w.player_name FROM game g "
        "JOIN player b ON b.id = g.black_player_id JOIN player w ON w.id = g.white_player_id "
        "ORDER BY g.id"
    ).fetchall()
    reader = _records(db)
    (out / "records").mkdir(exist_ok=True)
    lines = []
    for number, (game_id, result, plies, start, black, white) in enumerate(games, 1):
        times = {True: [], False: []}
        for by_black, seconds in timed_moves(connection, game_id, start):
            times[by_black].append(seconds)
        record = reader.load_record(game_id=game_id) if reader else None
        terminal = str(record.main_terminal) if record else ""
        if record:
            (out / "records" / f"{number:04d}.kif").write_text(record.to_kif(), encoding="utf-8")
        score = "1/2-1/2" if result.startswith("DRAW") else "1-0" if result.startswith("BLACK") else "0-1"
        avg = [f"{sum(t) / len(t):.3f}" if t else "-" for t in (times[True], times[False])]
        lines.append(
            f"Game {number}/{len(games)}: {black} (sente) vs {white} (gote): {score} "
            f"{{{_reason(result, terminal, black, white)}}} plies={plies} "
            f"avg-move-s={avg[0]}/{avg[1]}"
        )
    return lines
