//! The file commands: `save`, `get`, `xsave`, `xget`, `bsave` and `list`.

use super::Interp;
use super::command::FileCmd;
use super::display::Display;
use crate::files::{self, FileError};
use crate::game::Game;
use std::path::PathBuf;

impl<D: Display> Interp<'_, D> {
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
        match f {
            FileCmd::Save => {
                let clocks =
                    self.clocks.on().then_some((self.clocks.remaining, self.clocks.moves_left));
                let gf = files::gamefile::from_game(
                    &self.game,
                    &self.stats,
                    self.computer,
                    self.force,
                    clocks,
                );
                self.write_file(&path, &gf.to_text(), &format!("Game saved to {shown}"));
            }
            FileCmd::XSave => {
                let text = files::xposition::to_text(self.game.position());
                self.write_file(&path, &text, &format!("Position saved to {shown}"));
            }
            FileCmd::BSave => match files::listing::book_text(&self.game, &self.stats) {
                Ok(text) => match files::append_atomic(&path, &text) {
                    Ok(()) => self.reply(&format!("Game saved to {shown}")),
                    Err(e) => self.error(&format!("Could not write {shown}: {}", io_reason(&e))),
                },
                Err(e) => self.error(&format!("bsave: {e}; nothing written")),
            },
            FileCmd::Get => match read(&path).and_then(|t| files::GameFile::parse(&t)) {
                Ok(gf) => {
                    self.abandon_search();
                    let stats = gf.moves.iter().map(|m| m.stats).collect();
                    self.set_game(gf.game(), stats);
                    self.computer = gf.computer;
                    self.force = gf.force;
                    if gf.clocks_on && self.clocks.on() {
                        self.clocks.remaining =
                            gf.clock.map(|c| c.clamp(0, crate::engine::clock::MAX_CENTIS));
                        self.clocks.moves_left = gf.moves_left.map(|m| m.max(1));
                    }
                    if let Some(o) = self.game.outcome() {
                        self.outcome = Some(o);
                    }
                    self.redraw();
                    self.note(&format!("Game read from {shown}"));
                }
                Err(e) => {
                    self.error(&format!("Could not read {shown}: {e}; the game is unchanged"))
                }
            },
            FileCmd::XGet => match read(&path).and_then(|t| files::xposition::parse(&t)) {
                Ok(pos) => {
                    self.abandon_search();
                    self.computer = !pos.side_to_move();
                    self.set_game(Game::new(pos), Vec::new());
                    self.redraw();
                    self.note(&format!("Position read from {shown}"));
                }
                Err(e) => {
                    self.error(&format!("Could not read {shown}: {e}; the game is unchanged"));
                }
            },
        }
    }

    pub(super) fn write_file(&mut self, path: &std::path::Path, text: &str, done: &str) {
        match files::write_atomic(path, text) {
            Ok(()) => self.reply(done),
            Err(e) => self.error(&format!("Could not write {}: {}", path.display(), io_reason(&e))),
        }
    }

    /// `None`: the original's `CL.*` name.
    pub(super) fn list(&mut self, path: Option<PathBuf>) {
        let path = path.unwrap_or_else(|| {
            PathBuf::from(files::listing::list_file_name(&chrono::Local::now(), self.computer))
        });
        let text = files::listing::listing(&self.game, &self.stats, self.game.outcome());
        let done = format!("Game listed to {}", path.display());
        self.write_file(&path, &text, &done);
    }
}

fn read(path: &std::path::Path) -> Result<String, FileError> {
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
