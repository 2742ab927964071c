//! `analysis`: the loss and the marks, on made-up searches: no engine needed.

mod choice;

use gnushogi::analysis::*;
use gnushogi::game::Game;
use gnushogi::notation::parse_usi_move;
use gnushogi::rules::{Color, Move, Position};
use gnushogi::search::Score;
use std::time::Duration;

fn eval(score: Score, best: Option<Move>) -> PositionEval {
    PositionEval {
        score,
        best,
        pv: best.into_iter().collect(),
        depth: 1,
        nodes: 1,
        time: Duration::ZERO,
        mate: None,
    }
}

fn mv(pos: &Position, s: &str) -> Move {
    parse_usi_move(s).unwrap().to_move(pos).unwrap()
}

/// The score of a move from the mover's side, given the score of the position after it from
/// the other side's.
fn mover_score(after: Score) -> Score {
    match after {
        Score::Cp(cp) => Score::Cp(-cp),
        Score::Mate(p) if p > 0 => Score::Mate(-(p + 1)),
        Score::Mate(p) => Score::Mate(p.abs() + 1),
    }
}

/// Black plays 7g7f from the start; the searches say `before` (Black to move) and `after`
/// (White to move), each from the side to move, and the search of 7g7f alone agrees with
/// the search after it.
fn judge(before: Score, after: Score, best: &str) -> MoveAnalysis {
    let pos = Position::startpos();
    let played = mv(&pos, "7g7f");
    let best = mv(&pos, best);
    let searches = Searches {
        best: eval(before, Some(best)),
        played: (best != played).then(|| eval(mover_score(after), Some(played))),
        reply: eval(after, None),
    };
    MoveAnalysis::judge(1, pos, None, played, searches)
}

#[test]
fn chances_follow_the_tuned_curve() {
    assert!((Eval::Cp(0).black_chance() - 0.5).abs() < 1e-9);
    let p = Eval::Cp(1000).black_chance();
    assert!(p > 0.74 && p < 0.76, "{p}");
    assert_eq!(Eval::Mate { winner: Color::White, plies: 3 }.black_chance(), 0.0);
    assert_eq!(Eval::from_score(Score::Cp(50), Color::White), Eval::Cp(-50));
    assert_eq!(
        Eval::from_score(Score::Mate(-2), Color::White),
        Eval::Mate { winner: Color::Black, plies: 2 }
    );
    assert_eq!(Eval::Mate { winner: Color::Black, plies: 5 }.to_string(), "+M5");
}

#[test]
fn the_best_move_loses_nothing() {
    let m = judge(Score::Cp(100), Score::Cp(-400), "7g7f");
    assert!(m.is_best);
    assert_eq!((m.loss, m.mark), (0.0, None));
}

#[test]
fn marks_by_loss() {
    // From even, a rook's worth (about 1000) lost: a blunder.
    let m = judge(Score::Cp(0), Score::Cp(1000), "2g2f");
    assert_eq!(m.mark, Some(Mark::Blunder));
    assert!(m.loss > 20.0 && m.loss < 30.0, "{}", m.loss);
    assert_eq!(m.after, Eval::Cp(-1000));
    // 600 (16 points): a blunder on lishogi's scale, 悪手 on ShogiHome's.
    let m = judge(Score::Cp(0), Score::Cp(600), "2g2f");
    assert_eq!((m.mark, m.grade), (Some(Mark::Blunder), Some(Grade::Questionable)));
    // A silver (about 400): a mistake; 200: an inaccuracy; 50: nothing.
    assert_eq!(judge(Score::Cp(0), Score::Cp(400), "2g2f").mark, Some(Mark::Mistake));
    assert_eq!(judge(Score::Cp(0), Score::Cp(200), "2g2f").mark, Some(Mark::Inaccuracy));
    assert_eq!(judge(Score::Cp(0), Score::Cp(50), "2g2f").mark, None);
    // Better than the engine thought: no loss, never a negative one.
    assert_eq!(judge(Score::Cp(0), Score::Cp(-300), "2g2f").loss, 0.0);
    assert_eq!(Mark::for_loss(INACCURACY), Some(Mark::Inaccuracy));
    assert_eq!(Mark::for_loss(BLUNDER - 0.01), Some(Mark::Mistake));
    assert_eq!(Mark::for_loss(BLUNDER), Some(Mark::Blunder));
}

#[test]
fn grades_by_shogihomes_thresholds() {
    let grades: Vec<Option<Grade>> =
        [4.9, 5.0, 10.0, 19.9, 20.0, 50.0, 100.0].map(Grade::for_loss).to_vec();
    use Grade::*;
    let want = [None, Some(Slack), Some(Questionable), Some(Questionable), Some(Bad)];
    assert_eq!(grades[..5], want);
    assert_eq!(grades[5..], [Some(VeryBad), Some(VeryBad)]);
    let words: Vec<&str> = [Slack, Questionable, Bad, VeryBad].map(Grade::japanese).to_vec();
    assert_eq!(words, ["緩手", "疑問手", "悪手", "大悪手"]);
}

#[test]
fn the_loss_comes_from_searches_as_deep_as_the_best() {
    // The position after the move, searched on its own, looks 700 worse (a ply deeper, the
    // odd-even swing); the move searched from the position before, as deeply as the best,
    // is worth about as much as it: the loss is the latter's.
    let pos = Position::startpos();
    let played = mv(&pos, "7g7f");
    let searches = Searches {
        best: eval(Score::Cp(300), Some(mv(&pos, "2g2f"))),
        played: Some(eval(Score::Cp(290), Some(played))),
        reply: eval(Score::Cp(400), None),
    };
    let m = MoveAnalysis::judge(1, pos, None, played, searches);
    assert_eq!((m.before, m.after), (Eval::Cp(300), Eval::Cp(290)));
    assert!(m.loss < 1.0 && m.mark.is_none() && m.grade.is_none(), "{}", m.loss);
    // The graph and the record show the position after from its own search.
    assert_eq!(m.position_after(), Eval::Cp(-400));
    // The other way round: the move alone looks bad, the position after it as good as the
    // best: the benefit of the doubt.
    let pos = Position::startpos();
    let searches = Searches {
        best: eval(Score::Cp(300), Some(mv(&pos, "2g2f"))),
        played: Some(eval(Score::Cp(-500), Some(played))),
        reply: eval(Score::Cp(-280), None),
    };
    let m = MoveAnalysis::judge(1, pos, None, played, searches);
    assert_eq!(m.after, Eval::Cp(280));
    assert!(m.loss < 1.0 && m.mark.is_none(), "{}", m.loss);
}

#[test]
fn the_loss_saturates_in_decided_games() {
    // Already lost: 2000 more centipawns cost next to nothing.
    let m = judge(Score::Cp(-3000), Score::Cp(5000), "2g2f");
    assert!(m.loss < 5.0 && m.mark.is_none(), "{}", m.loss);
    // Mated either way: nothing to lose.
    let m = judge(Score::Mate(-4), Score::Mate(2), "2g2f");
    assert_eq!(m.loss, 0.0);
    // Still winning by a mile: a small loss.
    let m = judge(Score::Cp(4000), Score::Cp(-2500), "2g2f");
    assert!(m.loss < 5.0, "{}", m.loss);
}

#[test]
fn missed_and_found_mates() {
    // A mate in 3 for Black, and the move played lets it go: at least a mistake, though
    // Black is still well ahead.
    let m = judge(Score::Mate(3), Score::Cp(-2500), "2g2f");
    assert_eq!(m.missed_mate, Some(3));
    assert_eq!(m.mark, Some(Mark::Mistake));
    // The move played keeps a mate (White is mated in 4 more plies): found, no loss.
    let m = judge(Score::Mate(7), Score::Mate(-4), "2g2f");
    assert_eq!((m.missed_mate, m.mates, m.loss), (None, Some(5), 0.0));
    // The mating move itself.
    let m = judge(Score::Mate(1), Score::Mate(0), "7g7f");
    assert_eq!((m.missed_mate, m.mates, m.is_best), (None, Some(1), true));
}

#[test]
fn summaries_count_marks_and_name_the_worst_move() {
    let moves = vec![
        judge(Score::Cp(0), Score::Cp(1000), "2g2f"),
        judge(Score::Cp(0), Score::Cp(400), "2g2f"),
        judge(Score::Cp(0), Score::Cp(0), "7g7f"),
    ];
    let a = Analysis { moves, total: 3, interrupted: false };
    let s = a.summary(Color::Black);
    assert_eq!((s.moves, s.blunders, s.mistakes, s.inaccuracies), (3, 1, 1, 0));
    assert_eq!(s.turning_point, Some(0));
    assert_eq!(a.summary(Color::White), SideSummary::default());
}

#[test]
fn comments_in_both_guis_forms() {
    let pos = Position::startpos();
    let played = mv(&pos, "7g7f");
    let after = pos.played(played);
    let reply = mv(&after, "3c3d");
    let best = mv(&pos, "2g2f");
    let mut r = eval(Score::Cp(1000), Some(reply));
    r.depth = 7;
    r.nodes = 4321;
    r.time = Duration::from_millis(1500);
    let searches = Searches {
        best: eval(Score::Cp(0), Some(best)),
        played: Some(eval(Score::Cp(-1000), Some(played))),
        reply: r,
    };
    let m = MoveAnalysis::judge(1, pos, None, played, searches);
    let c = annotate::move_comments(&m);
    assert_eq!(c[0], "【悪手】");
    assert!(c.contains(&"#評価値=-1000".to_string()), "{c:#?}");
    assert!(c.contains(&"#読み筋=△３四歩(33)".to_string()), "{c:#?}");
    assert!(c.contains(&"#深さ=7".to_string()) && c.contains(&"#ノード数=4321".to_string()));
    assert!(c.iter().any(|l| l.starts_with("#エンジン=GNU Shogi ")));
    assert!(
        c.contains(
            &"*解析 0 ○ 時間 00:01.5 深さ 7 ノード数 4321 評価値 -1000 読み筋 △３四歩(33)"
                .to_string()
        ),
        "{c:#?}"
    );
    let english = c.last().unwrap();
    assert!(english.starts_with("gnushogi: +0 -> -1000, loss "), "{english}");
    assert!(english.contains("blunder; best +0 ▲２六歩(27)"), "{english}");
    // A mate after the move: ShogiHome's mate form, and Kifu for Windows's number.
    let m = judge(Score::Mate(3), Score::Mate(-2), "7g7f");
    let c = annotate::move_comments(&m);
    assert!(c.contains(&"#詰み=先手勝ち:2手".to_string()), "{c:#?}");
    assert!(c.iter().any(|l| l.contains(" 評価値 31998")), "{c:#?}");
}

#[test]
fn the_graph_labels_the_mate_the_game_ends_in() {
    let mated = judge(Score::Mate(1), Score::Mate(0), "7g7f");
    let a = Analysis { moves: vec![mated], total: 1, interrupted: false };
    let (run, text) = graph::final_mate(&a).expect("a mate");
    assert_eq!(run.len(), 2);
    assert_eq!(text, "White is mated (mate in 1 seen at move 0)");
    assert_eq!(graph::points(&a), [(0, 100.0), (1, 100.0)]);
    // The label is the legend's mate entry, under the chart: in the chart it covered the
    // curve of a won game (issue 38's second trial).
    let svg = graph::svg(&a, "mated").unwrap();
    let label = svg.lines().position(|l| l.contains("mate: White is mated")).expect("the label");
    let legend = svg.lines().position(|l| l.contains(">blunder<") || l == "blunder");
    assert!(legend.is_some_and(|b| b < label), "{svg}");
    // No mate at the end, no label.
    let even = judge(Score::Cp(0), Score::Cp(0), "7g7f");
    let a = Analysis { moves: vec![even], total: 1, interrupted: false };
    assert!(graph::final_mate(&a).is_none());
    assert!(graph::svg(&a, "even").unwrap().contains("chance to win (%)"));
}

#[test]
fn the_record_gets_the_comments_of_the_moves_analysed() {
    use gnushogi::files::record::Record;
    let game = {
        let mut g = Game::new(Position::startpos());
        g.play(mv(&Position::startpos(), "7g7f")).unwrap();
        g
    };
    let mut record = Record::from_game(&game);
    let m = judge(Score::Cp(0), Score::Cp(0), "7g7f");
    annotate::annotate(&mut record, &Analysis { moves: vec![m], total: 1, interrupted: false });
    assert!(record.comments.iter().any(|l| l == "#評価値=0"), "{:#?}", record.comments);
    assert!(record.moves[0].comments.iter().any(|l| l.starts_with("*解析 0 ")));
}

#[test]
fn a_mate_after_the_move_is_counted_from_the_move() {
    // White is mated 4 plies after 7g7f: the move mates in 5, on both sides of the line.
    let m = judge(Score::Mate(7), Score::Mate(-4), "2g2f");
    assert_eq!(m.after, Eval::Mate { winner: Color::Black, plies: 5 });
    assert_eq!(m.mates, Some(5));
    assert!(report::move_line(&m).contains("+M7 ->    +M5"), "{}", report::move_line(&m));
}

#[test]
fn the_best_move_is_named_only_when_it_is_better() {
    let black = Color::Black;
    assert!(Eval::Cp(100).better_for(Eval::Cp(50), black));
    assert!(Eval::Cp(50).better_for(Eval::Cp(100), Color::White));
    let mate = |winner, plies| Eval::Mate { winner, plies };
    assert!(mate(black, 3).better_for(mate(black, 5), black));
    assert!(mate(black, 5).better_for(mate(black, 3), Color::White));
    assert!(Eval::Cp(-3000).better_for(mate(Color::White, 9), black));
    // The search of the position after the move thinks better of it than the best's search
    // of the position before: no "best" line (a shallower view), and no loss.
    let m = judge(Score::Cp(20), Score::Cp(-80), "2g2f");
    assert_eq!(m.loss, 0.0);
    assert!(report::best_line(&m).is_none());
    assert!(!annotate::move_comments(&m).last().unwrap().contains("best"));
    // A worse move names the better one.
    let m = judge(Score::Cp(20), Score::Cp(400), "2g2f");
    assert!(report::best_line(&m).is_some_and(|l| l.contains("best 2g2f +20")));
}

#[test]
fn compact_lines_fit_sixty_columns_with_their_mark() {
    // A missed mate, a blunder: the longest first line there is, at a three-digit move.
    let mut m = judge(Score::Mate(7), Score::Cp(3000), "2g2f");
    m.ply = 999;
    assert_eq!(m.mark, Some(Mark::Blunder));
    assert!(m.missed_mate.is_some() && m.best_is_better());
    let lines = report::move_lines_in(&m, report::Layout::Compact);
    assert!(lines[0].ends_with("??blunder"), "{lines:#?}");
    assert!(lines.iter().all(|l| l.chars().count() <= report::COMPACT_WIDTH), "{lines:#?}");
    assert!(lines.iter().any(|l| l.trim_start().starts_with("missed mate in ")), "{lines:#?}");
    // The heading's columns are the lines'.
    let [_, columns] = report::heading(report::Layout::Compact);
    assert_eq!(columns.find("loss").map(|i| i + 4), Some(lines[0].find(" ??").unwrap()));
    // Wide displays and the command line keep the full lines.
    assert_eq!(report::move_lines_in(&m, report::Layout::Full), report::move_lines(&m));
    assert_eq!(report::Layout::for_columns(Some(58)), report::Layout::Compact);
    assert_eq!(report::Layout::for_columns(Some(78)), report::Layout::Full);
    assert_eq!(report::Layout::for_columns(None), report::Layout::Full);
}
