//! The game itself: the user's moves, the end of the game, a new game, taking back, hints.

use super::Interp;
use super::display::Surface;
use super::interp::start_position;
use super::state::Player;
use crate::analysis::choice::{self, HINT_DEPTH};
use crate::config::GameKind;
use crate::files::MoveStats;
use crate::game::{DrawReason, Game, Outcome, WinReason};
use crate::notation::score;
use crate::notation::text::{TextMoveError, format_short_move, parse_text_move};
use crate::play::Reply;
use crate::rules::handicap::Handicap;
use crate::rules::{Color, IllegalMove};
use std::sync::atomic::AtomicBool;
use std::time::Instant;

impl<D: Surface> Interp<'_, D> {
    /// Announces the end of the game. People get the final board, a line that says who
    /// won and one on how to go on; xshogi gets the original's words, which it reads.
    pub(super) fn announce_end(&mut self, o: Outcome, after_user_move: bool) {
        self.log.outcome = Some(o);
        self.seats.both = false;
        if self.people() {
            self.redraw();
            for line in game_over(o) {
                self.news(&line);
            }
            return;
        }
        let mates = match o {
            Outcome::Win { winner, reason: WinReason::Checkmate | WinReason::NoLegalMove } => {
                Some(format!("{} mates!", winner.name()))
            }
            _ => None,
        };
        let words = match (mates, o) {
            (Some(m), _) => m,
            (None, Outcome::Win { winner, .. }) => format!("{} wins: {o}", winner.name()),
            (None, Outcome::Draw(DrawReason::Repetition)) if after_user_move => "Repetition".into(),
            (None, Outcome::Draw(_)) => "Drawn game!".into(),
        };
        self.news(&words);
        if !matches!(o, Outcome::Win { reason: WinReason::Checkmate, .. }) {
            self.news(&format!("Game over: {o}."));
        }
    }

    /// Plays the user's move; the computer answers when it is its turn (at once, when it
    /// pondered on that move and has its answer).
    pub(super) fn user_move(&mut self, word: &str) {
        if let Some(o) = self.log.outcome {
            self.error(&format!(
                "The game is over ({o}): new starts another, undo takes back a move."
            ));
            return;
        }
        let pos = self.play.game().position().clone();
        let parsed = parse_text_move(&pos, word);
        let side = pos.side_to_move();
        // Whatever the move, a person typing on the computer's turn needs to hear that first.
        if self.people()
            && !self.seats.force
            && side == self.seats.computer
            && parsed != Err(TextMoveError::Syntax)
        {
            let name = side.name();
            self.error(&format!(
                "Illegal move (it is {name}'s turn, and the computer plays {name}): {word}"
            ));
            self.error("(type go to let it move, or force to move for both sides)");
            return;
        }
        match parsed {
            Ok((mv, annotation)) => {
                let used = self.log.turn_start.elapsed();
                let left = self.play.clocks.spend(side, used);
                self.log.stats.push(MoveStats {
                    time: (used.as_millis() as u64 + 500) / 1000,
                    annotation,
                    ..MoveStats::default()
                });
                // In force mode the person enters both sides' moves (often someone else's
                // game): who played them is not known, and the seats name them.
                self.log.players.push((!self.seats.force).then_some(Player::Person));
                let reply = self.play.opponent_moved(mv, None);
                self.log.user_moves += 1;
                let typed = word.trim_end_matches(['?', '!']);
                self.out.user_moved(self.log.user_moves, typed, left);
                self.board_after_move(mv);
                if self.seats.force {
                    self.seats.computer = side;
                }
                self.log.turn_start = Instant::now();
                let outcome = self.play.game().outcome();
                match (reply, outcome) {
                    (Reply::PonderHit(_), Some(o)) => {
                        // The match gave up the ponder search: the game is over.
                        self.announce_end(o, true);
                        self.show_prompt();
                    }
                    (_, Some(o)) => self.announce_end(o, true),
                    // The search pondered on this move goes on as the computer's; an answer
                    // it already had is played now.
                    (Reply::PonderHit(held), None) => {
                        if let Some(update) = held {
                            self.on_update(update);
                        }
                    }
                    (Reply::Played, None) => {
                        if !self.seats.force
                            && self.play.game().position().side_to_move() == self.seats.computer
                        {
                            self.start_search();
                        }
                    }
                }
            }
            Err(e) => self.refuse_move(word, &e),
        }
    }

    /// One line, `Illegal move (REASON): WORD`, as the original and CECP put it, so that
    /// xshogi and scripts know it by its first words and find the word at the end.
    pub(super) fn refuse_move(&mut self, word: &str, e: &TextMoveError) {
        let why = match e {
            // The original's words for these two.
            TextMoveError::Syntax => "no match".to_string(),
            TextMoveError::Illegal(IllegalMove::KingInCheck) => "in check".to_string(),
            TextMoveError::Ambiguous(moves) => {
                let pos = self.play.game().position();
                let forms: Vec<String> = moves.iter().map(|&m| format_short_move(pos, m)).collect();
                format!("ambiguous, say which: {}", one_of(&forms))
            }
            _ => e.to_string(),
        };
        self.error(&format!("Illegal move ({why}): {word}"));
        if *e == TextMoveError::Syntax && self.people() {
            self.error("(not a move, and not a command either: help lists them)");
        }
    }

    /// A new game or position: the record starts again, the book may be used.
    pub(super) fn set_game(&mut self, game: Game, stats: Vec<MoveStats>) {
        // The rules in force (move limit, entering-king rule) carry over to the new game.
        let mut game = game;
        game.rules = self.play.game().rules;
        self.play.set_game(game);
        self.seats.both = false;
        self.play.engine_mut().new_game();
        self.play.engine_mut().set_use_book(self.search.book);
        self.log.restart(stats);
    }

    pub(super) fn new_game(&mut self) {
        self.abandon_search();
        let start = start_position(&self.config);
        self.set_game(Game::new(start), Vec::new());
        self.seats.computer = Color::White;
        self.seats.force = false;
        self.log.computer_moves = 0;
        self.log.user_moves = 0;
        self.play.clocks.reset();
        self.redraw();
    }

    /// `new`: another game of the kind in force; the computer moves first when it is to.
    pub(super) fn new_command(&mut self) {
        self.new_game();
        self.computer_opens();
    }

    /// People playing the computer from a start where it moves first (a handicap, White the
    /// giver) see it think at once, as after their own move.
    pub(super) fn computer_opens(&mut self) {
        if self.people()
            && !self.seats.force
            && self.log.outcome.is_none()
            && self.play.task().is_none()
            && self.play.game().ply() == 0
            && self.play.game().position().side_to_move() == self.seats.computer
        {
            self.start_search();
        }
    }

    /// `handicap KIND`: a new game of that kind, and `new` starts the same kind again;
    /// without a kind, the kinds and the one in force. Force mode stays as it was.
    pub(super) fn handicap(&mut self, kind: Option<GameKind>) {
        let Some(kind) = kind else {
            let now = match Handicap::of(self.play.game().start()) {
                Some(h) => GameKind::Handicap(h),
                None if self.play.game().is_regular_start() => GameKind::Even,
                None => {
                    return self.list_handicaps("this game began from a set-up position");
                }
            };
            return self.list_handicaps(&format!("this game: {now}"));
        };
        let force = self.seats.force;
        self.config.game_kind = Some(kind);
        self.config.start_sfen = None;
        self.new_game();
        if force {
            self.seats.force = true;
            self.seats.computer = !self.play.game().position().side_to_move();
        }
        self.announce_game(kind);
        self.computer_opens();
    }

    /// A new game of this kind, as the `handicap` command starts it (the full screen's
    /// menu).
    pub fn start_game(&mut self, kind: GameKind) {
        self.handicap(Some(kind));
    }

    /// What kind of game began, and who moves first: for people only.
    pub(super) fn announce_game(&mut self, kind: GameKind) {
        let first = self.play.game().position().side_to_move().name();
        let how = match kind {
            GameKind::Handicap(_) if self.seats.force => {
                format!("{first} gives it and moves first (force mode: you move for both sides)")
            }
            GameKind::Handicap(_) => format!("{first} (the computer) gives it and moves first"),
            GameKind::Even if self.seats.force => {
                format!("{first} moves first (force mode: you move for both sides)")
            }
            GameKind::Even => format!("you play {first} and move first"),
        };
        self.note(&format!("New game: {kind}; {how}"));
    }

    fn list_handicaps(&mut self, now: &str) {
        self.reply(&format!(
            "handicap: {now}; the kinds (White gives the handicap and moves first):"
        ));
        self.reply(&format!("  {:<18}平手", "even"));
        for h in Handicap::ALL {
            self.reply(&format!("  {:<18}{}", h.name(), h.japanese()));
        }
    }

    /// Takes back one ply; the colours swap (the original's `undo`), and the book is left
    /// for the rest of the game.
    pub(super) fn take_back(&mut self) {
        if self.play.undo().is_some() {
            self.log.take_back();
            self.seats.computer = !self.seats.computer;
        }
    }

    /// `lines`: show that many best moves with their scores; `None`: the original's one
    /// suggested move, the opening book's most played move while the game is in the book,
    /// else a full-strength search's, whatever the level.
    pub(super) fn give_hint(&mut self, lines: Option<u32>) {
        if self.people() && self.log.outcome.is_some() {
            // The original's "I have no idea." reads as a failure; the game is simply over.
            return self.reply(
                "hint: the game is over; type new to play again, or undo/remove to take back.",
            );
        }
        if let Some(n) = lines {
            return self.best_moves(n as usize);
        }
        let game = self.play.game();
        match self.play.engine().book_hint(game).or_else(|| choice::hint(game)) {
            Some(m) => self.reply(&format!("Hint: {m}")),
            None => self.reply("I have no idea."),
        }
    }

    /// `hint N`: the best `n` moves of one [`HINT_DEPTH`]-ply search, the first `hint`'s
    /// move out of the book; in the book, a last line names the book's move that `hint` gives.
    fn best_moves(&mut self, n: usize) {
        let game = self.play.game();
        let legal = game.position().count_legal_moves();
        if legal == 0 {
            return self.reply("I have no idea.");
        }
        let stop = AtomicBool::new(false);
        let found = choice::best_lines(game, n, HINT_DEPTH, &stop);
        let book = self.play.engine().book_hint(game);
        let head = format!(
            "Best {} of {} moves, depth {}, scores for {}:",
            found.len(),
            legal,
            found.first().map_or(HINT_DEPTH, |l| l.depth),
            game.position().side_to_move().name()
        );
        self.reply(&head);
        for (i, l) in found.iter().enumerate() {
            let first = l.pv.first().map_or_else(String::new, ToString::to_string);
            let line: Vec<String> = l.pv.iter().skip(1).take(5).map(ToString::to_string).collect();
            let text = format!(
                "{:>3}. {first:<6} {:>10}  {}",
                i + 1,
                score::format_words(l.score),
                line.join(" ")
            );
            self.reply(text.trim_end());
        }
        if let Some(m) = book {
            let at = found.iter().position(|l| l.pv.first() == Some(&m));
            let place =
                at.map_or_else(|| "not among these".to_string(), |i| format!("line {}", i + 1));
            self.reply(&format!(
                "Book: {m} ({place}), the opening book's most played move, is the hint."
            ));
        }
    }
}

/// How a game ended and what to do next, for people, in two lines short enough for a
/// 60-column terminal: `Game over: Black wins by checkmate.`, then `Type new …`.
pub(super) fn game_over(o: Outcome) -> [String; 2] {
    let verdict = match o {
        Outcome::Win { winner, reason: WinReason::Checkmate } => {
            format!("{} wins by checkmate", winner.name())
        }
        Outcome::Win { winner, .. } => format!("{} wins, {o}", winner.name()),
        Outcome::Draw(_) => format!("drawn, {o}"),
    };
    [
        format!("Game over: {verdict}."),
        "Type new to play again, or undo/remove to take back.".to_string(),
    ]
}

/// `a`, `a or b`, `a, b or c`.
fn one_of(words: &[String]) -> String {
    match words {
        [] => String::new(),
        [one] => one.clone(),
        [init @ .., last] => format!("{} or {last}", init.join(", ")),
    }
}
