//! `analyse`: the game so far analysed, as `--analyse` does it from the command line, one
//! line a move (number, move, scores before and after, loss, mark, the better move and its
//! line) and a summary for each side. Every line is a reply, so each display shows it its
//! own way (the full screen over the board, as any long reply).

use super::Interp;
use super::command::AnalyseLimit;
use super::display::{Display, MessageKind, printable};
use crate::analysis::{self, AnalysisLimits, Progress, report};
use std::sync::atomic::AtomicBool;

impl<D: Display> Interp<'_, D> {
    pub(super) fn analyse_game(&mut self, limit: AnalyseLimit) {
        let plies = self.game.ply();
        if plies == 0 {
            self.error("analyse: there are no moves to analyse yet");
            return;
        }
        let (mut limits, how) = match limit {
            AnalyseLimit::Depth(d) => (AnalysisLimits::depth(d), format!("depth {d}")),
            AnalyseLimit::Time(t) => {
                (AnalysisLimits::time(t), format!("{} s a position", t.as_secs_f64()))
            }
        };
        limits.workers = std::thread::available_parallelism().map_or(1, |n| n.get());
        self.reply(&format!("Analysing {plies} moves ({how})"));
        for line in report::HEADING {
            self.reply(line);
        }
        let game = self.game.clone();
        // Nothing stops it but its end: the default depth is over in a moment.
        let stop = AtomicBool::new(false);
        let out = &mut self.out;
        let result = analysis::analyse(&game, &limits, &stop, &mut |p| {
            if let Progress::Move(m) = p {
                for line in report::move_lines(m) {
                    out.message(MessageKind::Reply, &printable(&line));
                }
            }
        });
        for line in report::summary_lines(&result) {
            self.reply(&line);
        }
    }
}
