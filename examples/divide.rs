use gnushogi::notation::{parse_sfen, parse_usi_move};
use gnushogi::rules::divide;
fn main() {
    let args: Vec<String> = std::env::args().collect();
    let mut pos = parse_sfen(&args[1]).unwrap();
    let depth: u32 = args[2].parse().unwrap();
    for m in &args[3..] {
        let mv = parse_usi_move(m).unwrap().to_move(&pos).unwrap();
        pos = pos.played(mv);
    }
    for (m, n) in divide(&pos, depth) {
        println!("{m} {n}");
    }
}
