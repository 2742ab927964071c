//! GNU Shogi's own files: the saved game (`get`/`save`, `-l`) and the xshogi position file
//! (`xget`/`xsave`). Any text; what is read must write back to text that reads the same.
#![no_main]

use gnushogi::files::{GameFile, xposition};
use gnushogi::notation::to_sfen;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else { return };
    if let Ok(gf) = GameFile::parse(text) {
        let game = gf.game();
        assert_eq!(game.moves().len(), gf.moves.len(), "a move of the file is illegal");
        let written = gf.to_text();
        let back = GameFile::parse(&written)
            .unwrap_or_else(|e| panic!("written back unreadable: {e}\n{written}"));
        assert_eq!(back, gf, "written back, the game file reads differently:\n{written}");
    }
    if let Ok(pos) = xposition::parse(text) {
        let written = xposition::to_text(&pos);
        let back = xposition::parse(&written)
            .unwrap_or_else(|e| panic!("written back unreadable: {e}\n{written}"));
        assert_eq!(to_sfen(&back), to_sfen(&pos), "{written}");
        assert_eq!(back.key(), pos.key());
    }
});
