//! A game record: the start position, the moves, and every position reached, so that
//! repetition (sennichite), perpetual check and the other endings can be judged.

use crate::rules::{Color, EnteringKingRule, IllegalMove, Move, MoveList, Position};
use std::fmt;

/// Why a game was won.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum WinReason {
    /// The loser is in check with no legal move.
    Checkmate,
    /// The loser has no legal move without being in check (a loss in shogi).
    NoLegalMove,
    /// Fourfold repetition where the loser gave check on every move of the cycle.
    PerpetualCheck,
    /// Both kings entered; the loser has fewer than 24 points.
    Impasse,
    /// The winner declared an entering-king win (the 27- or the 24-point rule).
    Declaration,
    /// The winner's king reached the square the loser's king started on (the try rule).
    Try,
    /// The loser resigned.
    Resignation,
    /// The loser's clock ran out.
    Time,
    /// The loser played an illegal move.
    IllegalMove,
}

/// Why a game was drawn.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum DrawReason {
    /// Fourfold repetition of the same position (sennichite).
    Repetition,
    /// Both kings entered and both sides have 24 points or more.
    Impasse,
    /// The move limit was reached.
    MoveLimit,
    /// Agreed, or adjudicated from outside.
    Agreement,
}

/// How a game ended.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Outcome {
    Win { winner: Color, reason: WinReason },
    Draw(DrawReason),
}

impl Outcome {
    pub fn winner(self) -> Option<Color> {
        match self {
            Outcome::Win { winner, .. } => Some(winner),
            Outcome::Draw(_) => None,
        }
    }
}

impl fmt::Display for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Outcome::Win { winner, reason } => {
                let loser = (!*winner).name();
                let w = winner.name();
                match reason {
                    WinReason::Checkmate => write!(f, "{w} mates"),
                    WinReason::NoLegalMove => write!(f, "{loser} has no legal move"),
                    WinReason::PerpetualCheck => write!(f, "perpetual check by {loser}"),
                    WinReason::Impasse => write!(f, "impasse, {loser} has fewer than 24 points"),
                    WinReason::Declaration => write!(f, "{w} declares an entering-king win"),
                    WinReason::Try => write!(f, "{w} reaches the try square"),
                    WinReason::Resignation => write!(f, "{loser} resigns"),
                    WinReason::Time => write!(f, "{loser} lost on time"),
                    WinReason::IllegalMove => write!(f, "illegal move by {loser}"),
                }
            }
            Outcome::Draw(DrawReason::Repetition) => f.write_str("repetition (sennichite)"),
            Outcome::Draw(DrawReason::Impasse) => {
                f.write_str("impasse, both sides have 24 points or more")
            }
            Outcome::Draw(DrawReason::MoveLimit) => f.write_str("move limit reached"),
            Outcome::Draw(DrawReason::Agreement) => f.write_str("draw agreed"),
        }
    }
}

/// The judging rules that are settings rather than laws.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct GameRules {
    /// Ply count at which the game is a draw (`None`: no limit).
    pub move_limit: Option<usize>,
    /// From this ply on, a position with both kings in the enemy camp is counted (24 points).
    pub impasse_from_ply: usize,
    /// The entering-king rule: under the try rule a king on its try square has won.
    pub entering_king: EnteringKingRule,
}

impl Default for GameRules {
    fn default() -> Self {
        GameRules {
            move_limit: None,
            impasse_from_ply: 256,
            entering_king: EnteringKingRule::default(),
        }
    }
}

/// A game from a start position.
#[derive(Clone, Debug)]
pub struct Game {
    /// `positions[0]` is the start; `positions[i + 1]` follows `moves[i]`.
    positions: Vec<Position>,
    moves: Vec<Move>,
    pub rules: GameRules,
}

impl Default for Game {
    fn default() -> Self {
        Game::new(Position::startpos())
    }
}

impl Game {
    pub fn new(start: Position) -> Game {
        Game::with_rules(start, GameRules::default())
    }

    /// A game judged by `rules`: front ends start each new game with the rules of the last,
    /// so the settings in force live in one place (the game the engine searches).
    pub fn with_rules(start: Position, rules: GameRules) -> Game {
        Game { positions: vec![start], moves: Vec::new(), rules }
    }

    /// The current position.
    pub fn position(&self) -> &Position {
        self.positions.last().expect("never empty")
    }

    pub fn start(&self) -> &Position {
        &self.positions[0]
    }

    pub fn moves(&self) -> &[Move] {
        &self.moves
    }

    /// Every position from the start to the current one.
    pub fn positions(&self) -> &[Position] {
        &self.positions
    }

    /// Number of moves played since the start position.
    pub fn ply(&self) -> usize {
        self.moves.len()
    }

    /// True if the standard start position began the game.
    pub(crate) fn is_regular_start(&self) -> bool {
        self.start().key() == Position::startpos().key()
    }

    /// Plays a move after checking it.
    pub fn play(&mut self, m: Move) -> Result<(), IllegalMove> {
        self.position().check_move(m)?;
        self.play_unchecked(m);
        Ok(())
    }

    /// Plays a move known to be legal.
    pub fn play_unchecked(&mut self, m: Move) {
        let next = self.position().played(m);
        self.positions.push(next);
        self.moves.push(m);
    }

    /// Takes back the last move.
    pub fn undo(&mut self) -> Option<Move> {
        let m = self.moves.pop()?;
        self.positions.pop();
        Some(m)
    }

    /// How many times the current position occurred before (same board, hands, side).
    pub fn repetitions(&self) -> usize {
        let key = self.position().key();
        let n = self.positions.len();
        // Only positions with the same side to move can repeat: step back two plies at a time.
        self.positions[..n - 1].iter().rev().skip(1).step_by(2).filter(|p| p.key() == key).count()
    }

    /// Judges the current position by the rules: mate, sennichite and perpetual check,
    /// impasse, move limit. `None` while the game goes on.
    pub fn outcome(&self) -> Option<Outcome> {
        let pos = self.position();
        let mover = !pos.side_to_move();
        if self.rules.entering_king == EnteringKingRule::Try && pos.king_on_try_square(mover) {
            return Some(Outcome::Win { winner: mover, reason: WinReason::Try });
        }
        let mut list = MoveList::new();
        pos.legal_moves(&mut list);
        if list.is_empty() {
            let reason = if pos.in_check() { WinReason::Checkmate } else { WinReason::NoLegalMove };
            return Some(Outcome::Win { winner: !pos.side_to_move(), reason });
        }
        if let Some(o) = self.repetition_outcome() {
            return Some(o);
        }
        if self.ply() >= self.rules.impasse_from_ply
            && pos.king_in_enemy_camp(Color::Black)
            && pos.king_in_enemy_camp(Color::White)
        {
            return Some(impasse_outcome(pos));
        }
        if self.rules.move_limit.is_some_and(|limit| self.ply() >= limit) {
            return Some(Outcome::Draw(DrawReason::MoveLimit));
        }
        None
    }

    /// Sennichite: the fourth occurrence of a position is a draw, unless one side gave check
    /// with every one of its moves since the first occurrence; that side loses.
    pub(crate) fn repetition_outcome(&self) -> Option<Outcome> {
        let key = self.position().key();
        let current = self.positions.len() - 1;
        let occurrences: Vec<usize> =
            (0..current).filter(|&i| self.positions[i].key() == key).collect();
        if occurrences.len() < 3 {
            return None;
        }
        let first = occurrences[0];
        let mut always_checked = [true, true];
        for i in first + 1..=current {
            let mover = self.positions[i - 1].side_to_move();
            if !self.positions[i].in_check() {
                always_checked[mover.index()] = false;
            }
        }
        Some(match always_checked {
            [true, false] => {
                Outcome::Win { winner: Color::White, reason: WinReason::PerpetualCheck }
            }
            [false, true] => {
                Outcome::Win { winner: Color::Black, reason: WinReason::PerpetualCheck }
            }
            _ => Outcome::Draw(DrawReason::Repetition),
        })
    }
}

fn impasse_outcome(pos: &Position) -> Outcome {
    let black = pos.impasse_points(Color::Black);
    let white = pos.impasse_points(Color::White);
    if black < 24 {
        Outcome::Win { winner: Color::White, reason: WinReason::Impasse }
    } else if white < 24 {
        Outcome::Win { winner: Color::Black, reason: WinReason::Impasse }
    } else {
        Outcome::Draw(DrawReason::Impasse)
    }
}
