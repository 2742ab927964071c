//! The evaluation's table: its layout, its source, the start position.

use gnushogi::eval::*;
use gnushogi::notation::parse_sfen;
use gnushogi::rules::Position;

#[test]
fn start_position_is_balanced_and_symmetric() {
    let p = Position::startpos();
    assert_eq!(material(&p), 0);
    assert_eq!(evaluate(&p), PARAMS[P_TEMPO]);
    let after =
        parse_sfen("lnsgkgsnl/1r5b1/ppppppppp/9/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL w - 2").unwrap();
    let mirror =
        parse_sfen("lnsgkgsnl/1r5b1/pppppp1pp/6p2/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 2").unwrap();
    assert_eq!(evaluate(&after), evaluate(&mirror));
}

#[test]
fn material_counts_hands() {
    let p = parse_sfen("4k4/9/9/9/9/9/9/9/4K4 b R 1").unwrap();
    assert_eq!(material(&p), HAND_VALUE[5]);
    assert!(evaluate(&p) > 800);
}

#[test]
fn table_layout_is_complete() {
    assert_eq!(PARAMS.len(), NUM_PARAMS);
    let mut next = 0;
    for (_, start, len, _) in LAYOUT {
        assert_eq!(start, next);
        next += len;
    }
    assert_eq!(next, NUM_PARAMS);
}

#[test]
fn params_source_round_trips_the_table() {
    let header = "The evaluation weights.";
    let src = params_source(&PARAMS, header);
    let numbers: Vec<i32> = src
        .lines()
        .filter(|l| !l.trim_start().starts_with("//") && !l.contains('['))
        .flat_map(|l| l.split(',').filter_map(|x| x.trim().parse().ok()).collect::<Vec<i32>>())
        .collect();
    assert_eq!(numbers, PARAMS.to_vec());
}
