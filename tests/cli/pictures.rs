//! `grundy sg … --svg FILE --png FILE`: the SVG parses as XML and holds a cell of every value's
//! colour; the PNG decodes to the size of the layout, with each cell's pixels in its value's
//! colour, computed here from the game's rule by brute force (mex over the options).

use grundy::cli::picture::{self, layout};
use grundy::picture::{Palette, Picture, Rgb, Strip};

use crate::cli::{grundy, stdout};

/// Kayles' values to `n` from its rule: knock down one pin or two adjacent ones, from a row,
/// which may leave two rows.
fn kayles(n: usize) -> Vec<u64> {
    let mut g: Vec<u64> = Vec::new();
    for x in 0..=n {
        let mut seen = vec![false; 2 * x + 2];
        for take in 1..=2.min(x) {
            for left in 0..=x - take {
                let right = x - take - left;
                seen[(g[left] ^ g[right]) as usize] = true;
            }
        }
        g.push(seen.iter().position(|s| !s).unwrap() as u64);
    }
    g
}

/// Decodes a PNG into (width, height, RGB pixels).
fn decode(bytes: &[u8]) -> (u32, u32, Vec<u8>) {
    let decoder = png::Decoder::new(std::io::Cursor::new(bytes));
    let mut reader = decoder.read_info().expect("a PNG header");
    let mut pixels = vec![0; reader.output_buffer_size().expect("a size")];
    let info = reader.next_frame(&mut pixels).expect("a PNG frame");
    assert_eq!(info.color_type, png::ColorType::Rgb);
    assert_eq!(info.bit_depth, png::BitDepth::Eight);
    pixels.truncate(info.buffer_size());
    (info.width, info.height, pixels)
}

fn pixel(pixels: &[u8], width: u32, (x, y): (u32, u32)) -> Rgb {
    let i = (y * width + x) as usize * 3;
    Rgb(pixels[i], pixels[i + 1], pixels[i + 2])
}

#[test]
fn a_heap_rule_is_drawn_as_a_strip_in_svg_and_png() {
    let dir = tempfile::tempdir().unwrap();
    let (svg, png_path) = (dir.path().join("k.svg"), dir.path().join("k.png"));
    let o = grundy(
        &[
            "sg",
            "heaps",
            "kayles",
            "--n",
            "40",
            "--svg",
            svg.to_str().unwrap(),
            "--png",
            png_path.to_str().unwrap(),
        ],
        b"",
    );
    assert_eq!(o.status.code(), Some(0));
    assert!(stdout(&o).contains("k.svg") && stdout(&o).contains("k.png"));
    let values = kayles(40);
    let palette = Palette::new(*values.iter().max().unwrap());

    let text = std::fs::read_to_string(&svg).unwrap();
    let doc = roxmltree::Document::parse(&text).expect("the SVG is XML");
    assert_eq!(doc.root_element().tag_name().name(), "svg");
    let fills: Vec<String> = doc
        .descendants()
        .filter(|n| n.has_tag_name("rect"))
        .filter_map(|n| n.attribute("fill").map(str::to_lowercase))
        .collect();
    for &v in &values {
        assert!(
            fills.contains(&palette.colour(v).hex()),
            "no cell of value {v}'s colour"
        );
    }
    // The title names the rule and the range drawn.
    let texts: String = doc.descendants().filter_map(|n| n.text()).collect();
    assert!(texts.contains("kayles") && texts.contains("40"), "{texts}");

    let (width, height, pixels) = decode(&std::fs::read(&png_path).unwrap());
    let strip = Picture::Strip(Strip::new("kayles", 0, values.clone()));
    let at = layout(&strip);
    assert_eq!((width, height), (at.width, at.height));
    for (n, &v) in values.iter().enumerate() {
        let (row, col) = (n / at.columns, n % at.columns);
        let (x, y) = at.cell_origin(row, col);
        // A corner of the cell, clear of the number written in its middle.
        assert_eq!(
            pixel(&pixels, width, (x + 1, y + 1)),
            palette.colour(v),
            "cell of n = {n}"
        );
    }
    // The page around the cells is white.
    assert_eq!(pixel(&pixels, width, (1, 1)), Rgb(255, 255, 255));
}

#[test]
fn a_two_dimensional_table_is_a_heat_map() {
    let dir = tempfile::tempdir().unwrap();
    let png_path = dir.path().join("w.png");
    let o = grundy(
        &[
            "sg",
            "wythoff",
            "--n",
            "12",
            "--png",
            png_path.to_str().unwrap(),
        ],
        b"",
    );
    assert_eq!(o.status.code(), Some(0));
    let (width, _, pixels) = decode(&std::fs::read(&png_path).unwrap());
    let map = grundy::picture::wythoff(12);
    let at = layout(&Picture::HeatMap(map.clone()));
    let palette = Palette::new(map.max_value());
    // The lost queens (value 0) by their pairs (⌊kφ⌋, ⌊kφ²⌋), and a few others by the mex.
    for (a, b) in [(0, 0), (1, 2), (2, 1), (3, 5), (4, 7), (6, 10), (8, 13 - 1)] {
        let (x, y) = at.cell_origin(a, b);
        let colour = pixel(&pixels, width, (x + 1, y + 1));
        assert_eq!(colour, palette.colour(map.value(a, b)), "({a}, {b})");
    }
    for (a, b) in [(0, 0), (1, 2), (3, 5), (4, 7), (6, 10)] {
        assert_eq!(map.value(a, b), 0);
    }
    // Row 0: a lone heap of b (Nim).
    for b in 0..=12 {
        assert_eq!(map.value(0, b), b as u64);
    }
}

#[test]
fn every_table_draws() {
    let tables: &[&[&str]] = &[
        &["coins", "--n", "30", "--maxq", "4"],
        &["grid", "--rows", "5", "--cols", "7"],
        &["ed", "--n", "8"],
        &["stairs", "--n", "4"],
        &["fibnim", "--n", "20"],
        &["dodgeball", "--n", "30"],
        &["dag", "dag:4:1>2,2>3,3>4:1"],
        &["heaps", "grundy", "--n", "300"],
    ];
    let dir = tempfile::tempdir().unwrap();
    for (i, args) in tables.iter().enumerate() {
        let svg = dir.path().join(format!("{i}.svg"));
        let png_path = dir.path().join(format!("{i}.png"));
        let mut all = vec!["sg"];
        all.extend_from_slice(args);
        all.extend([
            "--svg",
            svg.to_str().unwrap(),
            "--png",
            png_path.to_str().unwrap(),
        ]);
        let o = grundy(&all, b"");
        assert_eq!(
            o.status.code(),
            Some(0),
            "{args:?}: {}",
            String::from_utf8_lossy(&o.stderr)
        );
        roxmltree::Document::parse(&std::fs::read_to_string(&svg).unwrap())
            .unwrap_or_else(|e| panic!("{args:?}: {e}"));
        decode(&std::fs::read(&png_path).unwrap());
    }
}

#[test]
fn a_picture_that_cannot_be_written_is_an_input_error() {
    let o = grundy(&["sg", "ed", "--svg", "/nonexistent-dir/x.svg"], b"");
    assert_eq!(o.status.code(), Some(2));
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(err.contains("/nonexistent-dir/x.svg"), "{err}");
}

#[test]
fn a_long_strip_is_cut_to_what_a_picture_holds() {
    let strip = Picture::Strip(Strip::new("nim", 0, (0..100_000).map(|n| n % 7).collect()));
    let at = layout(&strip);
    assert!(at.rows * at.columns >= picture::MAX_STRIP);
    assert!(at.rows * at.columns < picture::MAX_STRIP + at.columns);
    assert!(at.width < 2000 && at.height < 3000, "{at:?}");
}

/// `--plot line`: the sequence as one line over n, in SVG and PNG. For Lasker's Nim, whose
/// arithmetic period the line shows with its saltus taken out, every point is where that
/// value lands, the values computed here from the rules.
#[test]
fn a_sequence_is_drawn_as_a_line_plot() {
    let dir = tempfile::tempdir().unwrap();
    let (svg, png_path) = (dir.path().join("l.svg"), dir.path().join("l.png"));
    let o = grundy(
        &[
            "sg",
            "octal",
            "4.3...",
            "--n",
            "40",
            "--plot",
            "line",
            "--svg",
            svg.to_str().unwrap(),
            "--png",
            png_path.to_str().unwrap(),
        ],
        b"",
    );
    assert_eq!(o.status.code(), Some(0), "{}", stdout(&o));
    // G(n) − 4·⌊(n − 1)/4⌋ from n = 1, G(0) as it is.
    let reduced: Vec<u64> = crate::brute::laskers_nim(40)
        .iter()
        .enumerate()
        .map(|(n, &g)| {
            if n == 0 {
                g
            } else {
                g - 4 * ((n as u64 - 1) / 4)
            }
        })
        .collect();
    let max = *reduced.iter().max().unwrap();
    let text = std::fs::read_to_string(&svg).unwrap();
    let doc = roxmltree::Document::parse(&text).expect("the SVG is XML");
    let lines: Vec<_> = doc
        .descendants()
        .filter(|n| n.tag_name().name() == "polyline")
        .collect();
    assert_eq!(lines.len(), 1);
    let points: Vec<(i32, i32)> = lines[0]
        .attribute("points")
        .unwrap()
        .split_whitespace()
        .map(|p| {
            let (x, y) = p.split_once(',').unwrap();
            (x.parse().unwrap(), y.parse().unwrap())
        })
        .collect();
    let expected: Vec<(i32, i32)> = reduced
        .iter()
        .enumerate()
        .map(|(i, &v)| picture::line_point(i, reduced.len(), v, max))
        .collect();
    assert_eq!(points, expected);
    // The period shows: the same height every 4 values from n = 1.
    for i in 1..points.len() - 4 {
        assert_eq!(points[i].1, points[i + 4].1, "n = {i}");
    }
    let (width, height, pixels) = decode(&std::fs::read(&png_path).unwrap());
    assert_eq!((width, height), (900, 420));
    assert!(
        pixels.chunks(3).any(|p| p == [0x1f, 0x77, 0xb4]),
        "the line's colour"
    );
}
