//! The CSA network client's reading of the server: every line as a message (login, game
//! summary markers, moves with times, results); the lines after `BEGIN Game_Summary`
//! through the summary reader to its end and `finish`; after a summary that is accepted,
//! its moves played on its position and their times turned into durations by its rules,
//! as the client does. No panic; an accepted summary's position prints back as itself.
#![no_main]

use gnushogi::notation::{parse_sfen, to_sfen};
use gnushogi::protocol::csa::message::{Message, parse_line};
use gnushogi::protocol::csa::summary::{GameSummary, SummaryReader};
use gnushogi::rules::Position;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    let mut reader: Option<SummaryReader> = None;
    let mut game: Option<(GameSummary, Position)> = None;
    for line in text.lines() {
        if let Some(r) = reader.as_mut() {
            if r.line(line) {
                let r = reader.take().unwrap();
                let _ = r.game_id().map(str::len);
                if let Ok(s) = r.finish() {
                    let _ = (s.time_words(), s.time_limit(), s.time[0].to_string());
                    let _ = (s.time[1].total(), s.time[1].byoyomi(), s.time[1].increment());
                    let start = to_sfen(&s.record.start);
                    let again = parse_sfen(&start).expect("a summary's position prints readable");
                    assert_eq!(to_sfen(&again), start);
                    let pos = s.record.end_position();
                    game = Some((s, pos));
                }
            }
            continue;
        }
        match parse_line(line) {
            Ok(Message::BeginSummary) => reader = Some(SummaryReader::new()),
            Ok(Message::Move { mv, time, .. }) => {
                if let Some((s, pos)) = game.as_mut() {
                    if let Some(t) = time {
                        let _ = s.time[mv.color.index()].duration_of(t);
                    }
                    // `to_move` gives the shape; the client checks legality, as here.
                    if let Ok(m) = mv.to_move(pos)
                        && pos.is_legal(m)
                    {
                        *pos = pos.played(m);
                    }
                }
            }
            Ok(Message::Special { time: Some(t), .. }) => {
                if let Some((s, pos)) = game.as_ref() {
                    let _ = s.time[pos.side_to_move().index()].duration_of(t);
                }
            }
            _ => {}
        }
    }
    if let Some(r) = reader {
        let _ = r.finish();
    }
});
