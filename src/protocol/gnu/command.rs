//! The commands of the text and xshogi modes, parsed from one input line.
//!
//! The first word names the command (exactly, case-sensitive, as in the original); the rest
//! of the line is its argument. A word that names no command is a move.

use crate::notation::Annotation;
use nom::{
    IResult, Parser,
    bytes::complete::take_till1,
    character::complete::{multispace0, multispace1},
    combinator::{opt, rest},
    sequence::preceded,
};

/// The files a command reads or writes.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum FileCmd {
    Save,
    Get,
    XSave,
    XGet,
    BSave,
}

/// Toggles and simple switches.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Toggle {
    Post,
    NoPost,
    Easy,
    Hard,
    Book,
    Hash,
    Tsume,
    Rcptr,
    GameIn,
    Material,
    Coords,
    Reverse,
    Beep,
    Stars,
    Force,
}

/// Commands that take numbers, with their prompts when the number is missing.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Setting {
    Depth,
    Contempt,
    Xwndw,
    Awindow,
    Bwindow,
    HashDepth,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Command {
    Help,
    New,
    Quit,
    Board,
    Undo,
    Remove,
    Go,
    Switch,
    /// `black`: the computer plays White.
    Black,
    /// `white`: the computer plays Black.
    White,
    Both,
    Hint,
    Level(String),
    Set(Setting, String),
    Time(String),
    OTime(String),
    Toggle(Toggle),
    Random,
    P,
    Test,
    Debug(String),
    File(FileCmd, String),
    /// `list [FILE]`: the listing to FILE, or to the original's `CL.*` name.
    List(String),
    Edit,
    Setup,
    Annotate(Annotation),
    Sfen,
    SetSfen(String),
    Moves,
    Xboard,
    Usi,
    /// Accepted and ignored (`alg`, `accepted`, `rejected`, `variant`, `computer`, `name`).
    Ignored,
    /// Nothing on the line.
    Empty,
    /// Anything else: a move (only the first word counts).
    Move(String),
}

/// Every first word [`parse`] reads as a command (any other word is a move), in the order
/// of `help`. `doc/commands.md` documents each; tests/docs.rs checks both, both ways.
#[rustfmt::skip]
pub const COMMANDS: &[&str] = &[
    "help", "new", "quit", "exit", "bd", "undo", "remove", "go", "first", "switch", "black",
    "white", "both", "hint", "level", "clock", "depth", "sd", "contempt", "xwndw", "Awindow",
    "Bwindow", "hashdepth", "time", "otime", "otim", "post", "nopost", "easy", "hard", "book",
    "hash", "tsume", "rcptr", "gamein", "material", "coords", "reverse", "rv", "beep", "stars",
    "force", "random", "p", "test", "debug", "save", "get", "xsave", "xget", "bsave", "list",
    "edit", "set", "setup", "?", "!", "sfen", "setsfen", "moves", "xboard", "usi", "alg",
    "accepted", "rejected", "variant", "computer", "name",
];

fn word_and_rest(i: &str) -> IResult<&str, (&str, Option<&str>)> {
    let (i, _) = multispace0(i)?;
    let (i, word) = take_till1(char::is_whitespace)(i)?;
    let (i, arg) = opt(preceded(multispace1, rest)).parse(i)?;
    Ok((i, (word, arg)))
}

/// Parses a line into a command.
pub fn parse(line: &str) -> Command {
    let Ok((_, (word, arg))) = word_and_rest(line) else {
        return Command::Empty;
    };
    let arg = arg.unwrap_or("").trim().to_string();
    use Command as C;
    match word {
        "help" => C::Help,
        "new" => C::New,
        "quit" | "exit" => C::Quit,
        "bd" => C::Board,
        "undo" => C::Undo,
        "remove" => C::Remove,
        "go" | "first" => C::Go,
        "switch" => C::Switch,
        "black" => C::Black,
        "white" => C::White,
        "both" => C::Both,
        "hint" => C::Hint,
        "level" | "clock" => C::Level(arg),
        "depth" | "sd" => C::Set(Setting::Depth, arg),
        "contempt" => C::Set(Setting::Contempt, arg),
        "xwndw" => C::Set(Setting::Xwndw, arg),
        "Awindow" => C::Set(Setting::Awindow, arg),
        "Bwindow" => C::Set(Setting::Bwindow, arg),
        "hashdepth" => C::Set(Setting::HashDepth, arg),
        "time" => C::Time(arg),
        "otime" | "otim" => C::OTime(arg),
        "post" => C::Toggle(Toggle::Post),
        "nopost" => C::Toggle(Toggle::NoPost),
        "easy" => C::Toggle(Toggle::Easy),
        "hard" => C::Toggle(Toggle::Hard),
        "book" => C::Toggle(Toggle::Book),
        "hash" => C::Toggle(Toggle::Hash),
        "tsume" => C::Toggle(Toggle::Tsume),
        "rcptr" => C::Toggle(Toggle::Rcptr),
        "gamein" => C::Toggle(Toggle::GameIn),
        "material" => C::Toggle(Toggle::Material),
        "coords" => C::Toggle(Toggle::Coords),
        "reverse" | "rv" => C::Toggle(Toggle::Reverse),
        "beep" => C::Toggle(Toggle::Beep),
        "stars" => C::Toggle(Toggle::Stars),
        "force" => C::Toggle(Toggle::Force),
        "random" => C::Random,
        "p" => C::P,
        "test" => C::Test,
        "debug" => C::Debug(arg),
        "save" => C::File(FileCmd::Save, arg),
        "get" => C::File(FileCmd::Get, arg),
        "xsave" => C::File(FileCmd::XSave, arg),
        "xget" => C::File(FileCmd::XGet, arg),
        "bsave" => C::File(FileCmd::BSave, arg),
        "list" => C::List(arg),
        "edit" | "set" => C::Edit,
        "setup" => C::Setup,
        "?" => C::Annotate(Annotation::Bad),
        "!" => C::Annotate(Annotation::Good),
        "sfen" => C::Sfen,
        "setsfen" => C::SetSfen(arg),
        "moves" => C::Moves,
        "xboard" => C::Xboard,
        "usi" => C::Usi,
        "alg" | "accepted" | "rejected" | "variant" | "computer" | "name" => C::Ignored,
        w => C::Move(w.to_string()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn words_and_arguments() {
        assert_eq!(parse("  level 40 5 "), Command::Level("40 5".into()));
        assert_eq!(parse("level"), Command::Level(String::new()));
        assert_eq!(parse("sd 3"), Command::Set(Setting::Depth, "3".into()));
        assert_eq!(parse("7g7f  extra words"), Command::Move("7g7f".into()));
        assert_eq!(parse(""), Command::Empty);
        assert_eq!(parse("   "), Command::Empty);
        assert_eq!(parse("Help"), Command::Move("Help".into()));
        assert_eq!(parse("save /tmp/x y"), Command::File(FileCmd::Save, "/tmp/x y".into()));
        assert_eq!(parse("rv"), Command::Toggle(Toggle::Reverse));
    }

    #[test]
    fn the_command_list_is_the_parser_s() {
        for w in COMMANDS {
            assert!(!matches!(parse(w), Command::Move(_) | Command::Empty), "{w} is listed");
        }
        // Other protocols' words and near misses are moves here.
        for w in ["isready", "protover", "ping", "Quit", "helps", "st", "usermove", "7g7f"] {
            assert!(!COMMANDS.contains(&w));
            assert_eq!(parse(w), Command::Move(w.to_string()), "{w} is not listed");
        }
    }
}
