//! The record formats, and reading or writing a record in the one asked for.

use super::{Record, csa, kif, sjis, usi};
use crate::files::FileError;
use std::path::Path;

/// The record formats, each with its file extension.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Format {
    /// `.kif`: KIF in Shift-JIS, as Kifu for Windows and most programs write it.
    Kif,
    /// `.kifu`: KIF in UTF-8.
    Kifu,
    /// `.csa`: CSA V2.2 (V3.0 read too).
    Csa,
    /// `.usi`: one line, `position startpos moves …` or `position sfen … moves …`.
    Usi,
}

impl Format {
    pub const ALL: [Format; 4] = [Format::Kif, Format::Kifu, Format::Csa, Format::Usi];

    /// The format a file name's extension names (any case); `None` for any other name.
    pub fn from_path(path: &Path) -> Option<Format> {
        let ext = path.extension()?.to_str()?.to_ascii_lowercase();
        Format::ALL.into_iter().find(|f| f.extension() == ext)
    }

    /// The extension, without the dot.
    pub const fn extension(self) -> &'static str {
        match self {
            Format::Kif => "kif",
            Format::Kifu => "kifu",
            Format::Csa => "csa",
            Format::Usi => "usi",
        }
    }
}

/// Reads a record. KIF is taken as UTF-8 when the bytes are UTF-8 (or start with its byte
/// order mark), else as Shift-JIS, whatever the extension said; CSA likewise. A CSA file of
/// several games gives the first.
pub fn read(bytes: &[u8], format: Format) -> Result<Record, FileError> {
    match format {
        Format::Kif | Format::Kifu | Format::Csa => {
            read_with_warnings(bytes, format).map(|(record, _)| record)
        }
        Format::Usi => match std::str::from_utf8(bytes) {
            Ok(text) => usi::parse(text),
            Err(e) => {
                let line = bytes[..e.valid_up_to()].iter().filter(|&&b| b == b'\n').count() + 1;
                Err(FileError::new(line, "not a text file (invalid UTF-8)"))
            }
        },
    }
}

/// Reads a record as [`read()`] does, and says what it read past: a KIF or CSA game that
/// ends in a word this program does not know is read up to the move before it, with a
/// warning (its line and the word) instead of an error.
pub fn read_with_warnings(
    bytes: &[u8],
    format: Format,
) -> Result<(Record, Vec<FileError>), FileError> {
    match format {
        Format::Kif | Format::Kifu => kif::parse_with_warnings(&sjis::decode(bytes)),
        Format::Csa => csa::parse_with_warnings(&sjis::decode(bytes)),
        Format::Usi => read(bytes, format).map(|r| (r, Vec::new())),
    }
}

/// The bytes of a record file: `.kif` in Shift-JIS (a character Shift-JIS lacks becomes
/// `?`), the others in UTF-8.
pub fn write(record: &Record, format: Format) -> Vec<u8> {
    match format {
        Format::Kif => sjis::encode(&kif::write(record)),
        Format::Kifu => kif::write(record).into_bytes(),
        Format::Csa => csa::write(record).into_bytes(),
        Format::Usi => usi::write(record).into_bytes(),
    }
}
