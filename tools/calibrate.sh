#!/bin/sh
# Calibrates the strength levels (doc/strength.md) with the shared referee, one game at a time.
#
#   tools/calibrate.sh levels [FROM [TO]]     each level FROM..TO against the level below
#   tools/calibrate.sh gnushogi LEVEL         a level against GNU Shogi 1.4.2 (1 s a move)
#   tools/calibrate.sh fairy LEVEL ELO        a level against Fairy-Stockfish at UCI_Elo ELO
#
# Environment: BIN (the engine, default a copy of target/release/gnushogi, so a rebuild does
# not change it mid-match), GAMES (default 60), OUT (results, default target/calibration),
# REFEREE, OPENINGS, SEED (the openings' shuffle; default the level, so that one match can
# be split into parts with other seeds and other OUTs run side by side), RESIGN (a ResignValue in centipawns for both of our engines, to end lost
# games sooner; unset, a game ends only at a mate or a proved one). The levels are node-limited, so the results do not depend on the
# machine's load; --st is only a generous ceiling so that no one loses on time.
set -eu
cd "$(dirname "$0")/.."
OUT=${OUT:-target/calibration}
GAMES=${GAMES:-60}
REFEREE=${REFEREE:-/work/shared/tools/referee.py}
OPENINGS=${OPENINGS:-tests/data/openings.txt}
mkdir -p "$OUT"
resign=""
if [ -n "${RESIGN:-}" ]; then
    resign="ResignValue=$RESIGN"
fi
if [ -z "${BIN:-}" ]; then
    BIN=$OUT/gnushogi
    cp target/release/gnushogi "$BIN"
fi

# match NAME REFEREE-ARGS...: runs one match, keeping its summary in $OUT/NAME.txt
match() {
    name=$1
    shift
    python3 "$REFEREE" --games "$GAMES" --openings "$OPENINGS" --shuffle \
        --pgn-out "$OUT/$name" "$@" >"$OUT/$name.txt" 2>&1 || true
    grep -E '^(Score|Elo|Terminations)' "$OUT/$name.txt" | sed "s/^/$name: /"
}

case ${1:-levels} in
levels)
    from=${2:-1}
    to=${3:-19}
    l=$from
    while [ "$l" -le "$to" ]; do
        below=$((l - 1))
        match "level$l-vs-level$below" --seed "${SEED:-$l}" --st 30 \
            --engine1 "$BIN --usi" --proto1 usi --name1 "level$l" --option1 "Skill Level=$l" \
            --engine2 "$BIN --usi" --proto2 usi --name2 "level$below" \
            --option2 "Skill Level=$below" ${resign:+--option1 "$resign" --option2 "$resign"}
        l=$((l + 1))
    done
    ;;
gnushogi)
    l=$2
    match "level$l-vs-gnushogi142" --seed "$l" --st 1 \
        --engine1 "$BIN --usi" --proto1 usi --name1 "level$l" --option1 "Skill Level=$l" \
        --engine2 "/usr/games/gnushogi -B /usr/lib/games/gnushogi/gnushogi.bbk" \
        --proto2 xshogi --name2 gnushogi-1.4.2
    ;;
fairy)
    l=$2
    elo=$3
    match "level$l-vs-fairy$elo" --seed "$l" --st 1 \
        --engine1 "$BIN --usi" --proto1 usi --name1 "level$l" --option1 "Skill Level=$l" \
        --engine2 /usr/games/fairy-stockfish --proto2 usi --usi-swap-clocks2 \
        --name2 "fairy-stockfish-$elo" --option2 UCI_Variant=shogi \
        --option2 UCI_LimitStrength=true --option2 "UCI_Elo=$elo"
    ;;
*)
    echo "usage: $0 levels [FROM [TO]] | gnushogi LEVEL | fairy LEVEL ELO" >&2
    exit 2
    ;;
esac
