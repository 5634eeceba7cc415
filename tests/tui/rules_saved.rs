//! A rules file's game is kept as every game is: `grundy play --rules` runs in the one app,
//! quitting an unfinished game saves it for the menu's Resume, resuming plays its moves again
//! through the script, and a script that fails during the game leaves the game so far kept
//! (and kept again, move for move, however often it is resumed). A save whose move the script
//! no longer allows stops there, naming the save's line, and loses none of its moves; so does
//! a position that is not a literal.

use crate::common;

use std::fs;
use std::path::{Path, PathBuf};

use common::render::{Harness, StoreHome as Home};
use grundy::locale::{self, Lang};
use grundy::rules::Rules;
use grundy::rules::examples;
use grundy::rules::solve::Node;
use grundy::store::save::{Save, SavedRules};
use grundy::tui::app::ReadyRules;
use grundy::tui::rules::RulesPlay;
use grundy::tui::{First, PlayOptions};

/// `grundy play --rules` as the command line starts it: the game made ready, then the app.
fn rules_options(rules: Rules, start: Node, origin: SavedRules) -> PlayOptions {
    let play = RulesPlay::new(rules, start, First::You, false, true, Some(7))
        .unwrap()
        .with_origin(Some(origin));
    PlayOptions {
        rules: Some(ReadyRules::new(play)),
        ..PlayOptions::default()
    }
}

fn cses(home: &Home) -> Harness {
    let example = examples::example("cses2208.rhai").unwrap();
    let rules = example.rules().unwrap();
    let start = Node::new(rules.parse_position("[3, 4]").unwrap(), 0);
    let origin = SavedRules::Example("cses2208.rhai".into());
    home.harness(&rules_options(rules, start, origin), 100, 30)
}

/// A script whose board cannot be shown at 2: the game stops there, after two moves.
const SHOW_FAILS: &str = r#"
fn start() { 4 }
fn moves(s) { if s > 0 { [s - 1] } else { [] } }
fn show(s) { if s == 2 { throw "the board at 2 cannot be drawn"; } ["heap " + s] }
"#;

fn script(dir: &Path, source: &str) -> PathBuf {
    let path = dir.join("chain.rhai");
    fs::write(&path, source).unwrap();
    path
}

#[test]
fn a_rules_game_left_unfinished_is_resumed_from_the_menu_move_for_move() {
    locale::set_lang(Lang::En);
    let home = Home::new();
    let mut h = cses(&home);
    assert!(h.screen().contains("Your move"), "{}", h.screen());
    assert!(h.screen().contains("s save"), "{}", h.screen());
    // One move of the player's and the AI's reply.
    h.enter();
    let screen = h.screen();
    assert!(screen.contains("AI: "), "{screen}");
    // q asks (the game is not saved under a name); y saves it for Resume and quits.
    h.keys("q");
    assert!(
        h.screen().contains("Quitting saves this game"),
        "{}",
        h.screen()
    );
    h.keys("y");
    assert!(h.app.should_quit());
    let files = common::unfinished_files(&home.store().unfinished_dir().unwrap());
    assert_eq!(files.len(), 1);
    let saved = Save::read(&files[0]).unwrap();
    assert_eq!(
        saved.rules,
        Some(SavedRules::Example("cses2208.rhai".into()))
    );
    assert_eq!(saved.start, "[3, 4]");
    assert_eq!(saved.moves.len(), 2, "{}", saved.to_text());
    // The position each move reached, as the script's literals, each a move of the one before.
    let rules = examples::example("cses2208.rhai").unwrap().rules().unwrap();
    let mut before = rules.parse_position(&saved.start).unwrap();
    for m in &saved.moves {
        let after = rules.parse_position(&m.code).unwrap();
        assert!(
            rules.moves(&before, 0).unwrap().contains(&after),
            "{}",
            m.code
        );
        before = after;
    }

    // The next run's menu offers it first, by the example's title.
    let mut h = home.harness(&PlayOptions::default(), 100, 30);
    let screen = h.screen();
    assert!(
        screen.contains("Resume: Another Game (CSES 2208) · rules file · move 3"),
        "{screen}"
    );
    h.enter();
    let screen = h.screen();
    assert!(screen.contains("Your move"), "{screen}");
    assert!(
        screen.contains("AI: "),
        "the last move is told again: {screen}"
    );
    // Quitting again keeps the same file, with the same moves: nothing was lost or added.
    h.keys("q");
    let again = common::unfinished_files(&home.store().unfinished_dir().unwrap());
    assert_eq!(again, files);
    assert_eq!(Save::read(&again[0]).unwrap().moves, saved.moves);
}

#[test]
fn a_script_that_fails_during_the_game_leaves_the_game_so_far_kept() {
    locale::set_lang(Lang::En);
    let home = Home::new();
    let path = script(home.path(), SHOW_FAILS);
    let rules = Rules::load(&path).unwrap();
    let start = Node::new(rules.start().unwrap().unwrap(), 0);
    let origin = SavedRules::of_path(&path).unwrap();
    let mut h = home.harness(&rules_options(rules, start, origin), 100, 30);
    assert!(h.screen().contains("heap 4"), "{}", h.screen());
    // 4 → 3, the AI's 3 → 2: the board at 2 fails.
    h.enter();
    let screen = h.screen();
    assert!(screen.contains("The game stopped"), "{screen}");
    assert!(screen.contains("cannot be drawn"), "{screen}");
    assert!(screen.contains("The game so far is kept"), "{screen}");
    let files = common::unfinished_files(&home.store().unfinished_dir().unwrap());
    assert_eq!(files.len(), 1, "kept as soon as the script failed");
    let saved = Save::read(&files[0]).unwrap();
    let codes: Vec<&str> = saved.moves.iter().map(|m| m.code.as_str()).collect();
    assert_eq!(codes, ["3", "2"]);
    assert_eq!(
        h.app
            .script_failure()
            .map(|f| f.contains("cannot be drawn")),
        Some(true)
    );
    h.keys("q");
    assert!(h.app.should_quit());

    // Resumed, the script fails at the same place again, and the file keeps both moves.
    let mut h = home.harness(&PlayOptions::default(), 100, 30);
    h.enter();
    let screen = h.screen();
    assert!(screen.contains("cannot be drawn"), "{screen}");
    h.keys("q");
    let again = common::unfinished_files(&home.store().unfinished_dir().unwrap());
    assert_eq!(again, files);
    assert_eq!(Save::read(&again[0]).unwrap().moves, saved.moves);
}

#[test]
fn a_saved_move_the_script_does_not_allow_stops_at_its_line_and_loses_nothing() {
    locale::set_lang(Lang::En);
    let home = Home::new();
    let path = script(
        home.path(),
        SHOW_FAILS.replace("s == 2", "s == 99").as_str(),
    );
    let absolute = fs::canonicalize(&path).unwrap();
    // 4 → 3 is a move; 3 → 1 is not (a move takes one).
    let text = format!(
        "grundy save 1\nrules file {}\nstart 4\nfirst you\nlevel perfect\nseed 1\n\
         moves 2\n3\n1\nend\n",
        absolute.display()
    );
    let save = Save::parse(text.as_bytes()).unwrap();
    let written = save.to_text();
    assert_eq!(Save::parse(written.as_bytes()).unwrap().to_text(), written);
    let unfinished = home.store().unfinished_dir().unwrap();
    fs::create_dir_all(&unfinished).unwrap();
    let file = unfinished.join("by-hand.grundy");
    fs::write(&file, &text).unwrap();
    let mut h = home.harness(&PlayOptions::default(), 100, 30);
    h.enter();
    let screen = h.screen();
    assert!(screen.contains("line 9"), "{screen}");
    assert!(screen.contains("move 2 `1` is not a move"), "{screen}");
    // The first move was played again; leaving keeps the second for a script that allows it.
    h.keys("q");
    let kept = Save::read(&file).unwrap();
    let codes: Vec<&str> = kept.moves.iter().map(|m| m.code.as_str()).collect();
    assert_eq!(codes, ["3", "1"]);
}

#[test]
fn a_rules_line_names_an_example_or_an_absolute_file() {
    let save = |rules: &str| {
        Save::parse(
            format!(
                "grundy save 1\nrules {rules}\nstart [1]\nfirst you\nlevel perfect\nseed 1\n\
                 moves 0\nend\n"
            )
            .as_bytes(),
        )
    };
    assert!(save("example cses2208.rhai").is_ok());
    assert!(save("file /tmp/x.rhai").is_ok());
    for bad in ["file x.rhai", "cses2208.rhai", "example"] {
        let error = save(bad).unwrap_err();
        assert_eq!(error.line, 2, "{bad}");
    }
    // A position that is no literal is refused at its line when the game is played again.
    let error = grundy::rules::literal::saved_position(3, "[1,").unwrap_err();
    assert_eq!(error.line, 3);
    assert!(
        error
            .to_string()
            .contains("not a position written as a literal"),
        "{error}"
    );
    // A built-in game's reader refuses a rules file's save with a reason.
    let error = save("example cses2208.rhai")
        .unwrap()
        .final_position()
        .unwrap_err();
    assert!(error.to_string().contains("play --load"), "{error}");
}
