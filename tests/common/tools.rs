//! The outside programs some tests need (tmux, groff, cargo-deb, the npm and Python record
//! readers): one rule for all of them. On a user's machine a test whose program is missing is
//! skipped, said once per program for the whole run; under CI (`CI=true`, as `.ci/run` sets
//! it, which also installs each of them) a missing program fails the test, so that no check
//! passes by not running.

use std::collections::BTreeSet;
use std::io::Write;
use std::process::{Command, Stdio};
use std::sync::Mutex;

/// Whether the run is under CI: `CI` is `true` (or `1`), as CI services set it.
pub fn under_ci() -> bool {
    std::env::var("CI").is_ok_and(|v| v.eq_ignore_ascii_case("true") || v == "1")
}

/// Whether `program` is here to run a test: `missing` is why not (see [`cannot_run`]), `None`
/// when it is. A missing program fails the test under CI; elsewhere it returns `false` (the
/// test returns at once), and the first test to meet it says that its tests are skipped.
pub fn require(program: &str, missing: Option<String>) -> bool {
    let Some(why) = missing else { return true };
    assert!(!under_ci(), "missing under CI (CI=true; .ci/run installs it): {program}: {why}");
    static SAID: Mutex<BTreeSet<String>> = Mutex::new(BTreeSet::new());
    if SAID.lock().unwrap().insert(program.to_string()) {
        // Past the test harness's capture (it shows the output of failed tests only), so
        // that the run says it.
        let _ = writeln!(std::io::stderr(), "skipped: the tests that need {program}: {why}");
    }
    false
}

/// Why `command` cannot run here (it does not start, or exits with a failure), with `install`,
/// how to get it; `None` when it runs and exits 0.
pub fn cannot_run(command: &mut Command, install: &str) -> Option<String> {
    let name = command.get_program().to_string_lossy().into_owned();
    match command.stdin(Stdio::null()).output() {
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
            Some(format!("{name} is not installed; {install}"))
        }
        Err(e) => Some(format!("{name} does not start ({e}); {install}")),
        Ok(o) if !o.status.success() => {
            let err = String::from_utf8_lossy(&o.stderr);
            let last = err.lines().last().unwrap_or("").trim();
            Some(format!("{name} fails ({}: {last}); {install}", o.status))
        }
        Ok(_) => None,
    }
}

/// Why Python cannot import `module` here (`install` says how to get it), `None` when it can.
pub fn python_cannot_import(module: &str, install: &str) -> Option<String> {
    cannot_run(Command::new("python3").args(["-c", &format!("import {module}")]), install)
}
