//! The file commands: `save`, `get`, `xsave`, `xget`, `bsave` and `list`. `save` and `get`
//! of a name ending in `.kif`, `.kifu`, `.csa` or `.usi` write and read that game record
//! format (`files::record`); any other name is the original's game file.

use super::Interp;
use super::command::FileCmd;
use super::display::Surface;
use super::state::Player;
use crate::engine::clock::{MAX_CENTIS, from_centis};
use crate::files::record::{self, Format, Headers, Record, RecordMove};
use crate::files::{self, FileError, MoveStats};
use crate::game::Game;
use crate::rules::Color;
use std::path::{Path, PathBuf};
use std::time::Duration;

impl<D: Surface> Interp<'_, D> {
    /// `path`: the file named; `None`: the original's default file.
    pub(super) fn file(&mut self, f: FileCmd, path: Option<PathBuf>) {
        let path = match (path, f) {
            (Some(path), _) => path,
            (None, FileCmd::Save | FileCmd::Get) => PathBuf::from("shogi.000"),
            (None, FileCmd::XSave | FileCmd::XGet) => PathBuf::from("xshogi.position.read"),
            (None, FileCmd::BSave) => {
                self.reply("bsave: no file name given; nothing written");
                return;
            }
        };
        let shown = path.display().to_string();
        match (f, Format::from_path(&path)) {
            (FileCmd::Save, Some(format)) => {
                let bytes = record::write(&self.record(), format);
                self.write_file(&path, &bytes, &format!("Game saved to {shown}"));
            }
            (FileCmd::Get, Some(format)) => self.get_record(&path, format),
            (f, _) => self.game_file(f, &path),
        }
    }

    /// `save`, `get` and the other file commands in the original's formats.
    fn game_file(&mut self, f: FileCmd, path: &Path) {
        let shown = path.display().to_string();
        match f {
            FileCmd::Save => {
                let c = &self.play.clocks;
                let clocks = c.on().then(|| {
                    (Color::ALL.map(|s| c.remaining(s)), Color::ALL.map(|s| c.moves_left(s)))
                });
                let mut gf = files::gamefile::from_game(
                    self.play.game(),
                    &self.log.stats,
                    self.seats.computer,
                    self.seats.force,
                    clocks,
                );
                if clocks.is_none() {
                    // No clocks run: the time each side has used, rather than nothing, as
                    // its moves' whole seconds add up (what `get` sets the clocks from).
                    gf.clock = self.seconds_used().map(|s| s * 100);
                }
                self.write_file(path, gf.to_text(), &format!("Game saved to {shown}"));
            }
            FileCmd::XSave => {
                let text = files::xposition::to_text(self.play.game().position());
                self.write_file(path, text, &format!("Position saved to {shown}"));
            }
            FileCmd::BSave => match files::listing::book_text(self.play.game(), &self.log.stats) {
                Ok(text) => match files::append_atomic(path, &text) {
                    Ok(()) => self.reply(&format!("Game added to the book {shown}")),
                    Err(e) => self.error(&format!("Could not write {shown}: {}", io_reason(&e))),
                },
                Err(e) => self.error(&format!("bsave: {e}; nothing written")),
            },
            FileCmd::Get => match read(path).and_then(|t| files::GameFile::parse(&t)) {
                Ok(gf) => {
                    self.abandon_search();
                    let stats = gf.moves.iter().map(|m| m.stats).collect();
                    self.set_game(gf.game(), stats);
                    self.clocks_from_moves();
                    self.seats.computer = gf.computer;
                    self.seats.force = gf.force;
                    if gf.clocks_on && self.play.clocks.on() {
                        for side in Color::ALL {
                            let (i, clocks) = (side.index(), &mut self.play.clocks);
                            clocks.set_left(side, from_centis(gf.clock[i].clamp(0, MAX_CENTIS)));
                            clocks.set_moves_left(side, gf.moves_left[i].max(1));
                        }
                    }
                    if let Some(o) = self.play.game().outcome() {
                        self.log.outcome = Some(o);
                    }
                    self.redraw();
                    self.note(&format!("Game read from {shown}"));
                    self.note_finished();
                }
                Err(e) => {
                    self.error(&format!("Could not read {shown}: {e}; the game is unchanged"))
                }
            },
            FileCmd::XGet => match read(path).and_then(|t| files::xposition::parse(&t)) {
                Ok(pos) => {
                    self.abandon_search();
                    self.seats.computer = !pos.side_to_move();
                    self.set_game(Game::new(pos), Vec::new());
                    self.clocks_from_moves();
                    self.redraw();
                    self.note(&format!("Position read from {shown}"));
                }
                Err(e) => {
                    self.error(&format!("Could not read {shown}: {e}; the game is unchanged"));
                }
            },
        }
    }

    /// The game as a record: the players, the time control, each move's thinking time and
    /// how the game ended.
    fn record(&self) -> Record {
        let mut r = Record::from_game(self.play.game());
        r.headers = Headers {
            date: Some(self.log.game_started),
            black: Some(self.players_of(Color::Black)),
            white: Some(self.players_of(Color::White)),
            event: None,
            site: None,
            // In the words KIF readers show (`持ち時間：5分+10秒`).
            time_control: self.play.clocks.on().then(|| self.play.clocks.control().kif_text()),
            time_limit: self.play.clocks.on().then(|| self.play.clocks.csa_limit()).flatten(),
        };
        for (m, s) in r.moves.iter_mut().zip(&self.log.stats) {
            m.time = Some(Duration::from_secs(s.time));
        }
        r.outcome = self.log.outcome.or(r.outcome);
        r
    }

    /// `get` of a record: it replaces the game, and the user moves next.
    fn get_record(&mut self, path: &Path, format: Format) {
        let shown = path.display().to_string();
        let read = files::read_limited(path, files::MAX_GAME_FILE)
            .map_err(|e| FileError::new(0, io_reason(&e)))
            .and_then(|bytes| record::read(&bytes, format));
        match read {
            Ok(r) => {
                self.abandon_search();
                let stats = r.moves.iter().map(stats_of).collect();
                let game = r.game();
                self.seats.computer = !game.position().side_to_move();
                self.set_game(game, stats);
                self.clocks_from_moves();
                if let Some(date) = r.headers.date {
                    self.log.game_started = date;
                }
                self.log.outcome = r.outcome.or(self.play.game().outcome());
                self.redraw();
                self.note(&format!("Game read from {shown}"));
                self.note_finished();
            }
            Err(e) => self.error(&format!("Could not read {shown}: {e}; the game is unchanged")),
        }
    }

    /// A game read that has ended says so, as the end of a game played does.
    fn note_finished(&mut self) {
        if let Some(o) = self.log.outcome {
            for line in super::play::game_over(o) {
                self.note(&line);
            }
        }
    }

    /// Who played `side`'s moves (`GNU Shogi`, `Human`), in the order they first did: after
    /// `undo` (the sides swap) or `go` the person may have played both colours, and each
    /// colour's name says so (`Human and GNU Shogi`). A move read from a file, and a colour
    /// with no moves yet, are named by who plays that colour now.
    fn players_of(&self, side: Color) -> String {
        let now = if self.seats.both || side == self.seats.computer {
            Player::Computer
        } else {
            Player::Person
        };
        let mut names: Vec<&str> = Vec::new();
        let moves = self.movers().zip(&self.log.players).filter(|(c, _)| *c == side);
        for name in moves.map(|(_, p)| p.unwrap_or(now).name()) {
            if !names.contains(&name) {
                names.push(name);
            }
        }
        if names.is_empty() {
            names.push(now.name());
        }
        names.join(" and ")
    }

    /// The side that made each move of the game, in order.
    fn movers(&self) -> impl Iterator<Item = Color> + use<D> {
        let first = self.play.game().start().side_to_move();
        (0..self.log.stats.len()).map(move |i| if i % 2 == 0 { first } else { !first })
    }

    /// The seconds each side's moves took, Black's and White's.
    fn seconds_used(&self) -> [i64; 2] {
        let mut used = [0i64; 2];
        for (side, s) in self.movers().zip(&self.log.stats) {
            used[side.index()] += i64::try_from(s.time).unwrap_or(i64::MAX / 200);
        }
        used
    }

    /// The clocks as the game read has used them: each side's moves' times spent in turn
    /// under the control in force, from the start of the game.
    fn clocks_from_moves(&mut self) {
        let movers: Vec<Color> = self.movers().collect();
        let clocks = &mut self.play.clocks;
        clocks.reset();
        for (side, s) in movers.into_iter().zip(&self.log.stats) {
            clocks.spend(side, Duration::from_secs(s.time));
        }
    }

    pub(super) fn write_file(&mut self, path: &Path, text: impl AsRef<[u8]>, done: &str) {
        match files::write_atomic(path, text) {
            Ok(()) => self.reply(done),
            Err(e) => self.error(&format!("Could not write {}: {}", path.display(), io_reason(&e))),
        }
    }

    /// `None`: the original's `CL.*` name.
    pub(super) fn list(&mut self, path: Option<PathBuf>) {
        if self.play.game().ply() == 0 {
            return self.error("list: there are no moves to list yet; nothing written");
        }
        let path = path.unwrap_or_else(|| {
            PathBuf::from(files::listing::list_file_name(
                &chrono::Local::now(),
                self.seats.computer,
            ))
        });
        let text =
            files::listing::listing(self.play.game(), &self.log.stats, self.play.game().outcome());
        let done = format!("Game listed to {}", path.display());
        self.write_file(&path, &text, &done);
    }
}

/// What a record says of a move that the game files keep: its time.
fn stats_of(m: &RecordMove) -> MoveStats {
    MoveStats { time: m.time.map_or(0, |d| d.as_secs()), ..MoveStats::default() }
}

fn read(path: &Path) -> Result<String, FileError> {
    let data = files::read_limited(path, files::MAX_GAME_FILE)
        .map_err(|e| FileError::new(0, io_reason(&e)))?;
    String::from_utf8(data).map_err(|_| FileError::new(0, "not a text file (invalid UTF-8)"))
}

/// Why a file could not be read or written, in words, without the system's error number.
fn io_reason(e: &std::io::Error) -> String {
    use std::io::ErrorKind as K;
    match e.kind() {
        K::NotFound => "no such file or directory".into(),
        K::PermissionDenied => "permission denied".into(),
        K::IsADirectory => "it is a directory".into(),
        _ => {
            let text = e.to_string();
            // "Read-only file system (os error 30)": the words only.
            match text.find(" (os error ") {
                Some(i) => text[..i].to_string(),
                None => text,
            }
        }
    }
}
