//! `grundy sg … --svg FILE --png FILE`: a table's picture ([`crate::picture`]) drawn with
//! plotters, once on its SVG backend and once on its bitmap backend, whose pixels the `png`
//! crate encodes. The PNG's text (numbers, codes) is drawn in DejaVu Sans Mono, shipped under
//! assets/fonts with its licence: no system font is looked for.

use std::io::Write;
use std::sync::Once;

use plotters::backend::{BitMapBackend, DrawingBackend, SVGBackend};
use plotters::coord::Shift;
use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, Pos, VPos};

use super::{Failure, SgArgs, SgTable};
use crate::game::{Impartial, Notation};
use crate::games::{dag, dodgeball, fibnim, stairs};
use crate::lab::LabRule;
use crate::locale::Words;
use crate::picture::{self, HeatMap, Palette, Picture, Rgb, Strip};
use crate::tr;

/// At most this many values of a sequence are drawn (the first ones): a picture of 10^6 cells
/// would be tens of megabytes of SVG, and its pattern shows long before.
pub const MAX_STRIP: usize = 20_000;
/// A strip's rows hold at most this many cells.
const STRIP_ROOM: usize = 60;
/// The margin around everything, in pixels.
const MARGIN: u32 = 16;
const TITLE: u32 = 28;
const FONT: &str = "sans-serif";
const LEGEND_ROW: u32 = 22;

/// Where a picture's parts go, in pixels: the tests find a cell's pixels from it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Layout {
    pub width: u32,
    pub height: u32,
    /// A cell's side.
    pub cell: u32,
    /// The top-left corner of the first cell.
    pub left: u32,
    pub top: u32,
    /// Cells across and down.
    pub columns: usize,
    pub rows: usize,
    /// The top of the legend.
    legend: u32,
}

impl Layout {
    /// The top-left pixel of the cell in `row`, `column`.
    pub fn cell_origin(&self, row: usize, column: usize) -> (u32, u32) {
        (
            self.left + column as u32 * self.cell,
            self.top + row as u32 * self.cell,
        )
    }
}

/// The values a strip's picture shows (the first [`MAX_STRIP`]).
fn shown(strip: &Strip) -> &[u64] {
    &strip.values[..strip.values.len().min(MAX_STRIP)]
}

/// The width in pixels of `text` at `size` (a monospace font: 0.6 em a character).
fn text_width(text: &str, size: u32) -> u32 {
    (text.chars().count() as u32 * size * 6).div_ceil(10)
}

/// How many rows the legend takes in `width` pixels.
fn legend_rows(entries: &[String], width: u32) -> u32 {
    let mut rows = 1;
    let mut x = 0;
    for entry in entries {
        let w = 14 + 6 + text_width(entry, 12) + 14;
        if x + w > width && x > 0 {
            rows += 1;
            x = 0;
        }
        x += w;
    }
    rows
}

/// The legend's entries: each value shown, then a strip's marks.
fn legend_entries(picture: &Picture) -> (Vec<u64>, Vec<String>) {
    let palette = Palette::new(picture.max_value());
    let values = match picture {
        Picture::Strip(strip) => palette.legend(shown(strip).iter().copied()),
        Picture::HeatMap(map) => palette.legend(map.values.iter().copied()),
    };
    let mut entries: Vec<String> = values.iter().map(u64::to_string).collect();
    if let Picture::Strip(Strip {
        marks: Some(marks), ..
    }) = picture
    {
        entries.push(format!("n < n₀ = {}", marks.preperiod));
        entries.push(format!("n₀ ≤ n < n₀ + p, p = {}", marks.period));
    }
    (values, entries)
}

/// Where everything of `picture` goes.
pub fn layout(picture: &Picture) -> Layout {
    let (columns, rows, cell, left, header) = match picture {
        Picture::Strip(strip) => {
            let values = shown(strip);
            let columns = strip.row_width(STRIP_ROOM).min(values.len().max(1));
            let rows = values.len().div_ceil(columns).max(1);
            let cell = (960 / columns as u32).min(2400 / rows as u32).clamp(2, 18);
            let last = strip.first + values.len().saturating_sub(1) as u64;
            let left = text_width(&last.to_string(), 12) + 10;
            (columns, rows, cell, left, 18)
        }
        Picture::HeatMap(map) => {
            let (columns, rows) = (map.cols.len().max(1), map.rows.len().max(1));
            let cell = (900 / columns as u32).min(900 / rows as u32).clamp(2, 24);
            let widest = map.rows.iter().max().copied().unwrap_or(0).to_string();
            let left = text_width(&widest, 12).max(text_width(&map.row_axis, 12)) + 12;
            (columns, rows, cell, left, 34)
        }
    };
    let grid_width = columns as u32 * cell;
    let width = (MARGIN * 2 + left + grid_width).max(360);
    let (_, entries) = legend_entries(picture);
    let top = MARGIN + TITLE + header;
    let legend = top + rows as u32 * cell + 14;
    let height = legend + legend_rows(&entries, width - 2 * MARGIN) * LEGEND_ROW + MARGIN;
    Layout {
        width,
        height,
        cell,
        left: MARGIN + left,
        top,
        columns,
        rows,
        legend,
    }
}

fn colour(rgb: Rgb) -> RGBColor {
    RGBColor(rgb.0, rgb.1, rgb.2)
}

type Drawn<DB> = Result<(), DrawingAreaErrorKind<<DB as DrawingBackend>::ErrorType>>;

/// Writes `text` with its top-left (or, `centred`, its centre) at `at`.
fn label<DB: DrawingBackend>(
    area: &DrawingArea<DB, Shift>,
    text: &str,
    at: (u32, u32),
    size: u32,
    ink: RGBColor,
    centred: bool,
) -> Drawn<DB> {
    let pos = if centred {
        Pos::new(HPos::Center, VPos::Center)
    } else {
        Pos::new(HPos::Left, VPos::Top)
    };
    let style = (FONT, size as f64).into_font().color(&ink).pos(pos);
    area.draw(&Text::new(
        text.to_string(),
        (at.0 as i32, at.1 as i32),
        style,
    ))
}

fn rect<DB: DrawingBackend>(
    area: &DrawingArea<DB, Shift>,
    (x, y): (u32, u32),
    (w, h): (u32, u32),
    style: ShapeStyle,
) -> Drawn<DB> {
    area.draw(&Rectangle::new(
        [(x as i32, y as i32), ((x + w) as i32, (y + h) as i32)],
        style,
    ))
}

/// Draws `picture` on `area`, laid out as [`layout`] says.
fn draw<DB: DrawingBackend>(area: &DrawingArea<DB, Shift>, picture: &Picture) -> Drawn<DB> {
    let layout = layout(picture);
    area.fill(&WHITE)?;
    let palette = Palette::new(picture.max_value());
    let black = RGBColor(0, 0, 0);
    let grey = RGBColor(0x66, 0x66, 0x66);
    let c = layout.cell;
    let numbers = c >= 14;
    let title = match picture {
        Picture::Strip(strip) => {
            let last = strip.first + shown(strip).len().saturating_sub(1) as u64;
            format!("{}   {} ≤ n ≤ {last}", strip.title, strip.first)
        }
        Picture::HeatMap(map) => map.title.clone(),
    };
    label(area, &title, (MARGIN, MARGIN), 16, black, false)?;
    let cell_at = |area: &DrawingArea<DB, Shift>, row: usize, col: usize, value: u64| {
        let origin = layout.cell_origin(row, col);
        rect(area, origin, (c, c), colour(palette.colour(value)).filled())?;
        if numbers && value < 100 {
            let centre = (origin.0 + c / 2, origin.1 + c / 2);
            let ink = colour(palette.ink(value));
            label(area, &value.to_string(), centre, c * 6 / 10, ink, true)?;
        }
        Ok(())
    };
    match picture {
        Picture::Strip(strip) => {
            let values = shown(strip);
            let every = if c >= 12 { 1 } else { (12 / c) as usize + 1 };
            for row in (0..layout.rows).step_by(every) {
                let n = strip.first + (row * layout.columns) as u64;
                let y = layout.cell_origin(row, 0).1 + c / 2;
                let at = (MARGIN, y.saturating_sub(6));
                label(area, &n.to_string(), at, 12.min(c.max(8)), grey, false)?;
            }
            if c >= 12 {
                for col in (0..layout.columns).step_by(5) {
                    let (x, _) = layout.cell_origin(0, col);
                    let at = (x + c / 2, layout.top - 9);
                    label(area, &format!("+{col}"), at, 10, grey, true)?;
                }
            }
            for (i, &value) in values.iter().enumerate() {
                cell_at(area, i / layout.columns, i % layout.columns, value)?;
            }
            // The marks: each row's run of preperiod cells framed in red, of the first
            // period's cells in black.
            let frames = [
                (
                    RGBColor(0xd6, 0x27, 0x28),
                    Strip::in_preperiod as fn(&Strip, u64) -> bool,
                ),
                (black, Strip::in_first_period),
            ];
            for (ink, inside) in frames {
                for row in 0..layout.rows {
                    let cols: Vec<usize> = (0..layout.columns)
                        .filter(|&col| {
                            let i = row * layout.columns + col;
                            i < values.len() && inside(strip, strip.first + i as u64)
                        })
                        .collect();
                    if let (Some(&from), Some(&to)) = (cols.first(), cols.last()) {
                        let origin = layout.cell_origin(row, from);
                        let size = ((to - from + 1) as u32 * c, c);
                        rect(area, origin, size, ink.stroke_width(2))?;
                    }
                }
            }
        }
        Picture::HeatMap(map) => {
            heat_map_axes(area, map, &layout, grey)?;
            for row in 0..map.rows.len() {
                for col in 0..map.cols.len() {
                    cell_at(area, row, col, map.value(row, col))?;
                }
            }
        }
    }
    legend(area, picture, &layout, palette)
}

fn heat_map_axes<DB: DrawingBackend>(
    area: &DrawingArea<DB, Shift>,
    map: &HeatMap,
    layout: &Layout,
    grey: RGBColor,
) -> Drawn<DB> {
    let c = layout.cell;
    // A label every few cells, so that the numbers never overlap.
    let widest = map.cols.iter().max().copied().unwrap_or(0).to_string();
    let across = (text_width(&widest, 10) + 4).div_ceil(c).max(1) as usize;
    let down = (14u32.div_ceil(c)).max(1) as usize;
    label(
        area,
        &format!("{} →", crate::locale::axis_words(&map.col_axis)),
        (layout.left, layout.top - 32),
        12,
        grey,
        false,
    )?;
    label(
        area,
        &format!("{} ↓", crate::locale::axis_words(&map.row_axis)),
        (MARGIN, layout.top - 16),
        12,
        grey,
        false,
    )?;
    for (col, coordinate) in map.cols.iter().enumerate().step_by(across) {
        let (x, _) = layout.cell_origin(0, col);
        let at = (x + c / 2, layout.top - 8);
        label(area, &coordinate.to_string(), at, 10, grey, true)?;
    }
    for (row, coordinate) in map.rows.iter().enumerate().step_by(down) {
        let (_, y) = layout.cell_origin(row, 0);
        let at = (MARGIN, (y + c / 2).saturating_sub(6));
        label(area, &coordinate.to_string(), at, 12, grey, false)?;
    }
    Ok(())
}

fn legend<DB: DrawingBackend>(
    area: &DrawingArea<DB, Shift>,
    picture: &Picture,
    layout: &Layout,
    palette: Palette,
) -> Drawn<DB> {
    let (values, entries) = legend_entries(picture);
    let black = RGBColor(0, 0, 0);
    let room = layout.width - 2 * MARGIN;
    let (mut x, mut y) = (0, layout.legend);
    for (i, entry) in entries.iter().enumerate() {
        let w = 14 + 6 + text_width(entry, 12) + 14;
        if x + w > room && x > 0 {
            x = 0;
            y += LEGEND_ROW;
        }
        let swatch = (MARGIN + x, y);
        match values.get(i) {
            Some(&value) => rect(
                area,
                swatch,
                (14, 14),
                colour(palette.colour(value)).filled(),
            )?,
            // The marks' entries: a frame as the strip draws it.
            None => {
                let ink = if i == values.len() {
                    RGBColor(0xd6, 0x27, 0x28)
                } else {
                    black
                };
                rect(area, swatch, (14, 14), ink.stroke_width(2))?
            }
        }
        label(area, entry, (MARGIN + x + 20, y + 1), 12, black, false)?;
        x += w;
    }
    Ok(())
}

/// Makes the shipped font plotters' `sans-serif` (once per process).
fn register_font() {
    static FONT_REGISTERED: Once = Once::new();
    FONT_REGISTERED.call_once(|| {
        let bytes = include_bytes!("../../assets/fonts/DejaVuSansMono.ttf");
        // The font is ours and known good: a failure is a broken build, which the tests catch.
        let _ = plotters::style::register_font(FONT, FontStyle::Normal, bytes);
    });
}

/// A line plot's size, in pixels.
const LINE_SIZE: (u32, u32) = (900, 420);

/// The plot's frame: left, top, right, bottom, in pixels.
const LINE_FRAME: (u32, u32, u32, u32) = (64, 56, 880, 380);

/// Where value `v` of the `i`-th of `count` values lands, for values up to `max`.
pub fn line_point(i: usize, count: usize, v: u64, max: u64) -> (i32, i32) {
    let (left, top, right, bottom) = LINE_FRAME;
    let x = left + ((right - left) as u64 * i as u64 / (count.max(2) - 1) as u64) as u32;
    let y = bottom - ((bottom - top) as u64 * v / max.max(1)) as u32;
    (x as i32, y as i32)
}

/// A sequence drawn as a line over n: the frame, the axes' ends and the values joined.
fn draw_line<DB: DrawingBackend>(area: &DrawingArea<DB, Shift>, strip: &Strip) -> Drawn<DB> {
    area.fill(&WHITE)?;
    let black = RGBColor(0, 0, 0);
    let grey = RGBColor(0x66, 0x66, 0x66);
    let values = shown(strip);
    let last = strip.first + values.len().saturating_sub(1) as u64;
    let title = format!("{}   {} ≤ n ≤ {last}", strip.title, strip.first);
    label(area, &title, (MARGIN, MARGIN), 16, black, false)?;
    let (left, top, right, bottom) = LINE_FRAME;
    let max = strip.max_value();
    area.draw(&Rectangle::new(
        [(left as i32, top as i32), (right as i32, bottom as i32)],
        grey.stroke_width(1),
    ))?;
    label(area, &max.to_string(), (MARGIN, top - 6), 12, grey, false)?;
    label(area, "0", (MARGIN, bottom - 6), 12, grey, false)?;
    label(
        area,
        &strip.first.to_string(),
        (left, bottom + 8),
        12,
        grey,
        false,
    )?;
    let end = last.to_string();
    let end_x = right.saturating_sub(8 * end.len() as u32);
    label(area, &end, (end_x, bottom + 8), 12, grey, false)?;
    let points: Vec<(i32, i32)> = values
        .iter()
        .enumerate()
        .map(|(i, &v)| line_point(i, values.len(), v, max))
        .collect();
    area.draw(&PathElement::new(
        points,
        RGBColor(0x1f, 0x77, 0xb4).stroke_width(2),
    ))
}

/// What a picture file holds: a table's picture, or a sequence as a line plot.
#[derive(Clone, Copy)]
enum Drawing<'a> {
    Picture(&'a Picture),
    Line(&'a Strip),
}

impl Drawing<'_> {
    /// Its size in pixels.
    fn size(self) -> (u32, u32) {
        match self {
            Drawing::Picture(picture) => {
                let layout = layout(picture);
                (layout.width, layout.height)
            }
            Drawing::Line(_) => LINE_SIZE,
        }
    }

    fn draw<DB: DrawingBackend>(self, area: &DrawingArea<DB, Shift>) -> anyhow::Result<()> {
        match self {
            Drawing::Picture(picture) => draw(area, picture),
            Drawing::Line(strip) => draw_line(area, strip),
        }
        .map_err(|e| anyhow::anyhow!("{e}"))?;
        area.present().map_err(|e| anyhow::anyhow!("{e}"))
    }

    /// As an SVG document.
    fn svg(self) -> anyhow::Result<String> {
        register_font();
        let mut out = String::new();
        self.draw(&SVGBackend::with_string(&mut out, self.size()).into_drawing_area())?;
        Ok(out)
    }

    /// As a PNG file's bytes (8-bit RGB).
    fn png(self) -> anyhow::Result<Vec<u8>> {
        register_font();
        let (width, height) = self.size();
        let mut pixels = vec![0u8; width as usize * height as usize * 3];
        self.draw(&BitMapBackend::with_buffer(&mut pixels, (width, height)).into_drawing_area())?;
        let mut out = Vec::new();
        let mut encoder = png::Encoder::new(&mut out, width, height);
        encoder.set_color(png::ColorType::Rgb);
        encoder.set_depth(png::BitDepth::Eight);
        let mut writer = encoder.write_header()?;
        writer.write_image_data(&pixels)?;
        writer.finish()?;
        Ok(out)
    }
}

/// The picture as an SVG document.
pub fn svg(picture: &Picture) -> anyhow::Result<String> {
    Drawing::Picture(picture).svg()
}

/// The picture as a PNG file's bytes (8-bit RGB).
pub fn png(picture: &Picture) -> anyhow::Result<Vec<u8>> {
    Drawing::Picture(picture).png()
}

/// A picture tabulates at most this far: enough for every period the Lab's rules are known
/// to have, and for the [`MAX_STRIP`] values it draws, where the table itself may go to 10^7.
const PICTURE_REACH: u64 = 100_000;

/// The strip of `rule`'s values G(0..=n), its period marked where one is found (from a table
/// to at most `PICTURE_REACH`).
/// An arithmetic period's saltus is taken out first (G(n) − S·⌊(n − N0)/P⌋): its raw values
/// all differ and hide the period that this shows.
pub fn sequence(rule: &LabRule, n: u64) -> Strip {
    let values = rule.values(n.min(PICTURE_REACH));
    let period = rule.period(&values);
    picture::sequence_strip(rule.code(), &values, period)
}

/// The picture of the table `table` shows.
pub fn picture_of(table: &SgTable) -> Result<Picture, Failure> {
    Ok(match *table {
        SgTable::Coins { n, maxq } => Picture::HeatMap(picture::coins(u64::from(n), maxq)),
        SgTable::Grid { rows, cols } => {
            Picture::HeatMap(picture::grid(u64::from(rows), u64::from(cols)))
        }
        SgTable::Wythoff { n } => Picture::HeatMap(picture::wythoff(u64::from(n))),
        SgTable::Ed { n } => Picture::HeatMap(picture::ed(u64::from(n))),
        SgTable::Stairs { n } => {
            // k balls alone on a stair: the nim-sum of that position, as the table prints it.
            let value = |stair: u64, k: u64| -> Result<u64, Failure> {
                let mut balls = vec![0; stair as usize];
                balls[stair as usize - 1] = k;
                let p = stairs::StairNim::new(balls).map_err(|e| Failure::Input(e.words()))?;
                Ok(p.nim_sum().to_u64().unwrap_or(0))
            };
            value(1, 0)?;
            Picture::HeatMap(HeatMap::new(
                "stairs",
                ("stair", (1..=u64::from(n)).collect()),
                ("k", (0..=9).collect()),
                |stair, k| value(stair, k).unwrap_or(0),
            ))
        }
        SgTable::Fibnim { n } => {
            let values = (1..=u64::from(n))
                .map(|heap| {
                    let start =
                        fibnim::FibNim::start(heap).map_err(|e| Failure::Input(e.words()))?;
                    Ok(start.value().map_or(0, u64::from))
                })
                .collect::<Result<Vec<u64>, Failure>>()?;
            Picture::Strip(Strip::new("fibnim", 1, values))
        }
        SgTable::Dag { ref code } => {
            let position = dag::Dag::from_code(code)
                .map_err(|e| Failure::Input(tr!("cli.error_sg_dag_code", error = e).into()))?;
            let graph = position.graph();
            let values = (1..=graph.len() as u32)
                .map(|v| u64::from(graph.value(v)))
                .collect();
            Picture::Strip(Strip::new("dag", 1, values))
        }
        SgTable::Heaps { ref rule, n } => {
            Picture::Strip(sequence(&super::sg::heap_rule(rule)?, u64::from(n)))
        }
        SgTable::Octal { ref code, n } => {
            let parsed = super::sg::octal_code(code)?;
            Picture::Strip(sequence(&LabRule::Octal(parsed), u64::from(n)))
        }
        SgTable::Dodgeball { n } => {
            let n = n as usize;
            let values = (1..=n).map(|i| u64::from(dodgeball::heap(i, n))).collect();
            Picture::Strip(Strip::new("dodgeball", 1, values))
        }
    })
}

/// Writes the pictures `sg` asks for (none: nothing), and says where on `out`.
pub fn write_asked(table: &SgTable, sg: &SgArgs, out: &mut impl Write) -> Result<(), Failure> {
    if sg.svg.is_none() && sg.png.is_none() {
        return Ok(());
    }
    write_picture(&picture_of(table)?, sg, out)
}

/// Writes `picture` to the files `sg` asks for (`--svg`, `--png`), and says where on `out`.
/// With `--plot line`, a sequence is drawn as a line plot.
pub fn write_picture(picture: &Picture, sg: &SgArgs, out: &mut impl Write) -> Result<(), Failure> {
    let drawing = match picture {
        Picture::Strip(strip) if sg.plot == super::args::Plot::Line => Drawing::Line(strip),
        _ => Drawing::Picture(picture),
    };
    for (path, bytes) in [
        (
            &sg.svg,
            sg.svg
                .as_ref()
                .map(|_| drawing.svg().map(String::into_bytes)),
        ),
        (&sg.png, sg.png.as_ref().map(|_| drawing.png())),
    ] {
        let (Some(path), Some(bytes)) = (path, bytes) else {
            continue;
        };
        let bytes = bytes.map_err(Failure::Other)?;
        crate::store::write_replacing(path, &bytes).map_err(|e| {
            Failure::Input(
                tr!(
                    "cli.error_picture",
                    path = path.display(),
                    error = crate::locale::Words::words(&crate::store::io_said(&e))
                )
                .into_owned(),
            )
        })?;
        writeln!(out, "{}", tr!("cli.sg.picture", path = path.display()))?;
    }
    Ok(())
}
