//! CECP (xboard) command lines, and the lines of its `edit` mode: each line of the input on
//! its own. No panic.
#![no_main]

use gnushogi::protocol::cecp::command::{parse_command, parse_edit_line};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    for line in text.lines() {
        let _ = parse_command(line);
        let _ = parse_edit_line(line);
    }
});
