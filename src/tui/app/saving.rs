//! What the app keeps between runs: the statistics of finished games, the autosave of an
//! unfinished one, saves under a name (and opening them from the menu), and the settings.

use crate::locale::Words;
use crate::review::Clock;
use crate::store::is_lock_busy;
use crate::store::save::{self, Save};
use crate::store::settings::Settings;
use crate::store::stats::{Counted, Stats, stats_key};
use crate::store::unfinished;
use crate::store::{date_stamp, own_subdir};
use crate::tr;
use crate::tui::board::Side;
use crate::tui::menu::MenuChoice;
use crate::tui::screen::GameScreen;

use super::{App, Kept, Leave, Resumed, Screen};

impl App {
    /// Counts a game that has just ended in the statistics (once per game), and drops the
    /// autosave that held it. The count waits for the last verdicts (they give the game's
    /// blunders), unless the game is about to leave the screen.
    pub(super) fn count_finished(&mut self) {
        self.count_finished_now(false);
    }

    /// [`App::count_finished`]; `leaving`: the game leaves the screen (quit, new game,
    /// restart), so it is counted now, without its blunders if a verdict is still missing.
    pub(super) fn count_finished_now(&mut self, leaving: bool) {
        let Screen::Game { game, choice, kept } = &mut self.screen else {
            return;
        };
        let Some(winner) = game.winner() else {
            return;
        };
        if kept.recorded || game.moves_played() == 0 || (game.judging() && !leaving) {
            return;
        }
        kept.recorded = true;
        let won = winner == Side::You;
        let counted = Counted {
            game: stats_key(&game.start_code()),
            level: choice.level,
            won,
            blunders: game.player_blunders(),
            retried: game.retried(),
        };
        self.uncounted.push(counted);
        let blunders = game.blunder_items(crate::review::SystemClock.now());
        self.remember(blunders);
        self.write_counts();
        let Screen::Game { kept, .. } = &mut self.screen else {
            return;
        };
        // Only this game's own file goes: the other unfinished games stay.
        if let Some(path) = kept.autosave.take() {
            unfinished::remove(&path);
            kept.claim = None;
        }
    }

    /// Adds the player's mistakes to the review queue; a problem with its file is told in the
    /// game's status line.
    pub(super) fn remember(&mut self, items: Vec<crate::review::Item>) {
        if items.is_empty() {
            return;
        }
        let problem =
            crate::tui::review_queue::remember(self.store.review_path().as_deref(), items);
        if let Some(problem) = problem
            && let Screen::Game { game, .. } = &mut self.screen
        {
            game.set_message(problem);
        }
    }

    /// Writes the finished games not yet in the statistics file ([`App::uncounted`]). While
    /// another grundy holds the data directory's lock they stay, the game says it waits, and
    /// the loop tries again ([`App::update`]); leaving keeps them for the next count.
    pub(super) fn write_counts(&mut self) {
        if self.uncounted.is_empty() {
            return;
        }
        let Some(path) = self.store.stats_path() else {
            for c in self.uncounted.drain(..) {
                self.stats
                    .add(&c.game, c.level, c.won, c.blunders, c.retried);
            }
            return;
        };
        let note = match Stats::add_all_to_file(&path, &self.uncounted) {
            Ok(stats) => {
                self.stats = stats;
                self.stats_problem = None;
                let waited = self.waiting_lock;
                self.uncounted.clear();
                self.waiting_lock = false;
                waited.then(|| tr!("app.lock_done").into_owned())
            }
            Err(e) if is_lock_busy(&e) => {
                let first = !self.waiting_lock;
                self.waiting_lock = true;
                first.then(|| tr!("app.lock_waiting").into_owned())
            }
            Err(e) => {
                self.uncounted.clear();
                self.waiting_lock = false;
                Some(tr!("app.stats_failed", error = e).into_owned())
            }
        };
        if let Some(note) = note
            && let Screen::Game { game, .. } = &mut self.screen
        {
            game.set_message(note);
        }
    }

    /// The settings another grundy's lock kept from the file, tried again.
    pub(super) fn write_unwritten_settings(&mut self) {
        if let Some(merged) = self.unwritten_settings.take()
            && let Err(problem) = self.write_settings(merged)
        {
            self.settings_problem = Some(problem);
        }
    }

    /// On leaving: the finished games another grundy's lock kept out of the statistics are
    /// kept in a file of their own for the next count ([`Stats::keep_for_later`]).
    fn keep_uncounted(&mut self) {
        self.write_counts();
        if self.uncounted.is_empty() {
            return;
        }
        let Some(path) = self.store.stats_path() else {
            return;
        };
        let note = match Stats::keep_for_later(&path, &self.uncounted) {
            Ok(_) => tr!("app.note.counted_later").into_owned(),
            Err(e) => tr!("app.stats_failed", error = e).into_owned(),
        };
        self.uncounted.clear();
        self.add_exit_note(note);
    }

    /// Adds a line to what is told on standard error once the terminal is given back.
    fn add_exit_note(&mut self, note: String) {
        self.exit_note = Some(match self.exit_note.take() {
            Some(before) => format!("{before}\n{note}"),
            None => note,
        });
    }

    /// What keeping the game on screen depends on, a board game's or a rules file's alike;
    /// `None` when no game is on screen.
    fn on_screen(&self) -> Option<OnScreen<'_>> {
        Some(match &self.screen {
            Screen::Game { game, kept, .. } => OnScreen {
                over: game.winner().is_some(),
                stopped: false,
                savable: true,
                lesson: kept.lesson.is_some(),
                moves: game.moves_played(),
                codes: game.move_codes(),
                kept,
            },
            Screen::Rules {
                play, kept, lesson, ..
            } => OnScreen {
                over: !play.unfinished(),
                stopped: play.failure().is_some(),
                savable: play.savable(),
                lesson: lesson.is_some(),
                moves: play.moves_played(),
                codes: play.move_codes(),
                kept,
            },
            _ => return None,
        })
    }

    /// Whether leaving the game on screen now would leave an unfinished game that is not
    /// saved under a name. A game the script stopped was kept at once: nothing to ask.
    pub(super) fn unsaved(&self) -> bool {
        self.on_screen().is_some_and(|g| {
            !g.over
                && !g.stopped
                && g.savable
                && g.moves > 0
                && g.kept.saved_moves.as_ref() != Some(&g.codes)
        })
    }

    /// What the app knows of the files of the game on screen.
    fn kept(&self) -> Option<&Kept> {
        match &self.screen {
            Screen::Game { kept, .. } | Screen::Rules { kept, .. } => Some(kept),
            _ => None,
        }
    }

    /// Tells the player something under the game on screen.
    pub(super) fn tell(&mut self, message: String) {
        match &mut self.screen {
            Screen::Game { game, .. } => game.set_message(message),
            Screen::Rules { play, .. } => play.set_note(message),
            _ => {}
        }
    }

    /// The game on screen as a save called `name`, with what the app knows of its files;
    /// `None` when there is no game, or its rules file could not be found again.
    fn screen_save(&mut self, name: &str) -> Option<(Save, &mut Kept)> {
        match &mut self.screen {
            Screen::Game { game, choice, kept } => {
                let save = save_of(game.as_ref(), choice, kept, name, game.move_codes());
                Some((save, kept))
            }
            Screen::Rules { play, kept, .. } => Some((play.to_save(name)?, kept)),
            _ => None,
        }
    }

    /// Whether the game on screen is one to keep among the unfinished games: not over, not a
    /// lesson's, with a move played (or resumed from its file, which then follows it). A
    /// lesson's game is not kept for Resume: resumed from the menu it would no longer be the
    /// lesson's, and the Learn screen starts it again at any time. A game saved under a name
    /// (or loaded) and unchanged since is kept in its own file.
    fn to_keep(&self) -> bool {
        self.on_screen().is_some_and(|g| {
            let autosaved = g.kept.autosave.is_some();
            !g.over
                && g.savable
                && !g.lesson
                && (g.moves > 0 || autosaved)
                && (autosaved || g.kept.saved_moves.as_ref() != Some(&g.codes))
        })
    }

    /// Saves the game on screen, if unfinished, to its own file among the unfinished games
    /// that the menu offers to resume. Returns what happened, in words, when something did.
    pub(super) fn autosave(&mut self) -> Option<String> {
        if !self.to_keep() {
            return None;
        }
        let dir = self.store.unfinished_dir()?;
        let name = self.kept()?.name.clone().unwrap_or_else(date_stamp);
        let (save, kept) = self.screen_save(&name)?;
        let path = kept
            .autosave
            .clone()
            .unwrap_or_else(|| unfinished::new_path(&dir));
        let written = own_subdir(&dir).and_then(|()| save.write(&path));
        if written.is_ok() {
            kept.autosave = Some(path.clone());
            kept.name = Some(name);
        }
        match written {
            Ok(()) => Some(tr!("app.note.saved", path = path.display()).into_owned()),
            Err(e) => {
                self.save_failed = true;
                let error = crate::store::io_said(&e).words();
                Some(tr!("app.note.save_failed", path = path.display(), error = error).into_owned())
            }
        }
    }

    /// A rules file's game the script stopped is kept at once among the unfinished games
    /// (whatever happens next, nothing played is lost), and the game says where.
    pub(super) fn keep_stopped_rules(&mut self) {
        let Screen::Rules { play, kept, .. } = &self.screen else {
            return;
        };
        if play.failure().is_none() || kept.stopped_kept {
            return;
        }
        if let Screen::Rules { kept, .. } = &mut self.screen {
            kept.stopped_kept = true;
        }
        if self.autosave().is_some()
            && let Screen::Rules { play, kept, .. } = &mut self.screen
            && let Some(path) = &kept.autosave
        {
            play.set_note(tr!("rules.play.kept", path = path.display()).into_owned());
        }
    }

    /// Whether leaving could not save the unfinished game (the exit then fails).
    pub fn save_failed(&self) -> bool {
        self.save_failed
    }

    /// What leaving does, whichever way the app ends (q, Ctrl-C, the end of input, a
    /// signal): the unfinished game is saved for Resume, the menu's settings written if the
    /// player changed one. Done once.
    pub fn keep_unfinished(&mut self) {
        if self.left {
            return;
        }
        self.left = true;
        if let Some(note) = self.autosave() {
            self.exit_note = Some(note);
        }
        self.keep_uncounted();
        let before = self.settings_problem.clone();
        self.write_unwritten_settings();
        self.save_settings();
        // Nobody sees the menu any more: a setting that could not be written is told on leaving.
        if self.settings_problem != before
            && let Some(problem) = self.settings_problem.clone()
        {
            self.add_exit_note(problem);
        }
    }

    /// Writes the menu's settings if the player changed one: each changed field over what the
    /// file has (a command-line override that was not changed is not written).
    pub(super) fn save_settings(&mut self) {
        if let Screen::Menu(menu) = &self.screen {
            self.menu_settings = menu.settings(&self.file_settings);
        }
        let now = &self.menu_settings;
        let start = &self.menu_start;
        if now == start {
            return;
        }
        let mut merged = self.file_settings.clone();
        if now.game != start.game {
            merged.game = now.game;
        }
        if now.first != start.first {
            merged.first = now.first;
        }
        if now.level != start.level {
            merged.level = now.level;
        }
        if now.hints != start.hints {
            merged.hints = now.hints;
        }
        if now.theme != start.theme {
            merged.theme = now.theme;
        }
        if now.lang != start.lang {
            merged.lang = now.lang;
        }
        for setup in &now.setups {
            if start.setup(setup.kind) != *setup {
                match merged.setups.iter_mut().find(|s| s.kind == setup.kind) {
                    Some(old) => *old = setup.clone(),
                    None => merged.setups.push(setup.clone()),
                }
            }
        }
        self.menu_start = now.clone();
        if let Err(problem) = self.write_settings(merged) {
            self.settings_problem = Some(problem);
        }
    }

    /// Writes the settings changed from the file's (`merged`) to the settings file, if there
    /// is one, and keeps them as the file's; the problem in words when they could not be
    /// written (they are then kept only for this run).
    fn write_settings(&mut self, merged: Settings) -> Result<(), String> {
        let Some(path) = self.store.settings_path() else {
            self.file_settings = merged;
            return Ok(());
        };
        match merged.save_changes(&path, &self.file_settings) {
            Ok(()) => {
                self.file_settings = merged;
                self.settings_problem = None;
                self.unwritten_settings = None;
                Ok(())
            }
            // Another grundy holds the lock: tried again from the loop ([`App::update`]).
            Err(e) if is_lock_busy(&e) && !self.left => {
                self.unwritten_settings = Some(merged);
                Err(tr!("app.lock_waiting_settings").into_owned())
            }
            // Still held as grundy leaves: the change is kept beside the file, applied by the
            // next start's read and written by the next change.
            Err(e) if is_lock_busy(&e) => match merged.keep_for_later(&path, &self.file_settings) {
                Ok(_) => {
                    self.file_settings = merged;
                    self.unwritten_settings = None;
                    self.settings_problem = None;
                    self.add_exit_note(tr!("app.note.settings_later").into_owned());
                    Ok(())
                }
                Err(e) => {
                    Err(tr!("app.settings_failed", path = path.display(), error = e).into_owned())
                }
            },
            Err(e) => {
                Err(tr!("app.settings_failed", path = path.display(), error = e).into_owned())
            }
        }
    }

    /// `c` in a game: coaching on or off for the next games too, written to the settings
    /// file (the menu does not show it; `--no-coach` is for one run until `c` is pressed).
    pub(super) fn save_coaching(&mut self, on: bool) {
        self.coach = on;
        if self.file_settings.coaching == on {
            return;
        }
        let mut merged = self.file_settings.clone();
        merged.coaching = on;
        if let Err(problem) = self.write_settings(merged)
            && let Screen::Game { game, .. } = &mut self.screen
        {
            game.set_message(problem);
        }
    }

    /// Opens a save from the menu: an unfinished game is claimed first (another grundy may
    /// have resumed it since the menu was drawn) and read again, so the game played is the
    /// file's latest; a named save is loaded as `--load` does.
    pub(super) fn open_file(&mut self, path: &std::path::Path, unfinished: bool) {
        self.save_settings();
        let claim = if unfinished {
            match unfinished::claim(path) {
                Ok(Some(claim)) => Some(claim),
                Ok(None) => {
                    self.menu_error(&tr!("app.open.elsewhere"));
                    return;
                }
                Err(e) => {
                    self.menu_error(&tr!("app.open.cannot", path = path.display(), error = e));
                    return;
                }
            }
        } else {
            None
        };
        let opened = Save::read(path)
            .map_err(|e| anyhow::Error::msg(e.words()))
            .and_then(|save| Ok((self.resumable(&save, &tr!("app.resume.replay"))?, save)));
        let (resumed, save) = match opened {
            Ok(opened) => opened,
            Err(e) => {
                self.menu_error(&format!("{e:#}"));
                return;
            }
        };
        let kept = if unfinished {
            Kept {
                autosave: Some(path.to_path_buf()),
                claim,
                name: Some(resumed.name).filter(|n| !n.is_empty()),
                recorded: resumed.counted,
                ..Kept::default()
            }
        } else {
            Kept {
                saved_moves: Some(save.moves.iter().map(|m| m.code.clone()).collect()),
                saved_path: Some(path.to_path_buf()),
                name: Some(resumed.name).filter(|n| !n.is_empty()),
                recorded: resumed.counted,
                ..Kept::default()
            }
        };
        self.screen = match resumed.game {
            Resumed::Game { game, choice } => Screen::Game { game, choice, kept },
            Resumed::Rules(play) => {
                let back = Box::new(self.placeholder());
                Screen::Rules {
                    play,
                    back,
                    lesson: None,
                    kept,
                }
            }
        };
    }

    /// Saves the game on screen as `name` in the saves directory; asks first when that would
    /// replace the save of another game.
    pub(super) fn save_as(&mut self, name: &str) {
        let Some(dir) = self.store.saves_dir() else {
            return;
        };
        let name = if name.is_empty() {
            date_stamp()
        } else {
            name.to_string()
        };
        let Some(file) = save::file_name(&name) else {
            self.tell(
                tr!(
                    "app.save.bad_name",
                    name = crate::input::escape_controls(&name)
                )
                .into_owned(),
            );
            return;
        };
        let path = dir.join(file);
        let Some(saved_path) = self.kept().map(|kept| kept.saved_path.clone()) else {
            return;
        };
        if path.exists() && saved_path.as_ref() != Some(&path) {
            self.confirm = Some(Leave::Overwrite(name));
            return;
        }
        self.write_save(&name);
    }

    /// Writes the game on screen as `name` in the saves directory.
    pub(super) fn write_save(&mut self, name: &str) {
        let Some(dir) = self.store.saves_dir() else {
            return;
        };
        let Some(file) = save::file_name(name) else {
            return;
        };
        let path = dir.join(file);
        let Some((save, kept)) = self.screen_save(name) else {
            return;
        };
        let moves: Vec<String> = save.moves.iter().map(|m| m.code.clone()).collect();
        let message = match own_subdir(&dir).and_then(|()| save.write(&path)) {
            Ok(()) => {
                kept.saved_moves = Some(moves);
                kept.saved_path = Some(path.clone());
                kept.name = Some(name.to_string());
                tr!("app.save.done", path = path.display()).into_owned()
            }
            Err(e) => {
                let error = crate::store::io_said(&e).words();
                tr!("app.save.failed", path = path.display(), error = error).into_owned()
            }
        };
        self.tell(message);
    }
}

/// What keeping a game depends on: see [`App::to_keep`] and [`App::unsaved`].
struct OnScreen<'a> {
    /// It has ended.
    over: bool,
    /// Its rules file stopped it (it was kept at once).
    stopped: bool,
    /// Its moves can be saved (a rules file's game: its script can be found again).
    savable: bool,
    /// It is a lesson's game.
    lesson: bool,
    moves: usize,
    /// Its moves as a save writes them.
    codes: Vec<String>,
    kept: &'a Kept,
}

/// The save of the game on screen, under `name`, with `moves` (its move codes).
fn save_of(
    game: &dyn GameScreen,
    choice: &MenuChoice,
    kept: &Kept,
    name: &str,
    moves: Vec<String>,
) -> Save {
    let mut save = Save::new(
        name,
        game.start_code(),
        choice.first,
        choice.level,
        choice.seed.unwrap_or(0),
        game.hints(),
        moves,
    );
    // A game that ended and was counted, then undone or retried, is not counted again.
    save.counted = kept.recorded;
    save
}
