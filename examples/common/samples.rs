//! What the training examples share: their `--name value` arguments and the sample files
//! the self-play generator writes (`SFEN <tab> result [<tab> score]` lines).

use gnushogi::notation::parse_sfen;
use gnushogi::rules::Position;

/// The value after `name` in `args`, or `default` when it is missing or does not parse.
pub fn arg<T: std::str::FromStr>(args: &[String], name: &str, default: T) -> T {
    args.iter()
        .position(|a| a == name)
        .and_then(|i| args.get(i + 1))
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

/// One labelled position.
#[allow(dead_code)] // each example reads the fields it trains on
pub struct Sample {
    pub pos: Position,
    /// The game's result for Black: 1, 0.5 or 0.
    pub result: f32,
    /// The labelling search's score, when the file has one.
    pub score: Option<f32>,
}

/// The samples of the comma-separated `files`, skipping the first `skip` plies and
/// positions in check; lines that do not parse are passed over.
#[allow(dead_code)] // selfplay writes samples and never reads them
pub fn read(files: &str, skip: u32) -> Vec<Sample> {
    let mut samples = Vec::new();
    for path in files.split(',').filter(|p| !p.is_empty()) {
        let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{path}: {e}"));
        for line in text.lines() {
            let mut cols = line.split('\t');
            let (Some(sfen), Some(result)) = (cols.next(), cols.next()) else { continue };
            let Ok(result) = result.trim().parse::<f32>() else { continue };
            let score = cols.next().and_then(|s| s.trim().parse::<f32>().ok());
            let Ok(pos) = parse_sfen(sfen) else { continue };
            if pos.move_number() < skip || pos.in_check() {
                continue;
            }
            samples.push(Sample { pos, result, score });
        }
    }
    samples
}
