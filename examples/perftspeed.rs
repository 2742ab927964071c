use gnushogi::notation::parse_sfen;
use gnushogi::rules::perft;
use std::time::Instant;
fn main() {
    let args: Vec<String> = std::env::args().collect();
    let pos = parse_sfen(&args[1]).unwrap();
    let depth: u32 = args[2].parse().unwrap();
    let t = Instant::now();
    let n = perft(&pos, depth);
    let dt = t.elapsed().as_secs_f64();
    println!("nodes {n} time {:.3} nps {:.0}", dt, n as f64 / dt);
}
