#!/bin/sh
# The full-strength matches against the classical anchors (doc/strength.md, "Against other
# engines"): our engine over CECP as XBoard drives it, one thread each, one game at a time.
#
#   tools/anchors.sh ANCHOR [GAMES] [TC]
#
# ANCHOR is one of
#   yo1           YaneuraOu 9.70, material-only evaluation     ($ANCHORS/YaneuraOu-material-lv1)
#   yo9           YaneuraOu 9.70, its richest hand-written one  ($ANCHORS/YaneuraOu-material-lv9)
#   fairy-master  Fairy-Stockfish master, classical evaluation  ($ANCHORS/fairy-stockfish-master)
#   fairy11       Debian's Fairy-Stockfish 11.1                 (/usr/games/fairy-stockfish)
#   gnushogi      Debian's GNU Shogi 1.4.2, xshogi dialect, 40 moves in 60 s (TC is ignored)
#   gps           GPSShogi 0.7.0, book off, one thread         (/usr/games/gpsusi -N 1)
# GAMES defaults to 200 and TC to 10+0.1 (seconds + increment). GPSShogi aborts on
# increments, so against it TC is seconds a move (default 1) and both sides speak USI, as the
# figures against it were first measured (anchors/README.md).
#
# Each game's records go to OUT/ANCHOR, both engines' timed input and output to
# OUT/ANCHOR/logs (the time of every move, and what the engine said of it).
#
# Environment: BIN (our engine, default a copy of target/release/gnushogi, so a rebuild does
# not change it mid-match), ANCHORS (default ../shared/anchors), OUT (default
# target/anchors), OPENINGS (default tests/data/openings.txt, shuffled), SEED (the shuffle;
# default 1, so that a long match can be split into parts run one after another), REFEREE.
set -eu
cd "$(dirname "$0")/.."
anchor=${1:?usage: $0 yo1|yo9|fairy-master|fairy11|gnushogi|gps [GAMES] [TC]}
games=${2:-200}
tc=${3:-}
ANCHORS=${ANCHORS:-../shared/anchors}
OUT=${OUT:-target/anchors}
OPENINGS=${OPENINGS:-tests/data/openings.txt}
REFEREE=${REFEREE:-../shared/tools/referee.py}
mkdir -p "$OUT"
if [ -z "${BIN:-}" ]; then
    BIN=$OUT/gnushogi
    cp target/release/gnushogi "$BIN"
fi

# YaneuraOu's defaults do not suit a match (four threads, 1 GiB hash, a 2 s minimum think,
# network delays, a book file): anchors/README.md gives these.
yaneuraou="--option2 Threads=1 --option2 USI_Hash=64 --option2 USI_OwnBook=false
    --option2 BookFile=no_book --option2 NetworkDelay=0 --option2 NetworkDelay2=0
    --option2 MinimumThinkingTime=100 --option2 RoundUpToFullSecond=false"
clock="--tc ${tc:-10+0.1}"
name=$anchor
ours="--engine1 '$BIN' --proto1 cecp --init1 xboard"
case $anchor in
yo1) opponent="--engine2 $ANCHORS/YaneuraOu-material-lv1 --proto2 usi $yaneuraou" ;;
yo9) opponent="--engine2 $ANCHORS/YaneuraOu-material-lv9 --proto2 usi $yaneuraou" ;;
fairy-master)
    opponent="--engine2 $ANCHORS/fairy-stockfish-master --proto2 usi --option2 Threads=1
        --option2 USI_Hash=64 --option2 USI_Variant=shogi"
    ;;
fairy11)
    # 11.1 reads the USI clocks the wrong way round.
    opponent="--engine2 /usr/games/fairy-stockfish --proto2 usi --usi-swap-clocks2
        --option2 Threads=1 --option2 Hash=64 --option2 UCI_Variant=shogi"
    ;;
gnushogi)
    clock="--tc 40/60"
    name=gnushogi-1.4.2
    opponent="--engine2 /usr/games/gnushogi\ -B\ /usr/lib/games/gnushogi/gnushogi.bbk
        --proto2 xshogi --xshogi-permove2"
    ;;
gps)
    clock="--st ${tc:-1}"
    ours="--engine1 '$BIN --usi' --proto1 usi --option1 OwnBook=false --option1 USI_Hash=64
        --option1 Threads=1"
    opponent="--engine2 '/usr/games/gpsusi -N 1' --proto2 usi --option2 BookDepth=0
        --option2 Thread=1"
    ;;
*)
    echo "$0: unknown anchor '$anchor' (yo1, yo9, fairy-master, fairy11, gnushogi, gps)" >&2
    exit 2
    ;;
esac

# shellcheck disable=SC2086 # the option lists are split on purpose
eval python3 "$REFEREE" --games "$games" --openings "$OPENINGS" --shuffle --seed "${SEED:-1}" \
    $clock --pgn-out "$OUT/$anchor" --log-dir "$OUT/$anchor/logs" \
    $ours --name1 gnushogi --name2 "$name" \
    $opponent >"$OUT/$anchor.txt" 2>&1 || true
grep -E '^(Score|Elo|Terminations)' "$OUT/$anchor.txt" | sed "s/^/$anchor: /"
