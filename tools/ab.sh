#!/bin/sh
# A match between two builds of ours, both over USI, one thread and 64 MiB each, book off,
# one game at a time, shuffled openings (doc/strength.md: every search or evaluation change is
# kept on such a match against the build before it).
#
#   tools/ab.sh NEW OLD GAMES [CONTROL]
#
# NEW and OLD are program paths (copies, so that a rebuild does not change them mid-match).
# CONTROL is referee.py's: "--st 0.25" (seconds a move, the default) or "--tc 10+0.1".
# Environment: OUT (default target/ab), OPENINGS (default tests/data/openings.txt), SEED (the
# shuffle, default 1: a long match is split into parts with other seeds), EXTRA1 (more options
# for NEW, e.g. "--option1 EvalFile=/path/net.nnue" to try a network with one build), EXTRA2
# (more options for OLD), REFEREE. A match by nodes, which the load beside it cannot tilt:
#   EXTRA1="--option1 SkillLevel=16" EXTRA2="--option2 SkillLevel=16" tools/ab.sh NEW OLD 90 "--st 10"
set -eu
cd "$(dirname "$0")/.."
new=${1:?usage: $0 NEW OLD GAMES [CONTROL]}
old=${2:?usage: $0 NEW OLD GAMES [CONTROL]}
games=${3:?usage: $0 NEW OLD GAMES [CONTROL]}
control=${4:---st 0.25}
OUT=${OUT:-target/ab}
OPENINGS=${OPENINGS:-tests/data/openings.txt}
REFEREE=${REFEREE:-../shared/tools/referee.py}
mkdir -p "$OUT"
# shellcheck disable=SC2086 # the control and EXTRA1 are option lists, split on purpose
python3 "$REFEREE" --engine1 "$new --usi" --proto1 usi --name1 new \
    --option1 OwnBook=false --option1 USI_Hash=64 --option1 Threads=1 ${EXTRA1:-} \
    --engine2 "$old --usi" --proto2 usi --name2 old \
    --option2 OwnBook=false --option2 USI_Hash=64 --option2 Threads=1 ${EXTRA2:-} \
    --games "$games" $control --openings "$OPENINGS" --shuffle --seed "${SEED:-1}" \
    --pgn-out "$OUT" --log-dir "$OUT/logs" >"$OUT/out.txt" 2>&1 || true
tail -n 5 "$OUT/out.txt"
