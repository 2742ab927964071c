//! Properties over seeded random playouts, and one named case for each special rule.

mod attacks;
mod bitboard;
mod entering;
mod hand;
mod handicap;
mod moves;
mod types;

use crate::common::Rng;
use gnushogi::game::{DrawReason, Game, Outcome, WinReason};
use gnushogi::notation::text::{format_book_move, format_short_move};
use gnushogi::notation::{
    format_xboard_move, parse_sfen, parse_text_move, parse_usi_move, parse_xboard_fen,
    parse_xboard_move, to_sfen, to_xboard_fen,
};
use gnushogi::rules::{
    Color, EnteringKingRule, IllegalMove, Move, MoveList, PieceKind, Position, Square,
};

/// xorshift64*: a fixed-seed generator so failures reproduce.
fn legal(pos: &Position) -> Vec<Move> {
    let mut list = MoveList::new();
    pos.legal_moves(&mut list);
    list.to_vec()
}

fn sq(file: u8, rank: u8) -> Square {
    Square::new(file, rank).unwrap()
}

/// Every move shape there is: board moves with and without promotion, and drops.
fn all_shapes() -> Vec<Move> {
    let mut v = Vec::new();
    for from in Square::all() {
        for to in Square::all() {
            if from != to {
                v.push(Move::normal(from, to, false));
                v.push(Move::normal(from, to, true));
            }
        }
    }
    for kind in PieceKind::HAND {
        for to in Square::all() {
            v.push(Move::drop(kind, to));
        }
    }
    v
}

/// Random games from the start and from drop-rich positions; at every ply check the
/// incremental state, the SFEN/FEN round trips, and each notation of each legal move.
#[test]
fn random_playouts_keep_every_invariant() {
    let starts = [
        "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1",
        "l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w RGgsn5p 1",
        "8k/9/9/9/9/9/9/9/K8 b 2R2B4G4S4N4L9P9p 1",
    ];
    let mut rng = Rng(0x005e_ed0f_5401);
    let games = if cfg!(debug_assertions) { 6 } else { 60 };
    let mut plies = 0;
    for g in 0..games {
        let mut pos = parse_sfen(starts[g % starts.len()]).unwrap();
        for _ in 0..150 {
            assert!(pos.is_consistent(), "{}", to_sfen(&pos));
            let sfen = to_sfen(&pos);
            assert_eq!(to_sfen(&parse_sfen(&sfen).unwrap()), sfen);
            assert_eq!(parse_xboard_fen(&to_xboard_fen(&pos)).unwrap().key(), pos.key());
            let moves = legal(&pos);
            if moves.is_empty() {
                break;
            }
            for &m in &moves {
                assert_eq!(parse_usi_move(&m.to_string()).unwrap().to_move(&pos), Ok(m));
                assert_eq!(parse_xboard_move(&format_xboard_move(m)).unwrap().to_move(&pos), Ok(m));
                assert_eq!(parse_text_move(&pos, &m.to_string()).map(|x| x.0), Ok(m));
                let short = format_short_move(&pos, m);
                assert_eq!(parse_text_move(&pos, &short).map(|x| x.0), Ok(m), "{short}");
                let book = format_book_move(&pos, m);
                assert_eq!(parse_text_move(&pos, &book).map(|x| x.0), Ok(m), "{book}");
                let after = pos.played(m);
                assert_eq!(pos.gives_check(m), after.in_check(), "{m} in {sfen}");
                let keys = (after.board_key(), after.hand(pos.side_to_move()));
                assert_eq!(pos.board_key_and_hand_after(m), keys, "{m} in {sfen}");
            }
            let m = moves[rng.below(moves.len())];
            pos.play_unchecked(m);
            plies += 1;
        }
    }
    assert!(plies > games * 20);
}

/// `check_move` accepts exactly the generated moves, over every shape, in varied positions.
#[test]
fn is_legal_agrees_with_the_generator() {
    let shapes = all_shapes();
    let data = include_str!("data/perft.tsv");
    let limit = if cfg!(debug_assertions) { 15 } else { 400 };
    let mut rng = Rng(42);
    let mut positions: Vec<Position> = data
        .lines()
        .filter(|l| !l.starts_with('#'))
        .filter_map(|l| parse_sfen(l.split('\t').next()?).ok())
        .take(limit)
        .collect();
    // Add positions in check and after drops from short random walks.
    let mut p = Position::startpos();
    for _ in 0..limit {
        let moves = legal(&p);
        if moves.is_empty() {
            p = Position::startpos();
            continue;
        }
        p = p.played(moves[rng.below(moves.len())]);
        positions.push(p.clone());
    }
    for pos in &positions {
        let generated = legal(pos);
        let mut accepted: Vec<Move> = shapes.iter().copied().filter(|&m| pos.is_legal(m)).collect();
        let mut gen_sorted = generated.clone();
        gen_sorted.sort_by_key(|m| m.to_u16());
        accepted.sort_by_key(|m| m.to_u16());
        assert_eq!(accepted, gen_sorted, "{}", to_sfen(pos));
    }
}

#[test]
fn incremental_key_matches_recomputation_and_hands_count() {
    let a = parse_sfen("4k4/9/9/9/9/9/9/9/4K4 b P 1").unwrap();
    let b = parse_sfen("4k4/9/9/9/9/9/9/9/4K4 b 2P 1").unwrap();
    let c = parse_sfen("4k4/9/9/9/9/9/9/9/4K4 w P 1").unwrap();
    let d = parse_sfen("4k4/9/9/9/9/9/9/9/4K4 b p 1").unwrap();
    let keys = [a.key(), b.key(), c.key(), d.key()];
    for i in 0..4 {
        for j in i + 1..4 {
            assert_ne!(keys[i], keys[j]);
        }
    }
    // Same board and side, different hands: the board key agrees, the full key does not.
    assert_eq!(a.board_key(), b.board_key());
}

// ---- pawn-drop mate (uchifuzume) ---------------------------------------------------------

fn drop_pawn(file: u8, rank: u8) -> Move {
    Move::drop(PieceKind::Pawn, sq(file, rank))
}

#[test]
fn pawn_drop_mate_is_refused_and_never_generated() {
    // 1a king, own lance on 2a; a sente gold on 2c covers 1b and 2b.
    let p = parse_sfen("7lk/9/7G1/9/9/9/9/9/K8 b P 1").unwrap();
    assert_eq!(p.check_move(drop_pawn(1, 2)), Err(IllegalMove::PawnDropMate));
    assert!(!legal(&p).contains(&drop_pawn(1, 2)));
}

#[test]
fn pawn_drop_check_that_is_not_mate_is_legal() {
    // The king can step to 2b.
    let p = parse_sfen("7lk/9/9/9/9/9/9/9/K8 b P 1").unwrap();
    assert_eq!(p.check_move(drop_pawn(1, 2)), Ok(()));
    // The pawn is unprotected: the king takes it.
    let q = parse_sfen("7lk/7p1/9/9/9/9/9/9/K8 b P 1").unwrap();
    assert_eq!(q.check_move(drop_pawn(1, 2)), Ok(()));
}

#[test]
fn pawn_drop_mate_when_the_only_taker_is_pinned() {
    // Gote's silver on 2b could take the pawn on 1b, but it is pinned by the horse on 4d
    // against the king on 1a. The king cannot take: the knight on 2d guards 1b.
    // Every escape is covered, so the drop is mate, hence illegal.
    let p = parse_sfen("7lk/7g1/9/5+B1N1/9/9/9/9/K8 b P 1").unwrap();
    assert!(p.pinned(Color::White).contains(sq(2, 2)));
    assert_eq!(p.check_move(drop_pawn(1, 2)), Err(IllegalMove::PawnDropMate));
    // Without the pin the silver takes the pawn: legal.
    let q = parse_sfen("7lk/7g1/9/7N1/9/9/9/9/K8 b P 1").unwrap();
    assert_eq!(q.check_move(drop_pawn(1, 2)), Ok(()));
}

#[test]
fn pawn_drop_where_the_king_may_only_take_onto_an_attacked_square() {
    // 2a holds gote's lance, 2b is covered by the silver on 3c, and the knight on 2d guards
    // the pawn: taking it walks into the knight.
    let p = parse_sfen("7lk/9/6S2/7N1/9/9/9/9/K8 b P 1").unwrap();
    assert_eq!(p.check_move(drop_pawn(1, 2)), Err(IllegalMove::PawnDropMate));
    // Without the knight the king takes the pawn.
    let q = parse_sfen("7lk/9/6S2/9/9/9/9/9/K8 b P 1").unwrap();
    assert_eq!(q.check_move(drop_pawn(1, 2)), Ok(()));
}

#[test]
fn pawn_drop_mate_cannot_be_answered_by_interposition() {
    // An adjacent check has no square to interpose on: a gold in hand does not help gote.
    let p = parse_sfen("7lk/9/6S2/7N1/9/9/9/9/K8 b Pg 1").unwrap();
    assert_eq!(p.check_move(drop_pawn(1, 2)), Err(IllegalMove::PawnDropMate));
}

#[test]
fn pawn_move_that_mates_is_legal() {
    // Only a dropped pawn may not mate; pushing one may.
    let p = parse_sfen("7lk/9/6S1P/7N1/9/9/9/9/K8 b - 1").unwrap();
    let m = parse_usi_move("1c1b+").unwrap().to_move(&p).unwrap();
    let mut g = Game::new(p.played(m));
    g.rules.impasse_from_ply = usize::MAX;
    assert_eq!(
        g.outcome(),
        Some(Outcome::Win { winner: Color::Black, reason: WinReason::Checkmate })
    );
}

// ---- nifu, dead drops, forced promotion ----------------------------------------------------

#[test]
fn nifu_counts_only_unpromoted_pawns() {
    let p = parse_sfen("4k4/9/9/9/9/9/4P4/9/4K4 b P 1").unwrap();
    assert_eq!(p.check_move(drop_pawn(5, 5)), Err(IllegalMove::TwoPawns));
    let tokin = parse_sfen("4k4/9/9/9/9/9/4+P4/9/4K4 b P 1").unwrap();
    assert_eq!(tokin.check_move(drop_pawn(5, 5)), Ok(()));
    // Another side's pawn on the file does not count.
    let theirs = parse_sfen("4k4/4p4/9/9/9/9/9/9/4K4 b P 1").unwrap();
    assert_eq!(theirs.check_move(drop_pawn(5, 5)), Ok(()));
}

#[test]
fn dead_drops_are_refused() {
    let p = parse_sfen("4k4/9/9/9/9/9/9/9/4K4 b PLN 1").unwrap();
    assert_eq!(p.check_move(Move::drop(PieceKind::Pawn, sq(3, 1))), Err(IllegalMove::DeadDrop));
    assert_eq!(p.check_move(Move::drop(PieceKind::Lance, sq(3, 1))), Err(IllegalMove::DeadDrop));
    assert_eq!(p.check_move(Move::drop(PieceKind::Knight, sq(3, 2))), Err(IllegalMove::DeadDrop));
    assert_eq!(p.check_move(Move::drop(PieceKind::Knight, sq(3, 3))), Ok(()));
    let w = parse_sfen("4k4/9/9/9/9/9/9/9/4K4 w pln 1").unwrap();
    assert_eq!(w.check_move(Move::drop(PieceKind::Pawn, sq(3, 9))), Err(IllegalMove::DeadDrop));
    assert_eq!(w.check_move(Move::drop(PieceKind::Knight, sq(3, 8))), Err(IllegalMove::DeadDrop));
    let moves = legal(&p);
    assert!(moves.iter().all(|m| match m.drop_kind() {
        Some(PieceKind::Knight) => m.to().rank() >= 3,
        Some(PieceKind::Pawn | PieceKind::Lance) => m.to().rank() >= 2,
        _ => true,
    }));
}

#[test]
fn forced_and_optional_promotions() {
    // Pawn to the last rank, knight to the last two, lance to the last: promotion only.
    let p = parse_sfen("4k4/P8/7N1/L8/9/9/9/9/4K4 b - 1").unwrap();
    let moves: Vec<String> = legal(&p).iter().map(|m| m.to_string()).collect();
    assert!(moves.contains(&"9b9a+".into()) && !moves.contains(&"9b9a".into()));
    assert!(moves.contains(&"2c3a+".into()) && !moves.contains(&"2c3a".into()));
    assert!(moves.contains(&"9d9c+".into()) && moves.contains(&"9d9c".into()));
    // Silver, bishop, rook: both, including when leaving the zone.
    let q = parse_sfen("4k4/9/2S6/9/4B4/9/9/9/4K3R b - 1").unwrap();
    let moves: Vec<String> = legal(&q).iter().map(|m| m.to_string()).collect();
    for m in ["7c6d+", "7c6d", "5e3c+", "5e3c", "1i1a+", "1i1a"] {
        assert!(moves.contains(&m.to_string()), "{m}");
    }
    // Gold and king never promote; nothing promotes outside the zone.
    assert!(!moves.iter().any(|m| m == "5i5h+" || m == "5e4f+"));
}

#[test]
fn a_move_leaving_the_king_in_check_is_illegal() {
    let p = parse_sfen("4k4/4r4/9/9/9/9/9/4G4/4K4 b - 1").unwrap();
    let m = Move::normal(sq(5, 8), sq(4, 8), false);
    assert_eq!(p.check_move(m), Err(IllegalMove::KingInCheck));
    let king_into_check = Move::normal(sq(5, 9), sq(5, 8), false);
    assert_eq!(p.check_move(king_into_check), Err(IllegalMove::Occupied));
}

// ---- game endings ----------------------------------------------------------------------------

fn play(game: &mut Game, moves: &str) {
    for s in moves.split_whitespace() {
        let m = parse_usi_move(s)
            .unwrap()
            .to_move(game.position())
            .unwrap_or_else(|e| panic!("{s}: {e}"));
        game.play(m).unwrap();
    }
}

#[test]
fn no_legal_move_without_check_loses() {
    // Gote's king on 1a is not in check but every move is illegal.
    let p = parse_sfen("8k/6G2/7G1/9/9/9/9/9/K8 w - 1").unwrap();
    assert!(!p.in_check());
    assert_eq!(
        Game::new(p).outcome(),
        Some(Outcome::Win { winner: Color::Black, reason: WinReason::NoLegalMove })
    );
}

#[test]
fn hands_distinguish_positions_for_repetition() {
    // Same board every time, but a pawn changes hands: never a repetition.
    let start = parse_sfen("4k4/9/9/9/9/9/9/9/4K4 b - 1").unwrap();
    let mut g = Game::new(start);
    play(&mut g, "5i5h 5a5b 5h5i 5b5a 5i5h 5a5b 5h5i 5b5a 5i5h 5a5b 5h5i 5b5a");
    assert_eq!(g.outcome(), Some(Outcome::Draw(DrawReason::Repetition)));
    let with_pawn = parse_sfen("4k4/9/9/9/9/9/9/9/4K4 b P 1").unwrap();
    assert_ne!(with_pawn.key(), g.position().key());
}

#[test]
fn impasse_counts_pieces_in_hand_and_ignores_promotion() {
    let p = parse_sfen("4K4/9/9/9/9/9/9/9/4k4 b 2R2B4G4S4N4L10P8p 1").unwrap();
    assert_eq!(p.impasse_points(Color::Black), 20 + 16 + 10);
    assert_eq!(p.impasse_points(Color::White), 8);
    let promoted = parse_sfen("4K4/+R8/9/9/9/9/9/9/4k4 b - 1").unwrap();
    assert_eq!(promoted.impasse_points(Color::Black), 5);
    let mut g = Game::new(p);
    g.rules.impasse_from_ply = 0;
    assert_eq!(
        g.outcome(),
        Some(Outcome::Win { winner: Color::Black, reason: WinReason::Impasse })
    );
}

#[test]
fn csa_declaration_needs_28_points_for_sente() {
    // Sente's king on 5a with ten pieces in the camp and enough in hand.
    let yes = parse_sfen("GGGGK4/SSSSPP3/9/9/9/9/9/9/4k4 b 2R2B 1").unwrap();
    assert_eq!(yes.impasse_points(Color::Black), 10 + 20);
    assert!(yes.can_declare_win());
    let short = parse_sfen("GGGGK4/SSSSPP3/9/9/9/9/9/9/4k4 b 2RB 1").unwrap();
    assert!(!short.can_declare_win(), "25 points");
    let few = parse_sfen("GGGGK4/SSSSP4/9/9/9/9/9/9/4k4 b 2R2B3P 1").unwrap();
    assert!(!few.can_declare_win(), "only nine pieces in the camp");
}

#[test]
fn move_limit_draws() {
    let mut g = Game::default();
    g.rules.move_limit = Some(4);
    play(&mut g, "7g7f 3c3d 2g2f");
    assert_eq!(g.outcome(), None);
    play(&mut g, "8c8d");
    assert_eq!(g.outcome(), Some(Outcome::Draw(DrawReason::MoveLimit)));
}

#[test]
fn maximum_moves_fit_the_list() {
    // The known 593-move position.
    let p = parse_sfen("R8/2K1S1SSk/4B4/9/9/9/9/9/1L1L1L3 b RBGSNLP3g3n17p 1").unwrap();
    assert_eq!(legal(&p).len(), 593);
}

/// `gives_check` and `gives_check_with` tell the checking moves (and `key_after` the key after
/// each move), and `legal_checks` equals filtering `legal_moves` by them, over the perft and tsume
/// positions and seeded random walks from them (both sides to move, in and out of check).
#[test]
fn legal_checks_equal_filtered_legal_moves() {
    let data = [
        include_str!("data/perft.tsv"),
        include_str!("data/tsume.tsv"),
        include_str!("data/tsume-multi.tsv"),
    ];
    let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
    let (mut positions, mut checks) = (0, 0);
    let starts = data_positions(&data);
    for start in starts {
        let mut p = start;
        for _ in 0..12 {
            let all = legal(&p);
            // Both ways of asking agree with the position after the move, and so does the
            // key computed without playing it.
            let info = p.check_info();
            for &m in &all {
                let after = p.played(m);
                assert_eq!(p.key_after(m), after.key(), "{p:?} {m}");
                let checks = after.in_check();
                assert_eq!(p.gives_check(m), checks, "{p:?} {m}");
                assert_eq!(p.gives_check_with(m, &info), checks, "{p:?} {m}");
            }
            let mut want: Vec<u16> =
                all.iter().filter(|&&m| p.gives_check(m)).map(|m| m.to_u16()).collect();
            let mut got = MoveList::new();
            p.legal_checks(&mut got);
            let mut got: Vec<u16> = got.iter().map(Move::to_u16).collect();
            want.sort_unstable();
            got.sort_unstable();
            assert_eq!(got, want, "{p:?}");
            positions += 1;
            checks += want.len();
            // Prefer checks half of the time, to reach checked positions often.
            let pick = if !want.is_empty() && rng.below(2) == 0 {
                Move::from_u16(want[rng.below(want.len())]).unwrap()
            } else if all.is_empty() {
                break;
            } else {
                all[rng.below(all.len())]
            };
            p = p.played(pick);
        }
    }
    assert!(positions > 5000 && checks > 20000, "{positions} positions, {checks} checks");
}

/// The positions of the data files' first column (SFEN), comment and blank lines skipped.
fn data_positions(files: &[&str]) -> Vec<Position> {
    files
        .iter()
        .flat_map(|d| d.lines())
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|l| parse_sfen(l.split('\t').next().unwrap()).unwrap())
        .collect()
}

/// The search's two batches, `legal_noisy_into` and `legal_quiet_into`, make up exactly the
/// legal moves, each once: captures and promotions first, the rest after (all the evasions
/// first when in check), over the perft and tsume positions and seeded random walks.
#[test]
fn noisy_and_quiet_batches_split_the_legal_moves() {
    let data = [
        include_str!("data/perft.tsv"),
        include_str!("data/tsume.tsv"),
        include_str!("data/positions.tsv"),
    ];
    let mut rng = Rng(0x2545_f491_4f6c_dd1d);
    let (mut positions, mut quiet_total, mut in_check) = (0, 0, 0);
    let starts = data_positions(&data);
    for start in starts {
        let mut p = start;
        for _ in 0..10 {
            let all = legal(&p);
            let (mut noisy, mut quiet) = (MoveList::new(), MoveList::new());
            p.legal_noisy_into(&mut noisy);
            p.legal_quiet_into(&mut quiet);
            for m in noisy.iter() {
                let capture = p.piece_at(m.to()).is_some();
                assert!(p.in_check() || capture || m.is_promotion(), "{p:?} {m:?}");
            }
            for m in quiet.iter() {
                assert!(p.piece_at(m.to()).is_none() && !m.is_promotion(), "{p:?} {m:?}");
            }
            let mut got: Vec<u16> = noisy.iter().chain(quiet.iter()).map(Move::to_u16).collect();
            let mut want: Vec<u16> = all.iter().map(|m| m.to_u16()).collect();
            got.sort_unstable();
            want.sort_unstable();
            assert_eq!(got, want, "{p:?}");
            positions += 1;
            quiet_total += quiet.len();
            in_check += usize::from(p.in_check());
            if all.is_empty() {
                break;
            }
            p = p.played(all[rng.below(all.len())]);
        }
    }
    assert!(positions > 2000 && quiet_total > 50_000 && in_check > 100, "{positions} {in_check}");
}

#[test]
fn entering_king_declarations_by_points() {
    // Black's king entered with ten pieces in the camp: 28 points (the 27-point rule's
    // minimum for Black), short of the 24-point rule's 31.
    let pos = parse_sfen("RRBB1GGGG/SS2K4/9/9/9/9/9/9/4k4 b 2P 1").unwrap();
    assert!(pos.can_declare_win_by(EnteringKingRule::Points27));
    assert!(!pos.can_declare_win_by(EnteringKingRule::Points24));
    assert!(!pos.can_declare_win_by(EnteringKingRule::None));
    assert!(!pos.can_declare_win_by(EnteringKingRule::Try));
    // Three more pawns in hand: 31.
    let more = parse_sfen("RRBB1GGGG/SS2K4/9/9/9/9/9/9/4k4 b 5P 1").unwrap();
    assert!(more.can_declare_win_by(EnteringKingRule::Points24));
    // One piece fewer in the camp: no declaration under any rule.
    let fewer = parse_sfen("RRBB1GGG1/SS2K4/9/9/9/9/9/9/4k4 b G5P 1").unwrap();
    assert!(!fewer.can_declare_win_by(EnteringKingRule::Points27));
}

#[test]
fn entering_king_try_squares() {
    assert_eq!(EnteringKingRule::try_square(Color::Black), Square::new(5, 1).unwrap());
    assert_eq!(EnteringKingRule::try_square(Color::White), Square::new(5, 9).unwrap());
    let pos = parse_sfen("4K4/9/9/9/9/9/9/9/k8 w - 1").unwrap();
    assert!(pos.king_on_try_square(Color::Black));
    assert!(!pos.king_on_try_square(Color::White));
}
