use gnushogi::cli::Cli;
use std::process::ExitCode;

fn main() -> ExitCode {
    match Cli::parse_args(std::env::args_os()) {
        Ok(cli) => gnushogi::cli::run(cli),
        Err(e) => {
            let _ = e.print();
            ExitCode::from(if e.use_stderr() { 2 } else { 0 })
        }
    }
}
