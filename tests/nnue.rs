//! The learned evaluation (`eval::nnue`): its features, its file, its output layers and the
//! accumulators a search keeps along its path, each against a fresh build. (The trainer's
//! rounding of float weights, and the float network the integers stand for, are tested with
//! the trainer, in `trainer.rs`.)

use gnushogi::eval::nnue::{
    Accumulators, FEATURES, HAND_MAX, HIDDEN, MAX_ACTIVE, Network, NetworkError, QA,
    active_features, hand_feature, piece_features,
};
use gnushogi::notation::{parse_sfen, usi::parse_square};
use gnushogi::rules::{Color, MoveList, PieceKind, Position};

/// A xorshift generator of a fixed seed.
fn xorshift(mut state: u64) -> impl FnMut() -> u64 {
    move || {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state
    }
}

#[test]
fn features_are_in_range_distinct_and_mirror_between_the_sides() {
    let pos =
        parse_sfen("lnsgkgsnl/1r5b1/ppppppppp/9/9/2P6/PP1PPPPP1/1B5R1/LNSGKGSNL w P 2").unwrap();
    let mut black = Vec::new();
    active_features(&pos, Color::Black, &mut black);
    assert!(black.iter().all(|&f| usize::from(f) < FEATURES));
    assert!(black.len() <= MAX_ACTIVE);
    let mut sorted = black.clone();
    sorted.sort_unstable();
    sorted.dedup();
    assert_eq!(sorted.len(), black.len());
    // 37 pieces on the board, two features each; two kings; a pawn in hand.
    assert_eq!(black.len(), 37 * 2 + 2 + 1);
    // The same position with the colours exchanged gives White the features Black had.
    let mirror =
        parse_sfen("lnsgkgsnl/1r5b1/1ppppp1pp/6p2/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b p 2").unwrap();
    let mut white = Vec::new();
    active_features(&mirror, Color::White, &mut white);
    white.sort_unstable();
    assert_eq!(sorted, white);
}

#[test]
fn hand_thermometers_do_not_overlap() {
    let mut all = Vec::new();
    for color in Color::ALL {
        for (i, &max) in HAND_MAX.iter().enumerate() {
            all.extend((1..=max).map(|c| hand_feature(Color::Black, color, i, c)));
        }
    }
    let n = all.len();
    all.sort_unstable();
    all.dedup();
    assert_eq!(all.len(), n);
    assert_eq!(usize::from(*all.last().unwrap()), FEATURES - 1);
}

#[test]
fn the_built_in_network_corrects_the_table_by_a_little() {
    // A trained correction: small beside the table's scores, and not zero.
    let net = Network::built_in();
    let mut sum = 0;
    for sfen in [
        "lnsgkgsnl/1r5b1/ppppppppp/9/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL w - 2",
        "lns2g1nl/1r3gkb1/p1ppp1sp1/5p2p/1p4PP1/2P1P1S1P/PPBP1PN2/3G3R1/LNS1K1G1L w P 30",
        "ln1g3nl/1r1sgk3/p1pppp1pp/1p3sp2/7P1/2P1P4/PPSP1PP1P/2G1G2R1/LN2K2NL b Bb 27",
    ] {
        let c = net.evaluate(&parse_sfen(sfen).unwrap());
        assert!(c.abs() < 1500, "{sfen}: {c}");
        sum += c.abs();
    }
    assert!(sum > 0);
}

#[test]
fn files_round_trip_and_bad_ones_are_refused() {
    let net = Network::random(5);
    let bytes = net.to_bytes();
    assert_eq!(bytes.len(), Network::FILE_LEN);
    let back = Network::from_bytes(&bytes).unwrap();
    assert!(back == net);
    let pos = Position::startpos();
    assert_eq!(back.evaluate(&pos), net.evaluate(&pos));
    assert_eq!(Network::from_bytes(&bytes[..100]).err(), Some(NetworkError::Size));
    assert_eq!(Network::from_bytes(b"not a network file").err(), Some(NetworkError::Header));
}

#[test]
fn networks_whose_accumulators_could_overflow_are_refused() {
    // Unit 3's bias at 0 and its column of the first layer empty but for `MAX_ACTIVE`
    // weights of `w` (or `-w`), spread over the features: the largest sum a position could
    // give is `MAX_ACTIVE * w`, which fits an i16 at 207 and not at 208.
    let (unit, header) = (3, 20);
    let set_w1 = |bytes: &mut [u8], f: usize, w: i16| {
        let at = header + 2 * (f * HIDDEN + unit);
        bytes[at..at + 2].copy_from_slice(&w.to_le_bytes());
    };
    let file = |w: i16| {
        let mut bytes = Network::random(5).to_bytes();
        for f in 0..FEATURES {
            set_w1(&mut bytes, f, 0);
        }
        let b1 = header + 2 * (FEATURES * HIDDEN + unit);
        bytes[b1..b1 + 2].copy_from_slice(&0i16.to_le_bytes());
        for i in 0..MAX_ACTIVE {
            set_w1(&mut bytes, i * (FEATURES / MAX_ACTIVE), w);
        }
        bytes
    };
    assert_eq!(MAX_ACTIVE * 207, 32_706);
    for sign in [1, -1] {
        assert!(Network::from_bytes(&file(sign * 207)).is_ok());
        assert_eq!(Network::from_bytes(&file(sign * 208)).err(), Some(NetworkError::Range));
    }
    // The built-in network is far inside.
    assert!(Network::from_bytes(&Network::built_in().to_bytes()).is_ok());
}

#[test]
fn accumulators_along_paths_match_a_fresh_build() {
    let net = Network::random(11);
    let mut accs = Accumulators::new(64);
    let mut next = xorshift(0x2545_f491_4f6c_dd1d);
    for _ in 0..40 {
        // A random path from the start, going back now and then, as a search does, and
        // evaluated at some plies only (the others are brought up lazily).
        let mut path = vec![Position::startpos()];
        accs.push_null(0);
        for _ in 0..60 {
            if path.len() > 3 && next().is_multiple_of(4) {
                path.truncate(path.len() - 1 - (next() % 3) as usize);
            }
            let pos = path.last().unwrap().clone();
            let mut list = MoveList::new();
            pos.legal_moves(&mut list);
            if list.is_empty() {
                break;
            }
            let ply = path.len();
            if next().is_multiple_of(10) {
                let mut child = pos.clone();
                child.play_null();
                if !child.in_check() && !pos.in_check() {
                    accs.push_null(ply);
                    path.push(child);
                    continue;
                }
            }
            let m = list.get((next() % list.len() as u64) as usize).unwrap();
            accs.push(ply, &pos, m);
            let child = pos.played(m);
            match next() % 6 {
                0 | 1 => {}
                2 => {
                    let persp = if next().is_multiple_of(2) { Color::Black } else { Color::White };
                    let mut fresh = [0; HIDDEN];
                    net.refresh(&child, persp, &mut fresh);
                    assert_eq!(accs.accumulator(&net, &child, ply, persp), fresh, "{m}");
                }
                _ => assert_eq!(accs.evaluate(&net, &child, ply), net.evaluate(&child), "{m}"),
            }
            path.push(child);
        }
    }
}

#[test]
fn rebuilds_from_a_king_square_cache_match_a_fresh_build() {
    // Positions one after the other at the root, each rebuilt through the same cache: its
    // slots (a king square each) are met again by boards, hands and enemy kings far from
    // the ones they kept.
    let net = Network::random(13);
    let mut accs = Accumulators::new(4);
    let sfens = [
        "lnsgkgsnl/1r5b1/ppppppppp/9/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL w - 2",
        "4k4/9/9/9/9/9/9/9/4K4 b 2R2B4G4S4N4L18P 1",
        "lns2g1nl/1r3gkb1/p1ppp1sp1/5p2p/1p4PP1/2P1P1S1P/PPBP1PN2/3G3R1/LNS1K1G1L w P 30",
        "ln1g3nl/1r1sgk3/p1pppp1pp/1p3sp2/7P1/2P1P4/PPSP1PP1P/2G1G2R1/LN2K2NL b Bb 27",
        "4k4/9/9/9/9/9/9/9/4K4 w 2r2b4g4s4n4l18p 1",
        "9/9/9/9/4k4/9/9/9/4K4 b - 1",
        "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSG1GSNL b - 1",
    ];
    for round in 0..3 {
        for (i, sfen) in sfens.iter().enumerate().skip(round) {
            let pos = parse_sfen(sfen).unwrap();
            accs.push_null(0);
            for persp in Color::ALL {
                let mut fresh = [0; HIDDEN];
                net.refresh(&pos, persp, &mut fresh);
                let got = accs.accumulator(&net, &pos, 0, persp);
                assert_eq!(got, fresh, "{i} {sfen} {persp:?}");
            }
        }
    }
}

#[test]
fn adding_and_removing_rows_follows_a_move() {
    let net = Network::random(17);
    let before = Position::startpos();
    let after =
        parse_sfen("lnsgkgsnl/1r5b1/ppppppppp/9/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL w - 2").unwrap();
    for persp in Color::ALL {
        let mut acc = [0; HIDDEN];
        net.refresh(&before, persp, &mut acc);
        let sq = |s: &str| parse_square(s).unwrap();
        let king = before.king_square(persp);
        let (mut gone, mut new) = (Vec::new(), Vec::new());
        let pawn = PieceKind::Pawn;
        piece_features(persp, king, Color::Black, pawn, sq("7g"), &mut gone);
        piece_features(persp, king, Color::Black, pawn, sq("7f"), &mut new);
        gone.into_iter().for_each(|f| net.remove(&mut acc, f));
        new.into_iter().for_each(|f| net.add(&mut acc, f));
        let mut fresh = [0; HIDDEN];
        net.refresh(&after, persp, &mut fresh);
        assert_eq!(acc, fresh);
    }
}

#[test]
fn the_vector_output_layer_gives_the_portable_ones_numbers() {
    #[cfg(target_arch = "x86_64")]
    assert!(std::arch::is_x86_feature_detected!("avx2"), "this test wants an AVX2 machine");
    let mut next = xorshift(0x9e37_79b9_7f4a_7c15);
    // Below 0, inside 0..=QA and above it: the clip's three cases.
    let mut lane = || (next() % (3 * QA as u64)) as i16 - QA as i16;
    for net in [Network::random(7), Network::random(19), (*Network::built_in()).clone()] {
        for _ in 0..2000 {
            let us: [i16; HIDDEN] = std::array::from_fn(|_| lane());
            let them: [i16; HIDDEN] = std::array::from_fn(|_| lane());
            let Some(fast) = net.output_simd(&us, &them) else { return };
            assert_eq!(fast, net.output(&us, &them), "{us:?} {them:?}");
        }
    }
}
