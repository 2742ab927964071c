//! The evaluation graph as SVG: Black's chance to win after each move (the scale of the loss,
//! as lishogi draws its graph), so that a won and a lost game both read at a glance: a big
//! lead bends towards the edge without reaching it, the edges stand apart from the axes, and
//! only a mate reaches them, marked, and named in the legend. Mistakes and blunders are dots
//! on the curve; the legend sits below the chart, off the data. Drawn with `plotters` into a string; the caller writes it whole.

use super::{Analysis, Eval, Mark};
use plotters::prelude::*;

const WIDTH: u32 = 960;
const HEIGHT: u32 = 440;
/// The strip under the chart that holds the legend.
const LEGEND_HEIGHT: u32 = 30;
/// Colours of the marks: an orange mistake, a red blunder, a black mate.
const MISTAKE_COLOUR: RGBColor = RGBColor(230, 140, 0);
const BLUNDER_COLOUR: RGBColor = RGBColor(210, 30, 30);
const MATE_COLOUR: RGBColor = RGBColor(0, 0, 0);
const LINE_COLOUR: RGBColor = RGBColor(40, 80, 160);
/// Room below 0% and above 100%: a lost game's curve and its marks stay off the axis.
const PAD: f64 = 6.0;

/// Where a score is drawn: Black's chance to win in percent (a mate is 100 or 0).
pub fn height(e: Eval) -> f64 {
    e.black_chance() * 100.0
}

/// The positions' scores from Black's side, each after its ply: the start position (ply 0)
/// first when the first move was analysed.
fn scores(analysis: &Analysis) -> Vec<(i32, Eval)> {
    let mut pts = Vec::with_capacity(analysis.moves.len() + 1);
    if let Some(first) = analysis.moves.first().filter(|m| m.ply == 1) {
        pts.push((0, first.before));
    }
    for m in &analysis.moves {
        pts.push((ply_of(m.ply), m.position_after()));
    }
    pts
}

fn ply_of(ply: usize) -> i32 {
    i32::try_from(ply).unwrap_or(i32::MAX)
}

/// The graph's points: (ply, Black's chance to win in percent), the start position first.
pub fn points(analysis: &Analysis) -> Vec<(i32, f64)> {
    scores(analysis).into_iter().map(|(ply, e)| (ply, height(e))).collect()
}

/// The mate the game ends in, if it does: the points of the last run of mates for one side
/// (each a triangle on the edge), and one label at the end: `Black is mated (mate in 15 seen
/// at move 80)`, or `White mates in 3` where the game stops before the mate.
pub fn final_mate(analysis: &Analysis) -> Option<(Vec<(i32, Eval)>, String)> {
    let scores = scores(analysis);
    let &(_, last) = scores.last()?;
    let Eval::Mate { winner, plies } = last else { return None };
    let start = scores
        .iter()
        .rposition(|(_, e)| !matches!(e, Eval::Mate { winner: w, .. } if *w == winner))
        .map_or(0, |i| i + 1);
    let run = scores[start..].to_vec();
    let mut text = if plies == 0 {
        format!("{} is mated", (!winner).name())
    } else {
        format!("{} mates in {plies}", winner.name())
    };
    if let [(first_ply, Eval::Mate { plies: first, .. }), _, ..] = run[..] {
        text.push_str(&format!(" (mate in {first} seen at move {first_ply})"));
    }
    Some((run, text))
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
    let (upper, legend) = root.split_vertically(HEIGHT - LEGEND_HEIGHT);
    let last = i32::try_from(analysis.total.max(1)).unwrap_or(i32::MAX);
    let mut chart = ChartBuilder::on(&upper)
        .caption(title, ("sans-serif", 18))
        .margin(12)
        .x_label_area_size(40)
        .y_label_area_size(64)
        .build_cartesian_2d(0..last, -PAD..100.0 + PAD)?;
    chart
        .configure_mesh()
        .x_desc("move (ply)")
        .y_desc("Black's chance to win (%)")
        .y_labels(12)
        .y_label_formatter(&|v| {
            if *v < 0.0 || *v > 100.0 { String::new() } else { format!("{v:.0}") }
        })
        .label_style(("sans-serif", 12))
        .light_line_style(RGBColor(235, 235, 235))
        .draw()?;
    // The even line, and the edges a mate reaches.
    chart.draw_series(LineSeries::new([(0, 50.0), (last, 50.0)], BLACK.stroke_width(1)))?;
    for edge in [0.0, 100.0] {
        let grey = RGBColor(160, 160, 160).stroke_width(1);
        chart.draw_series(LineSeries::new([(0, edge), (last, edge)], grey))?;
    }
    let pts = points(analysis);
    chart.draw_series(LineSeries::new(pts.iter().copied(), LINE_COLOUR.stroke_width(2)))?;
    for (mark, colour) in [(Mark::Mistake, MISTAKE_COLOUR), (Mark::Blunder, BLUNDER_COLOUR)] {
        let marked =
            analysis.moves.iter().filter(|m| m.mark == Some(mark)).map(|m| {
                Circle::new((ply_of(m.ply), height(m.position_after())), 5, colour.filled())
            });
        chart.draw_series(marked)?;
    }
    // The mate the game ends in: triangles on the edge; its label goes in the legend, where
    // it cannot cover the curve or a dot (drawn in the chart, it did in a won game).
    let mut mate_label = String::from("mate");
    if let Some((run, text)) = final_mate(analysis) {
        let triangles = run
            .iter()
            .map(|&(ply, e)| TriangleMarker::new((ply, height(e)), 6, MATE_COLOUR.filled()));
        chart.draw_series(triangles)?;
        mate_label = format!("mate: {text}");
    }
    // The legend, in its own strip below the axis label.
    let entries = [
        ("mistake", MISTAKE_COLOUR),
        ("blunder", BLUNDER_COLOUR),
        (mate_label.as_str(), MATE_COLOUR),
    ];
    let mut x = 90;
    let y = i32::try_from(LEGEND_HEIGHT / 2).unwrap_or(0);
    for (i, (name, colour)) in entries.into_iter().enumerate() {
        if i == 2 {
            legend.draw(&TriangleMarker::new((x, y), 6, colour.filled()))?;
        } else {
            legend.draw(&Circle::new((x, y), 5, colour.filled()))?;
        }
        legend.draw(&Text::new(name, (x + 10, y - 7), ("sans-serif", 13)))?;
        x += 100;
    }
    Ok(())
}
