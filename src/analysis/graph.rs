//! The evaluation graph as SVG: the score from Black's side after each move (clamped to
//! ±[`CLAMP`] centipawns, a mate at the edge), mistakes and blunders marked. Drawn with
//! `plotters` into a string; the caller writes it whole.

use super::{Analysis, Mark};
use plotters::prelude::*;

/// The graph's vertical range in centipawns: beyond it a game is decided.
pub const CLAMP: i32 = 3000;
const WIDTH: u32 = 960;
const HEIGHT: u32 = 420;
/// Colours of the marks: an orange mistake, a red blunder.
const MISTAKE_COLOUR: RGBColor = RGBColor(230, 140, 0);
const BLUNDER_COLOUR: RGBColor = RGBColor(210, 30, 30);
const LINE_COLOUR: RGBColor = RGBColor(40, 80, 160);

/// The graph's points: (ply, score from Black's side, clamped), the start position first.
pub fn points(analysis: &Analysis) -> Vec<(i32, i32)> {
    let mut pts = Vec::with_capacity(analysis.moves.len() + 1);
    if let Some(first) = analysis.moves.first().filter(|m| m.ply == 1) {
        pts.push((0, first.before.clamped_cp(CLAMP)));
    }
    for m in &analysis.moves {
        let ply = i32::try_from(m.ply).unwrap_or(i32::MAX);
        pts.push((ply, m.after.clamped_cp(CLAMP)));
    }
    pts
}

/// The graph as an SVG document; `title` is shown above it.
pub fn svg(analysis: &Analysis, title: &str) -> Result<String, String> {
    let mut out = String::new();
    {
        let root = SVGBackend::with_string(&mut out, (WIDTH, HEIGHT)).into_drawing_area();
        draw(&root, analysis, title).map_err(|e| e.to_string())?;
        root.present().map_err(|e| e.to_string())?;
    }
    Ok(out)
}

fn draw<DB: DrawingBackend>(
    root: &DrawingArea<DB, plotters::coord::Shift>,
    analysis: &Analysis,
    title: &str,
) -> Result<(), DrawingAreaErrorKind<DB::ErrorType>> {
    root.fill(&WHITE)?;
    let last = i32::try_from(analysis.total.max(1)).unwrap_or(i32::MAX);
    let mut chart = ChartBuilder::on(root)
        .caption(title, ("sans-serif", 18))
        .margin(12)
        .x_label_area_size(40)
        .y_label_area_size(64)
        .build_cartesian_2d(0..last, -CLAMP..CLAMP)?;
    chart
        .configure_mesh()
        .x_desc("move (ply)")
        .y_desc("score for Black (centipawns)")
        .label_style(("sans-serif", 12))
        .light_line_style(RGBColor(235, 235, 235))
        .draw()?;
    // The even line.
    chart.draw_series(LineSeries::new([(0, 0), (last, 0)], BLACK.stroke_width(1)))?;
    let pts = points(analysis);
    chart.draw_series(LineSeries::new(pts.iter().copied(), LINE_COLOUR.stroke_width(2)))?;
    for (mark, colour) in [(Mark::Mistake, MISTAKE_COLOUR), (Mark::Blunder, BLUNDER_COLOUR)] {
        let marked = analysis.moves.iter().filter(|m| m.mark == Some(mark)).map(|m| {
            let ply = i32::try_from(m.ply).unwrap_or(i32::MAX);
            Circle::new((ply, m.after.clamped_cp(CLAMP)), 5, colour.filled())
        });
        chart
            .draw_series(marked)?
            .label(mark.name())
            .legend(move |(x, y)| Circle::new((x + 10, y), 5, colour.filled()));
    }
    chart
        .configure_series_labels()
        .position(SeriesLabelPosition::UpperRight)
        .background_style(WHITE.mix(0.8))
        .border_style(BLACK)
        .label_font(("sans-serif", 12))
        .draw()?;
    Ok(())
}
