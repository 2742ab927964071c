// Reads game records with the record libraries of the programs players use, and prints what
// each understood, one JSON object a line: the file, the reader, the start (SFEN), the moves
// (USI), and for ShogiHome's reader the analysis its comment parser finds on each move.
// The file names come on stdin, one a line; `.kif` is Shift-JIS, `.kifu` and `.csa` UTF-8.
// Driven by tests/records_readers.rs; `npm ci` in this directory installs the readers.
import { readFileSync } from "node:fs";
import * as tsshogi from "tsshogi";
import jkf from "json-kifu-format";
import { parseKifHeader, parseKifMoveOrDrop, normalizedKifLines } from "shogiops/notation/kif";
import { parseCsaHeader, parseCsaMoveOrDrop, normalizedCsaLines } from "shogiops/notation/csa";
import { makeSfen } from "shogiops/sfen";
import { makeUsi } from "shogiops/util";

const { JKFPlayer } = jkf;

// ShogiHome's research comments (its src/common/record/comment.ts): the score or the mate,
// and the line, read from the position after the move.
function shogihomeAnalysis(position, comment) {
  let score = null;
  let pv = null;
  for (const line of comment.split("\n")) {
    const s = /^#評価値=([+-]?[0-9]+(?:\.[0-9]+)?)/.exec(line);
    if (s) score = Number(s[1]);
    const m = /^#詰み=(先手勝ち|後手勝ち)(?::([0-9]+)手)?/.exec(line);
    if (m) score = (m[1] === "先手勝ち" ? "mate+" : "mate-") + (m[2] ?? "");
    if (/^#読み筋=/.test(line)) pv = tsshogi.parsePV(position, line.substring(5)).map((mv) => mv.usi);
  }
  return { score, pv };
}

function readTsshogi(text, csa) {
  const record = csa ? tsshogi.importCSA(text) : tsshogi.importKIF(text);
  if (record instanceof Error) throw record;
  const moves = [];
  const analysis = [];
  let end = null;
  for (const node of record.moves.slice(1)) {
    if (node.move instanceof tsshogi.Move) {
      moves.push(node.move.usi);
      record.goto(node.ply);
      analysis.push(shogihomeAnalysis(record.position, node.comment));
    } else {
      end = node.move.type ?? node.move.name;
    }
  }
  return { sfen: record.initialPosition.sfen, moves, end, analysis };
}

function usiOfJkf(mv) {
  const sq = (p) => `${p.x}${"abcdefghi"[p.y - 1]}`;
  if (!mv.from) return `${{ FU: "P", KY: "L", KE: "N", GI: "S", KI: "G", KA: "B", HI: "R" }[mv.piece]}*${sq(mv.to)}`;
  return sq(mv.from) + sq(mv.to) + (mv.promote ? "+" : "");
}

function readJkf(text, csa) {
  const player = csa ? JKFPlayer.parseCSA(text) : JKFPlayer.parseKIF(text);
  const sfen = player.shogi.toSFENString(1);
  const moves = [];
  let end = null;
  for (const m of player.kifu.moves.slice(1)) {
    if (m.move) moves.push(usiOfJkf(m.move));
    if (m.special) end = m.special;
  }
  return { sfen, moves, end };
}

// lishogi's shogiops has no whole-record reader: the header gives the position, each move
// line a move, as its KIF and CSA helpers are meant to be used. The moves must be legal.
function readShogiops(text, csa) {
  const pos = (csa ? parseCsaHeader(text) : parseKifHeader(text)).unwrap();
  const sfen = makeSfen(pos);
  const moves = [];
  if (csa) {
    for (const line of normalizedCsaLines(text)) {
      if (line === "/") break;
      if (!/^[+-]\d/.test(line)) continue;
      const md = parseCsaMoveOrDrop(pos, line);
      if (!md || !pos.isLegal(md)) throw new Error(`not a legal move: ${line}`);
      pos.play(md);
      moves.push(makeUsi(md));
    }
  } else {
    let last;
    for (const line of normalizedKifLines(text)) {
      if (line.startsWith("変化")) break;
      if (!/^[0-9]+ /.test(line)) continue;
      const md = parseKifMoveOrDrop(line, last);
      if (!md) break; // the ending
      if (!pos.isLegal(md)) throw new Error(`not a legal move: ${line}`);
      pos.play(md);
      moves.push(makeUsi(md));
      last = md.to;
    }
  }
  return { sfen, moves };
}

const readers = { tsshogi: readTsshogi, "json-kifu-format": readJkf, shogiops: readShogiops };
const files = readFileSync(0, "utf-8").split("\n").filter((l) => l);
for (const file of files) {
  const bytes = readFileSync(file);
  const text = new TextDecoder(file.endsWith(".kif") ? "shift_jis" : "utf-8").decode(bytes);
  const csa = file.endsWith(".csa");
  for (const [reader, read] of Object.entries(readers)) {
    let out;
    try {
      out = { file, reader, ...read(text, csa) };
    } catch (e) {
      out = { file, reader, error: String(e?.message ?? e).replaceAll("\n", " ") };
    }
    console.log(JSON.stringify(out));
  }
}
