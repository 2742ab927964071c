//! `protocol::fullscreen::app`: the clocks as the screen shows them.

use gnushogi::protocol::fullscreen::app::*;

#[test]
fn clocks_as_shown() {
    assert_eq!(clock_text(30_000), "5:00");
    assert_eq!(clock_text(360_000 + 6_100), "1:01:01");
    assert_eq!(clock_text(-5), "0:00");
}
