#!/bin/sh
# Fills fuzz/corpus/<target>/ with seeds from the repository's own test data (the corpora
# themselves are not committed). Run from anywhere; files already there are kept.
set -eu
cd "$(dirname "$0")"
d=../tests/data
c=corpus
for t in usi_session cecp_session cecp_commands gnu_commands csa_protocol records game_files text_book \
    compiled_book notation; do
    mkdir -p "$c/$t"
done
# Protocol lines: the string literals of the transcript tests, one file per test file.
lits() { grep -o '"[^"\\]*"' "$1" | tr -d '"' | grep -v '^$' || true; }
lits ../tests/usi.rs > "$c/usi_session/usi-literals"
sed -n 's/^\([^#][^\t]*\)\t.*/position sfen \1 moves/p' "$d/positions.tsv" | head -20 \
    > "$c/usi_session/positions"
printf 'usi\nisready\nusinewgame\nposition startpos moves 7g7f 3c3d 8h2b+\ngameover win\n' \
    > "$c/usi_session/game"
lits ../tests/cecp.rs > "$c/cecp_commands/cecp-literals"
cp "$c/cecp_commands/cecp-literals" "$c/cecp_session/cecp-literals"
lits ../tests/text.rs > "$c/gnu_commands/text-literals"
lits ../tests/xshogi.rs > "$c/gnu_commands/xshogi-literals"
cp "$d/piped/text.in" "$c/gnu_commands/piped-text"
# A CSA server's game: the summary of src/protocol/csa/summary.rs's tests, then moves.
{
    echo 'LOGIN:me OK'
    echo 'BEGIN Game_Summary'
    sed -n '/pub const EVEN: &str = "/,/END Game_Summary/p' ../src/protocol/csa/summary.rs |
        sed 's/.*pub const EVEN: &str = "//; s/";$//'
    printf 'START:x\n+7776FU,T3\n-3334FU,T1\n%%TORYO,T2\n#RESIGN\n#WIN\n'
} > "$c/csa_protocol/game"
# Records: the first byte picks the format (records.rs): 0 KIF, 1 KIFU, 2 CSA, 3 USI,
# 0x80 + 0/1/2 the book maker's USI list, CSA, KIF.
{ printf '\000'; cat "$d/habu-fujii-2006.kif"; } > "$c/records/kif"
{ printf '\001'; cat "$d/shogidb2.kifu"; } > "$c/records/kifu"
{ printf '\002'; cat "$d/kifu32335.csa"; } > "$c/records/csa"
{ printf '\003'; echo 'position startpos moves 7g7f 3c3d 8h2b+ 3a2b'; } > "$c/records/usi"
{ printf '\200'; head -c 3000 "$d/records-usi.tsv"; } > "$c/records/usi-list"
for f in "$d"/text/*.sav "$d"/text/*.xpos; do cp "$f" "$c/game_files/"; done
# Books: the first byte is the ply limit.
{ printf '\050'; head -c 4000 "$d/gnushogi.tbk"; } > "$c/text_book/tbk"
{ printf '\050'; cat "$d/text/debian-bsave.tbk"; } > "$c/text_book/bsave"
{ printf '\377'; cat ../book/gnushogi.bkb; } > "$c/compiled_book/bkb"
# Notation: a position, then moves in several notations.
n=0
sed -n 's/^\([^#][^\t]*\)\t.*/\1/p' "$d/positions.tsv" | head -10 | while read -r s; do
    n=$((n + 1))
    printf '%s\n7g7f\nP*5e\n+7776FU\n７六歩(77)\nP7f\nB8hx2b+\n' "$s" > "$c/notation/pos$n"
done
printf 'startpos\n7g7f\n3c3d\n8h2b+\n3a2b\nB*4e\n' > "$c/notation/start"
printf '\n7g7f\n+3334FU\n同　角(88)\nP*5e\n' > "$c/notation/mixed"
