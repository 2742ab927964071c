//! The text mode's command parser and its time controls (`level`, the command line's
//! `40 5`): each line of the input on its own. No panic.
#![no_main]

use gnushogi::engine::clock;
use gnushogi::protocol::gnu::command;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    for line in text.lines() {
        let _ = command::parse(line);
        let _ = command::level(line);
        let _ = command::depth(line);
        let _ = command::analyse_limit(line);
        let _ = command::debug_piece(line);
        let _ = command::file_name(line);
        let _ = clock::parse_level(line);
        let _ = clock::parse_time(line, true);
        let _ = clock::parse_time(line, false);
        let args: Vec<String> = line.split_whitespace().map(str::to_string).collect();
        let _ = clock::parse_command_line(&args);
    }
});
