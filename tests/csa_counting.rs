//! How the CSA client counts a move's time as the server does (`protocol::csa::counting`):
//! whole units, cut off or rounded up, a least time; and the search limits that keep a move
//! inside the server's deadline.

use gnushogi::engine::clock::{Clocks, TimeControl};
use gnushogi::protocol::csa::counting::{Counting, keep_within, server_limits};
use gnushogi::rules::Color;
use gnushogi::search::SearchLimits;
use std::time::Duration;

#[test]
fn a_server_counts_whole_units() {
    let ms = Duration::from_millis;
    let cut = Counting::default();
    assert_eq!((cut.charged(ms(999)), cut.charged(ms(1000)), cut.charged(ms(2500))), (0, 1, 2));
    assert_eq!(cut.longest_below(1), Some(ms(1000) - Duration::from_nanos(1)));
    assert_eq!(cut.longest_below(0), None);
    let up = Counting { unit: Duration::from_secs(1), least: 0, round_up: true };
    assert_eq!((up.charged(ms(1)), up.charged(ms(1000)), up.charged(ms(0))), (1, 1, 0));
    assert_eq!(up.longest_below(3), Some(ms(2000)));
    let least = Counting { unit: ms(1), least: 1000, round_up: false };
    assert_eq!((least.charged(ms(10)), least.charged(ms(1500))), (1000, 1500));
    assert_eq!(least.longest_below(1000), None);
    assert_eq!(least.units(Duration::from_secs(3)), 3000);
    // Every elapsed time below the limit is charged fewer units, and the next is not.
    for c in [cut, up, least] {
        for units in [1, 2, 7, 1001, 5000] {
            if let Some(d) = c.longest_below(units) {
                assert!(c.charged(d) < units, "{c:?} {units}");
                assert!(c.charged(d + Duration::from_nanos(1)) >= units, "{c:?} {units}");
            }
        }
    }
}

#[test]
fn server_limits_keep_the_margin() {
    let s = Duration::from_secs;
    let cut = Counting::default();
    let mut c = Clocks::new(TimeControl::session(0, s(0), Duration::ZERO));
    for side in Color::ALL {
        c.set_byoyomi(side, s(1));
    }
    let limits = server_limits(&c, Color::Black, &cut, Duration::ZERO, Duration::from_millis(300));
    let clock = limits.clock.unwrap();
    // Under 1 s (cut off) less the margin, all of it byoyomi.
    assert_eq!(clock.remaining, Duration::ZERO);
    assert!(
        clock.byoyomi < Duration::from_millis(700) && clock.byoyomi > Duration::from_millis(699)
    );
    // Fischer: this move's increment counts; the margin comes off the clock.
    let c = Clocks::new(TimeControl::session(0, s(60), s(10)));
    let limits = server_limits(&c, Color::White, &cut, Duration::ZERO, s(1));
    let clock = limits.clock.unwrap();
    assert!(clock.remaining > s(68) && clock.remaining < s(69), "{clock:?}");
    // A clock already spent, no byoyomi nor increment: nothing to think with.
    let mut c = Clocks::new(TimeControl::session(0, s(60), Duration::ZERO));
    c.spend(Color::White, s(200));
    let limits = server_limits(&c, Color::White, &cut, Duration::ZERO, s(1));
    assert_eq!(limits.clock.unwrap().remaining, Duration::ZERO);
    let mut fixed = SearchLimits::move_time(s(5));
    keep_within(&mut fixed, s(2));
    assert_eq!(fixed.move_time, Some(s(2)));
}
