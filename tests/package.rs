//! The Debian package (`cargo deb`, configured in Cargo.toml's `[package.metadata.deb]`):
//! built from the release binary this test run already has, its control fields and files
//! read back with `dpkg-deb`, then unpacked into a scratch directory and the unpacked
//! `usr/games/gnushogi` started, as xshogi and XBoard would start it.
//!
//! Skipped, saying why, when `cargo-deb` or `dpkg-deb` is missing (under CI a failure:
//! `common::require`), and in a debug test run
//! (`cargo deb` packages the release binary, and only `cargo test --release` has just built
//! it). The package is built with `--no-build`: this test never compiles anything, so it
//! takes no build lock and packages exactly the binary the other tests ran.

use crate::common::require;
use crate::common::tools::cannot_run;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

fn run(cmd: &mut Command) -> Output {
    let out = cmd.output().unwrap_or_else(|e| panic!("{cmd:?}: {e}"));
    assert!(
        out.status.success(),
        "{cmd:?} failed ({}):\n{}\n{}",
        out.status,
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    out
}

fn text(out: &Output) -> String {
    String::from_utf8_lossy(&out.stdout).into_owned()
}

/// Cargo as the test run's own (`CARGO` is set by `cargo test`), else the one on `PATH`.
fn cargo() -> Command {
    Command::new(std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into()))
}

/// Whether the package can be built here: `cargo-deb` and `dpkg-deb` must be installed (see
/// [`require`]), and the binary a release build (a debug test run skips this test, saying so).
fn can_build(binary: &Path) -> bool {
    let deb = cannot_run(cargo().args(["deb", "--version"]), "cargo install cargo-deb --locked");
    let dpkg = cannot_run(Command::new("dpkg-deb").arg("--version"), "apt-get install dpkg");
    if !require("cargo-deb", deb) || !require("dpkg-deb", dpkg) {
        return false;
    }
    let release = binary.parent().and_then(Path::file_name) == Some("release".as_ref());
    if !release {
        eprintln!(
            "the Debian package test is skipped: {} is not a release build: run `cargo test \
             --release --test tests package::`",
            binary.display()
        );
    }
    release
}

/// The value of field `name` in `dpkg-deb --field` output, or `""`.
fn field<'a>(control: &'a str, name: &str) -> &'a str {
    control
        .lines()
        .find_map(|l| l.strip_prefix(name).and_then(|r| r.strip_prefix(':')))
        .map_or("", str::trim)
}

#[test]
fn the_debian_package_installs_a_working_gnushogi_in_usr_games() {
    let binary = PathBuf::from(env!("CARGO_BIN_EXE_gnushogi"));
    if !can_build(&binary) {
        return;
    }
    // target/release/gnushogi -> target: where cargo-deb finds `target/release/` assets.
    let target_dir = binary.parent().and_then(Path::parent).expect("a target directory");
    let scratch = Path::new(env!("CARGO_TARGET_TMPDIR")).join("package");
    let _ = std::fs::remove_dir_all(&scratch);
    std::fs::create_dir_all(&scratch).unwrap();
    let deb = scratch.join("gnushogi.deb");

    // --fast: lighter compression, the same files (a third of the time).
    run(cargo()
        .args(["deb", "--no-build", "--fast", "--output"])
        .arg(&deb)
        .arg("--manifest-path")
        .arg(Path::new(env!("CARGO_MANIFEST_DIR")).join("Cargo.toml"))
        .env("CARGO_TARGET_DIR", target_dir));

    // The control fields: the same package as Debian's, replacing it.
    let control = text(&run(Command::new("dpkg-deb").arg("--field").arg(&deb)));
    let version = field(&control, "Version");
    assert_eq!(field(&control, "Package"), "gnushogi", "{control}");
    assert!(
        version.starts_with(env!("CARGO_PKG_VERSION")),
        "Version {version} is not Cargo.toml's {}",
        env!("CARGO_PKG_VERSION")
    );
    if cfg!(all(target_os = "linux", target_arch = "x86_64")) {
        assert_eq!(field(&control, "Architecture"), "amd64", "{control}");
    }
    for name in ["Provides", "Conflicts", "Replaces"] {
        assert_eq!(field(&control, name), "gnushogi", "{name}:\n{control}");
    }
    assert_eq!(field(&control, "Section"), "games", "{control}");
    assert_eq!(field(&control, "Priority"), "optional", "{control}");
    assert!(field(&control, "Depends").contains("libc6"), "$auto depends:\n{control}");
    assert!(field(&control, "Maintainer").contains('@'), "{control}");
    // The synopsis is Cargo.toml's description whole: cargo-deb cuts a longer one at 79
    // characters and the rest would open the extended description.
    assert_eq!(field(&control, "Description"), env!("CARGO_PKG_DESCRIPTION"), "{control}");
    // `dpkg-deb --info` reads the whole control archive (it fails on a damaged package).
    let info = text(&run(Command::new("dpkg-deb").arg("--info").arg(&deb)));
    assert!(info.contains(" Package: gnushogi"), "{info}");

    // The files, where Debian's gnushogi had them (xshogi and XBoard run /usr/games/gnushogi).
    let contents = text(&run(Command::new("dpkg-deb").arg("--contents").arg(&deb)));
    let entry = |path: &str| contents.lines().find(|l| l.ends_with(path));
    let program =
        entry(" ./usr/games/gnushogi").unwrap_or_else(|| panic!("no binary:\n{contents}"));
    assert!(program.starts_with("-rwxr-xr-x"), "{program}");
    let man = ["./usr/share/man/man6/gnushogi.6.gz", "./usr/share/man/man6/gnushogi.6"];
    assert!(man.iter().any(|m| entry(m).is_some()), "no man page:\n{contents}");
    for doc in [
        "README.md",
        "copyright",
        "cecp.md",
        "usi.md",
        "commands.md",
        "book-format.md",
        "book/gnushogi.tbk",
    ] {
        let path = format!(" ./usr/share/doc/gnushogi/{doc}");
        assert!(entry(&path).is_some(), "{path} missing:\n{contents}");
    }

    // Unpacked, the installed program starts and answers XBoard's greeting.
    let root = scratch.join("root");
    run(Command::new("dpkg-deb").arg("-x").arg(&deb).arg(&root));
    let installed = root.join("usr/games/gnushogi");
    let out = run(Command::new(&installed).arg("--version"));
    assert!(text(&out).contains(env!("CARGO_PKG_VERSION")), "--version: {}", text(&out));

    let mut child = Command::new(&installed)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    child.stdin.take().unwrap().write_all(b"xboard\nprotover 2\nquit\n").unwrap();
    let out = child.wait_with_output().unwrap();
    let said = text(&out);
    assert!(out.status.success(), "{}: {said}", out.status);
    assert!(
        said.lines().any(|l| l.starts_with("feature ") && l.contains("done=1")),
        "no `feature … done=1` in:\n{said}"
    );
    let _ = std::fs::remove_dir_all(&scratch);
}
