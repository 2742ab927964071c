//! A screen as a grid of styled cells: the full-screen mode draws into one, the terminal
//! shows it, and tests read it as text.

use crossterm::style::Color;

/// How a cell looks.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct Style {
    pub fg: Option<Color>,
    pub bg: Option<Color>,
    pub bold: bool,
    pub dim: bool,
    pub underline: bool,
    pub reverse: bool,
}

impl Style {
    pub const PLAIN: Style =
        Style { fg: None, bg: None, bold: false, dim: false, underline: false, reverse: false };

    pub const fn fg(color: Color) -> Style {
        Style { fg: Some(color), ..Style::PLAIN }
    }

    pub(crate) const fn bold(self) -> Style {
        Style { bold: true, ..self }
    }

    pub const fn dim(self) -> Style {
        Style { dim: true, ..self }
    }

    pub const fn reverse(self) -> Style {
        Style { reverse: true, ..self }
    }

    pub const fn on(self, bg: Color) -> Style {
        Style { bg: Some(bg), ..self }
    }
}

/// One cell: a character, or the right half of the wide character on its left.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Cell {
    pub ch: char,
    pub style: Style,
    /// The right half of a wide character: the terminal draws nothing here.
    pub tail: bool,
}

const BLANK: Cell = Cell { ch: ' ', style: Style::PLAIN, tail: false };

/// Columns a character takes in a terminal: 2 for the wide East Asian characters (the
/// kanji of the pieces), 1 for the others. Control characters are never put in a grid.
pub(crate) fn char_width(c: char) -> usize {
    let u = u32::from(c);
    let wide = matches!(u,
        0x1100..=0x115F | 0x2E80..=0x303E | 0x3041..=0x33FF | 0x3400..=0x4DBF
        | 0x4E00..=0x9FFF | 0xA000..=0xA4CF | 0xAC00..=0xD7A3 | 0xF900..=0xFAFF
        | 0xFE30..=0xFE4F | 0xFF00..=0xFF60 | 0xFFE0..=0xFFE6 | 0x20000..=0x3FFFD);
    if wide { 2 } else { 1 }
}

/// Columns a text takes.
pub(crate) fn text_width(s: &str) -> usize {
    s.chars().map(char_width).sum()
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Grid {
    width: usize,
    height: usize,
    cells: Vec<Cell>,
    /// Where the terminal's cursor goes (the command line), if it is shown.
    pub cursor: Option<(usize, usize)>,
}

impl Grid {
    pub fn new(width: usize, height: usize) -> Grid {
        Grid { width, height, cells: vec![BLANK; width * height], cursor: None }
    }

    pub fn width(&self) -> usize {
        self.width
    }

    pub fn height(&self) -> usize {
        self.height
    }

    pub fn cell(&self, x: usize, y: usize) -> Option<&Cell> {
        (x < self.width && y < self.height).then(|| &self.cells[y * self.width + x])
    }

    pub fn row(&self, y: usize) -> &[Cell] {
        &self.cells[y * self.width..(y + 1) * self.width]
    }

    fn set(&mut self, x: usize, y: usize, cell: Cell) {
        if x >= self.width || y >= self.height {
            return;
        }
        let i = y * self.width + x;
        // Overwriting half of a wide character blanks its other half.
        if self.cells[i].tail && x > 0 {
            self.cells[i - 1] = Cell { ch: ' ', ..self.cells[i - 1] };
        }
        if x + 1 < self.width && self.cells[i + 1].tail {
            self.cells[i + 1] = Cell { ch: ' ', tail: false, ..self.cells[i + 1] };
        }
        self.cells[i] = cell;
    }

    /// Writes `text` from column `x` of row `y`, cut at the right edge; returns the column
    /// after it. Control characters show as `?`; a wide character that does not fit shows
    /// as a space.
    pub fn put(&mut self, x: usize, y: usize, text: &str, style: Style) -> usize {
        let mut x = x;
        for c in text.chars() {
            if x >= self.width {
                break;
            }
            let c = if c.is_control() { '?' } else { c };
            if char_width(c) == 2 {
                if x + 1 >= self.width {
                    self.set(x, y, Cell { ch: ' ', style, tail: false });
                    x += 1;
                    continue;
                }
                self.set(x, y, Cell { ch: c, style, tail: false });
                self.set(x + 1, y, Cell { ch: ' ', style, tail: true });
                x += 2;
            } else {
                self.set(x, y, Cell { ch: c, style, tail: false });
                x += 1;
            }
        }
        x
    }

    /// Fills `n` cells from column `x` of row `y`.
    pub fn fill(&mut self, x: usize, y: usize, n: usize, style: Style) {
        for i in x..(x + n).min(self.width) {
            self.set(i, y, Cell { ch: ' ', style, tail: false });
        }
    }

    /// A row as text, without trailing spaces (wide characters once, as a terminal shows
    /// them).
    pub fn row_text(&self, y: usize) -> String {
        let s: String = self.row(y).iter().filter(|c| !c.tail).map(|c| c.ch).collect();
        s.trim_end().to_string()
    }

    /// The whole screen as text, one line a row.
    pub fn text(&self) -> String {
        let mut t = String::new();
        for y in 0..self.height {
            t.push_str(&self.row_text(y));
            t.push('\n');
        }
        t
    }

    /// Where `needle` first appears: its column (in cells) and row.
    pub fn find(&self, needle: &str) -> Option<(usize, usize)> {
        for y in 0..self.height {
            let cells: Vec<&Cell> = self.row(y).iter().filter(|c| !c.tail).collect();
            let row: String = cells.iter().map(|c| c.ch).collect();
            if let Some(i) = row.find(needle) {
                let chars = row[..i].chars().count();
                let col: usize = cells[..chars].iter().map(|c| char_width(c.ch)).sum();
                return Some((col, y));
            }
        }
        None
    }
}
