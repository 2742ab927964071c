//! The trainer's left-right mirror (`examples/common/mirror.rs`, `nnue_train --mirror`), its
//! rounding of float weights to the engine's network and back (`examples/common/quantize.rs`),
//! and the self-play generator's network (`selfplay --eval-file`).

#[path = "../examples/common/mirror.rs"]
mod mirror;

use crate::common::quantize::{dequantize, quantize};
use crate::common::{BIN, fresh_dir};
use gnushogi::eval::nnue::{HIDDEN, L2, LOGIT_K, Network, NetworkError, active_features};
use gnushogi::notation::{parse_sfen, to_sfen};
use gnushogi::rules::{Move, MoveList, Position, START_SFEN};
use mirror::{mirror, mirror_square};

/// Self-play positions with promoted pieces and full hands, either side to move.
const POSITIONS: [&str; 5] = [
    START_SFEN,
    "ln1g1gsnl/3s3r1/p2pk2p1/1pp3p1p/9/5+B1P1/PP1PPPP2/4G4/LNSGK1SNL w B2Pr2p 32",
    "1n2k4/2G3r2/1rppG2pl/4s1p2/1p7/p1PP1P1P1/1PG6/1BK4+p1/LN4S2 b GS2Pbs2n2l4p 115",
    "2s6/1k1G4R/lpp6/3sp2pL/2NN1n2P/1gPPP1P2/4R1pPp/2K4+b1/9 w B2GL2P2snl4p 150",
    "+L2gk1gnl/3s5/p1pp1+N1p1/4p1p2/8p/1P+r6/2+rPSPP1P/3GK4/6GNL w BSL3Pbsn3p 60",
];

fn legal(pos: &Position) -> Vec<Move> {
    let mut list = MoveList::new();
    pos.legal_moves(&mut list);
    list.to_vec()
}

fn mirror_move(m: Move) -> Move {
    match (m.from(), m.drop_kind()) {
        (Some(from), _) => {
            Move::normal(mirror_square(from), mirror_square(m.to()), m.is_promotion())
        }
        (None, Some(kind)) => Move::drop(kind, mirror_square(m.to())),
        (None, None) => unreachable!("a move is a board move or a drop"),
    }
}

#[test]
fn mirror_reflects_the_files_only() {
    let start = parse_sfen(START_SFEN).unwrap();
    assert_eq!(
        to_sfen(&mirror(&start)),
        "lnsgkgsnl/1b5r1/ppppppppp/9/9/9/PPPPPPPPP/1R5B1/LNSGKGSNL b - 1"
    );
    let pos = parse_sfen(POSITIONS[1]).unwrap();
    assert_eq!(
        to_sfen(&mirror(&pos)),
        "lnsg1g1nl/1r3s3/1p2kp2p/p1p3pp1/9/1P1+B5/2PPPP1PP/4G4/LNS1KGSNL w B2Pr2p 32"
    );
}

#[test]
fn mirroring_twice_is_the_identity() {
    for sfen in POSITIONS {
        let pos = parse_sfen(sfen).unwrap();
        assert_eq!(to_sfen(&mirror(&mirror(&pos))), to_sfen(&pos), "{sfen}");
    }
}

#[test]
fn the_mirror_has_the_mirrored_legal_moves() {
    for sfen in POSITIONS {
        let pos = parse_sfen(sfen).unwrap();
        let mirrored = mirror(&pos);
        assert_eq!(mirrored.side_to_move(), pos.side_to_move(), "{sfen}");
        assert_eq!(mirrored.in_check(), pos.in_check(), "{sfen}");
        let mut expected: Vec<u16> =
            legal(&pos).into_iter().map(|m| mirror_move(m).to_u16()).collect();
        let mut got: Vec<u16> = legal(&mirrored).into_iter().map(Move::to_u16).collect();
        expected.sort_unstable();
        got.sort_unstable();
        assert!(!got.is_empty(), "{sfen}");
        assert_eq!(got, expected, "{sfen}");
    }
}

/// Builds the self-play example beside the program, in its profile: `cargo test` builds the
/// examples, but `cargo test --test tests trainer::` does not, and would run a stale one.
fn build_selfplay() -> std::path::PathBuf {
    let profile_dir = std::path::Path::new(BIN).parent().unwrap();
    let mut cargo = std::process::Command::new(env!("CARGO"));
    cargo.args(["build", "--quiet", "--example", "selfplay"]);
    if profile_dir.ends_with("release") {
        cargo.arg("--release");
    }
    let status = cargo.current_dir(env!("CARGO_MANIFEST_DIR")).status().expect("cargo runs");
    assert!(status.success(), "cargo build --example selfplay: {status}");
    profile_dir.join("examples").join("selfplay")
}

/// Runs the self-play example for three short games of seed 5; returns its exit code, its
/// output file's text (`None`: no file) and what it printed to standard error.
fn selfplay(
    exe: &std::path::Path,
    dir: &std::path::Path,
    name: &str,
    extra: &[&str],
) -> (Option<i32>, Option<String>, String) {
    let out = dir.join(name);
    let run = std::process::Command::new(exe)
        .args(["--games", "3", "--nodes", "200", "--score-nodes", "400", "--seed", "5"])
        .arg("--out")
        .arg(&out)
        .args(extra)
        .output()
        .expect("selfplay runs");
    let stderr = String::from_utf8_lossy(&run.stderr).into_owned();
    (run.status.code(), std::fs::read_to_string(&out).ok(), stderr)
}

#[test]
fn selfplay_plays_with_the_network_it_is_given() {
    let exe = build_selfplay();
    let dir = fresh_dir("selfplay-net");
    let shipped = concat!(env!("CARGO_MANIFEST_DIR"), "/nnue/gnushogi.nnue");
    let random = dir.join("random.nnue");
    std::fs::write(&random, Network::random(7).to_bytes()).unwrap();

    let (code, built_in, err) = selfplay(&exe, &dir, "built-in.tsv", &[]);
    assert_eq!(code, Some(0), "{err}");
    let built_in = built_in.unwrap();
    assert!(built_in.lines().count() > 10, "{built_in}");
    let (code, from_file, err) = selfplay(&exe, &dir, "file.tsv", &["--eval-file", shipped]);
    assert_eq!(code, Some(0), "{err}");
    assert_eq!(from_file.unwrap(), built_in, "the shipped file is the built-in network");
    let (code, other, err) =
        selfplay(&exe, &dir, "random.tsv", &["--eval-file", random.to_str().unwrap()]);
    assert_eq!(code, Some(0), "{err}");
    assert_ne!(other.unwrap(), built_in, "another network plays other games");

    let not_a_network = concat!(env!("CARGO_MANIFEST_DIR"), "/Cargo.toml");
    for (args, says) in [
        (&["--eval-file", not_a_network][..], "not a network"),
        (&["--eval-file", "/nonexistent/net.nnue"][..], "/nonexistent/net.nnue"),
        (&["--eval-file"][..], "needs a network file"),
    ] {
        let (code, out, err) = selfplay(&exe, &dir, "bad.tsv", args);
        assert_eq!(code, Some(2), "{args:?}: {err}");
        assert!(err.contains(says), "{args:?}: {err}");
        assert_eq!(out, None, "{args:?}: no output file is started");
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// A small random network in floats (`quantize`'s argument order, `b3` alone last), with
/// biases and output weights larger than `Network::random`'s.
fn random_floats() -> [Vec<f32>; 6] {
    let mut state = 0x1234_5678_9abc_def1u64;
    let mut next = |scale: f32| {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        ((state >> 40) as f32 / (1u64 << 24) as f32 - 0.5) * scale
    };
    let features = gnushogi::eval::nnue::FEATURES;
    let w1: Vec<f32> = (0..features * HIDDEN).map(|_| next(0.1)).collect();
    let b1: Vec<f32> = (0..HIDDEN).map(|_| next(0.5) + 0.3).collect();
    let w2: Vec<f32> = (0..L2 * 2 * HIDDEN).map(|_| next(0.2)).collect();
    let b2: Vec<f32> = (0..L2).map(|_| next(0.5)).collect();
    let w3: Vec<f32> = (0..L2).map(|_| next(2.0)).collect();
    [w1, b1, w2, b2, w3, vec![0.1]]
}

fn quantized(p: &[Vec<f32>; 6]) -> Network {
    quantize(&p[0], &p[1], &p[2], &p[3], &p[4], p[5][0]).unwrap()
}

/// The float network's logit for the side to move of `pos`, as the trainer computes it.
fn float_logit(p: &[Vec<f32>; 6], pos: &Position) -> f64 {
    let acc = |persp| {
        let mut a = p[1].clone();
        let mut f = Vec::new();
        active_features(pos, persp, &mut f);
        for f in f {
            for (x, w) in a.iter_mut().zip(&p[0][usize::from(f) * HIDDEN..][..HIDDEN]) {
                *x += w;
            }
        }
        a.iter().map(|x| x.clamp(0.0, 1.0)).collect::<Vec<f32>>()
    };
    let stm = pos.side_to_move();
    let input = [acc(stm), acc(!stm)].concat();
    let mut out = f64::from(p[5][0]);
    for k in 0..L2 {
        let row = &p[2][k * 2 * HIDDEN..][..2 * HIDDEN];
        let s: f32 = row.iter().zip(&input).map(|(w, x)| w * x).sum::<f32>() + p[3][k];
        out += f64::from(s.clamp(0.0, 1.0) * p[4][k]);
    }
    out
}

#[test]
fn integer_inference_follows_the_float_network() {
    let net = quantized(&random_floats());
    // The float network the integers stand for: the same weights, rounded as they are.
    let floats = dequantize(&net);
    for sfen in [
        "lnsgkgsnl/1r5b1/ppppppppp/9/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL w - 2",
        "lns2g1nl/1r3gkb1/p1ppp1sp1/5p2p/1p4PP1/2P1P1S1P/PPBP1PN2/3G3R1/LNS1K1G1L w P 30",
        "4k4/9/9/9/9/9/9/9/4K4 b 2R2B4G4S4N4L18P 1",
    ] {
        let pos = parse_sfen(sfen).unwrap();
        let want = float_logit(&floats, &pos) / LOGIT_K;
        let got = f64::from(net.evaluate(&pos));
        // The hidden units are rounded to 1/QA: some centipawns.
        assert!((want - got).abs() < 30.0, "{sfen}: {want} vs {got}");
    }
}

#[test]
fn files_of_the_format_before_are_read_at_its_scale() {
    // GSNNUE03 put an activation of 1.0 at 127, a quarter of today's QA (508): its first
    // layer's weights and the biases at that scale are the float ones times 127, not 508.
    // Such a file is today's file of the same network with those weights divided by 4.
    let p = random_floats();
    let quarter = |v: &[f32]| v.iter().map(|x| x / 4.0).collect::<Vec<f32>>();
    let mut old =
        quantize(&quarter(&p[0]), &quarter(&p[1]), &p[2], &quarter(&p[3]), &p[4], p[5][0] / 4.0)
            .unwrap()
            .to_bytes();
    old[..8].copy_from_slice(b"GSNNUE03");
    let net = Network::from_bytes(&old).unwrap();
    for sfen in POSITIONS {
        let pos = parse_sfen(sfen).unwrap();
        let want = float_logit(&p, &pos) / LOGIT_K;
        let got = f64::from(net.evaluate(&pos));
        // The first layer's weights were rounded to 1/127: a few times more centipawns.
        assert!((want - got).abs() < 60.0, "{sfen}: {want} vs {got}");
    }
    // A weight at the old scale too large for the new one is refused, not wrapped.
    let w1_at = 20;
    old[w1_at..w1_at + 2].copy_from_slice(&i16::MAX.to_le_bytes());
    assert_eq!(Network::from_bytes(&old).err(), Some(NetworkError::Range));
}

#[test]
fn dequantized_weights_quantize_back_to_the_same_network() {
    // The shipped network, the one a trainer continues from, and a random one whose
    // weights are not the shipped network's.
    for (name, net) in
        [("built-in", (*Network::built_in()).clone()), ("random", quantized(&random_floats()))]
    {
        let back = quantized(&dequantize(&net));
        assert!(back.to_bytes() == net.to_bytes(), "{name}");
    }
}
