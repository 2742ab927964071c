//! `analyse`: the game so far analysed, as `--analyse` does it from the command line, one
//! line a move (number, move, scores before and after, loss, mark, the better move and its
//! line) and a summary for each side. Every line is a reply, so each display shows it its
//! own way (the full screen over the board, as any long reply). Any input stops it, as it
//! makes the computer move: the moves judged so far are summarised, then the line is done.

use super::Interp;
use super::command::AnalyseLimit;
use super::display::{MessageKind, Surface, printable};
use crate::analysis::{self, AnalysisLimits, Progress, report};
use crate::protocol::Event;
use std::sync::atomic::{AtomicBool, Ordering};

impl<D: Surface> Interp<'_, D> {
    pub(super) fn analyse_game(&mut self, limit: AnalyseLimit) {
        let plies = self.play.game().ply();
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
        limits.workers = crate::engine::cores();
        self.reply(&format!("Analysing {plies} moves ({how})"));
        let layout = report::Layout::for_columns(self.out.columns());
        for line in report::heading(layout) {
            self.reply(line);
        }
        let game = self.play.game().clone();
        // Any input stops it (as it makes the computer move): the line is done afterwards.
        let stop = AtomicBool::new(false);
        let mut arrived = Vec::new();
        let events = self.events;
        let out = &mut self.out;
        let result = analysis::analyse(&game, &limits, &stop, &mut |p| match p {
            Progress::Move(m) => {
                for line in report::move_lines_in(m, layout) {
                    out.message(MessageKind::Reply, &printable(&line));
                }
            }
            Progress::Tick | Progress::Position { .. } => {
                while let Ok(event) = events.try_recv() {
                    if !matches!(event, Event::Engine(..)) {
                        stop.store(true, Ordering::Relaxed);
                        arrived.push(event);
                    }
                }
            }
        });
        if result.interrupted {
            self.reply("analyse: stopped by your input");
        }
        for line in report::summary_lines(&result) {
            self.reply(&line);
        }
        // The lines are done next, in order; the end of input or a signal after them, from
        // the back of the channel (nothing the reader sends can follow the end of input).
        for event in arrived {
            match event {
                Event::Line(line) => self.reading.queued.push_back(line),
                other => drop(self.play.sender().send(other)),
            }
        }
    }
}
