//! Themes: what a drill or a review item practises, the game (by its code name) and the idea
//! (mex by hand, the nim-sum, splitting, Stair Nim's odd stairs, …). A theme is derived from
//! what a drill already knows, its kind and its position's game, so old files need no new
//! field. `grundy stats` counts the answers per theme and names the weakest; Practice can
//! draw from them ([`crate::store::drills`]). No words here: the interface names an idea
//! through the locale (`theme.idea.NAME`).

use rand::{Rng, RngExt};

use crate::drill::{Drill, DrillKind};
use crate::puzzles::PuzzleError;

/// The idea a drill practises.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Idea {
    /// Won or lost, worked out by hand (a won-or-lost drill on a game with no idea of its own).
    WonOrLost,
    /// A part's value: the mex of its options' values.
    Mex,
    /// Find the move in a sum: make the nim-sum 0.
    NimSum,
    /// Splitting games (Kayles, Grundy's game, octal games, E&D, …): a move splits a part in
    /// two, whose values are XORed.
    Splitting,
    /// Stair Nim: only the odd stairs count (even stairs in the staircase split).
    OddStairs,
    /// Wythoff's game: the cold pairs (⌊kφ⌋, ⌊kφ²⌋).
    WythoffPairs,
    /// Misère play: misère Nim and anti-SG.
    Misere,
    /// Fibonacci Nim and Zeckendorf's theorem.
    Zeckendorf,
    /// Coin games: the coin row, the coin grid and the coin-turning games.
    Coins,
    /// Binary Dodgeball's chains.
    Chains,
}

impl Idea {
    pub const ALL: [Idea; 10] = [
        Idea::WonOrLost,
        Idea::Mex,
        Idea::NimSum,
        Idea::Splitting,
        Idea::OddStairs,
        Idea::WythoffPairs,
        Idea::Misere,
        Idea::Zeckendorf,
        Idea::Coins,
        Idea::Chains,
    ];

    /// The idea's name in files and locale keys.
    pub fn name(self) -> &'static str {
        match self {
            Idea::WonOrLost => "won-or-lost",
            Idea::Mex => "mex",
            Idea::NimSum => "nim-sum",
            Idea::Splitting => "splitting",
            Idea::OddStairs => "odd-stairs",
            Idea::WythoffPairs => "wythoff-pairs",
            Idea::Misere => "misere",
            Idea::Zeckendorf => "zeckendorf",
            Idea::Coins => "coins",
            Idea::Chains => "chains",
        }
    }

    pub fn from_name(name: &str) -> Option<Idea> {
        Idea::ALL.into_iter().find(|i| i.name() == name)
    }

    /// The idea a game stands for whatever is asked about it, if it has one of its own.
    fn of_game(game: &str) -> Option<Idea> {
        Some(match game {
            "kayles" | "grundy" | "octal" | "dawson" | "lieges" | "ed" => Idea::Splitting,
            "stairs" | "staircase" => Idea::OddStairs,
            "wythoff" => Idea::WythoffPairs,
            "misere" | "anti" => Idea::Misere,
            "fibnim" => Idea::Zeckendorf,
            "coins" | "grid" | "turning" => Idea::Coins,
            "dodgeball" => Idea::Chains,
            _ => return None,
        })
    }

    /// The idea of a drill kind on a game with no idea of its own.
    fn of_kind(kind: DrillKind) -> Idea {
        match kind {
            DrillKind::WinningMove => Idea::NimSum,
            DrillKind::WonOrLost => Idea::WonOrLost,
            DrillKind::PartValue => Idea::Mex,
        }
    }
}

/// What a drill practises: the game (the name practice and `grundy stats` count it under, as
/// [`crate::store::stats::stats_key`] makes it: `nim`, `kayles`, `coins`, `turning`, …) and
/// the idea.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Theme {
    pub game: String,
    pub idea: Idea,
}

impl Theme {
    /// The theme of a drill of `kind` on `game`: the game's own idea if it has one, else the
    /// kind's (find the move: the nim-sum; won or lost; a part's value: mex).
    pub fn of(game: &str, kind: DrillKind) -> Theme {
        Theme {
            game: game.to_string(),
            idea: Idea::of_game(game).unwrap_or_else(|| Idea::of_kind(kind)),
        }
    }

    /// The theme of a drill (its game read from its code).
    pub fn of_drill(drill: &Drill) -> Theme {
        Theme::of(&crate::store::stats::stats_key(&drill.code), drill.kind)
    }

    /// The drill kinds that practise this theme: every kind for a game's own idea, else the
    /// kind the idea comes from.
    pub fn kinds(&self) -> Vec<DrillKind> {
        DrillKind::ALL
            .into_iter()
            .filter(|&k| Theme::of(&self.game, k) == *self)
            .collect()
    }
}

/// A drill from one of `themes` (one of them at random, then one of its kinds), at the
/// difficulty `difficulty` gives its game: practice on the weakest themes. A theme whose game
/// practice does not know (a file edited by hand) is passed over; with none left, `None`.
pub fn draw<R: Rng + ?Sized>(
    themes: &[Theme],
    difficulty: impl Fn(&str) -> u8,
    rng: &mut R,
) -> Option<Result<Drill, PuzzleError>> {
    let games = crate::puzzles::games();
    let known: Vec<&Theme> = themes
        .iter()
        .filter(|t| games.contains(&t.game.as_str()))
        .collect();
    if known.is_empty() {
        return None;
    }
    let theme = known[rng.random_range(0..known.len())];
    let kinds = theme.kinds();
    let kind = kinds[rng.random_range(0..kinds.len())];
    Some(crate::drill::generate(
        &theme.game,
        kind,
        difficulty(&theme.game),
        rng,
    ))
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::SeedableRng;

    #[test]
    fn drills_drawn_from_themes_belong_to_them() {
        let themes = [
            Theme::of("nim", DrillKind::PartValue),
            Theme::of("kayles", DrillKind::WonOrLost),
        ];
        let mut rng = rand::rngs::StdRng::seed_from_u64(7);
        let mut seen = std::collections::HashSet::new();
        for _ in 0..40 {
            let drill = draw(&themes, |_| 2, &mut rng).unwrap().unwrap();
            let theme = Theme::of_drill(&drill);
            assert!(themes.contains(&theme), "{drill:?} is {theme:?}");
            assert_eq!(drill.difficulty, 2);
            seen.insert((theme, drill.kind));
        }
        // Both themes come, and Kayles with more than one kind.
        assert!(seen.iter().any(|(t, _)| t.game == "nim"));
        assert!(seen.iter().filter(|(t, _)| t.game == "kayles").count() > 1);
        let unknown = [Theme {
            game: "chess".into(),
            idea: Idea::Mex,
        }];
        assert!(draw(&unknown, |_| 2, &mut rng).is_none());
    }

    #[test]
    fn a_game_with_an_idea_of_its_own_keeps_it_for_every_kind() {
        for kind in DrillKind::ALL {
            assert_eq!(Theme::of("kayles", kind).idea, Idea::Splitting);
            assert_eq!(Theme::of("stairs", kind).idea, Idea::OddStairs);
        }
        assert_eq!(Theme::of("nim", DrillKind::WinningMove).idea, Idea::NimSum);
        assert_eq!(Theme::of("nim", DrillKind::PartValue).idea, Idea::Mex);
        assert_eq!(
            Theme::of("bash", DrillKind::WonOrLost).idea,
            Idea::WonOrLost
        );
        assert_eq!(Theme::of("wythoff", DrillKind::WonOrLost).kinds().len(), 3);
        assert_eq!(
            Theme::of("nim", DrillKind::PartValue).kinds(),
            [DrillKind::PartValue]
        );
        for idea in Idea::ALL {
            assert_eq!(Idea::from_name(idea.name()), Some(idea));
        }
    }

    #[test]
    fn every_practice_game_has_a_theme_for_every_kind_and_back() {
        for game in crate::puzzles::games() {
            for kind in DrillKind::ALL {
                let theme = Theme::of(game, kind);
                assert!(theme.kinds().contains(&kind), "{game} {kind:?}");
            }
        }
    }
}
