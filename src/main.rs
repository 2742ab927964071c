use gnushogi::cli::{Cli, run_perft};
use std::process::ExitCode;

fn main() -> ExitCode {
    let cli = match Cli::parse_args(std::env::args_os()) {
        Ok(cli) => cli,
        Err(e) => {
            let _ = e.print();
            return ExitCode::from(if e.use_stderr() { 2 } else { 0 });
        }
    };
    if cli.version || cli.short_version {
        println!("gnushogi version {}", gnushogi::VERSION);
        return ExitCode::SUCCESS;
    }
    if let Some(depth) = cli.perft {
        return run_perft(depth, cli.sfen.as_deref(), cli.divide, &mut std::io::stdout().lock());
    }
    eprintln!("gnushogi: this mode is not built yet");
    ExitCode::from(2)
}
