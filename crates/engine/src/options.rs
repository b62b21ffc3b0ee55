//! Every engine option, declared once: its name, kind with default and range, what a change
//! does, and where its value lives ([`registry`]). The `uci` listing, Hub's `param` lines, the
//! web board and [`Engine::set_option`](crate::engine::Engine::set_option) all read this one
//! list; the draw rules and the games' own options come from the games' declarations
//! ([`Game::DRAW_OPTIONS`], [`Game::OPTIONS`]), so nothing here names a game.

use damka_rules::draw::{DrawKind, DrawOption, DrawRules};
use damka_rules::game::Game;
use damka_rules::games::{self, Variant};
use damka_rules::option::{Affects, GameOption, OptionKind, Setup};
use damka_rules::with_game;
use std::sync::LazyLock;

/// Every option's current value.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Options {
    /// Transposition table size in MiB (`Hash`).
    pub hash_mib: usize,
    /// Search threads (`Threads`).
    pub threads: usize,
    /// Whether the GUI may ask us to ponder (`Ponder`, informational).
    pub ponder: bool,
    /// Principal variations to report (`MultiPV`).
    pub multipv: usize,
    /// Milliseconds kept back on every move (`Move Overhead`).
    pub move_overhead_ms: u64,
    /// Play the game's trained network where it has one (`Network`).
    pub network: bool,
    /// A network file to play instead of the game's built-in network (`NetworkFile`); empty:
    /// the built-in one.
    pub network_file: String,
    /// The game (`UCI_Variant`).
    pub variant: Variant,
    /// The draw rules (`Draw …`).
    pub draws: DrawRules,
    /// The values of the games' own options (`UgolkiHouse`, …).
    pub setup: Setup,
    /// Directory of the endgame databases (`EGDBPath`); empty: none.
    pub egdb_path: String,
    /// Largest number of pieces probed in the databases (`EGDBPieces`).
    pub egdb_pieces: u32,
    /// Memory for the databases' decompressed splits in MiB (`EGDBCache`).
    pub egdb_cache_mib: usize,
}

impl Default for Options {
    /// Every option at the default its declaration gives.
    fn default() -> Self {
        let mut options = Options {
            hash_mib: 0,
            threads: 0,
            ponder: false,
            multipv: 0,
            move_overhead_ms: 0,
            network: false,
            network_file: String::new(),
            variant: Variant::default(),
            draws: DrawRules::default(),
            setup: Setup::default(),
            egdb_path: String::new(),
            egdb_pieces: 0,
            egdb_cache_mib: 0,
        };
        for option in registry() {
            if let Slot::Engine { set, .. } = option.slot {
                set(&mut options, &option.kind.default_text());
            }
        }
        options
    }
}

impl Options {
    /// The current value of an option (case-insensitive name) as the text
    /// [`Engine::set_option`](crate::engine::Engine::set_option) takes; `None` for a button or
    /// a name that is not an option.
    pub fn value(&self, name: &str) -> Option<String> {
        find(name).and_then(|option| option.value(self))
    }
}

/// What a change of an option makes the engine do besides keeping the new value.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OnChange {
    /// Nothing more: the next search reads the value.
    Nothing,
    /// Empties the table: the action of a button.
    ClearHash,
    /// Makes a table of the new size.
    ResizeHash,
    /// Starts the new game from its initial position.
    NewVariant,
    /// The game goes on under the new draw rules.
    DrawRules,
    /// Opens the endgame databases again.
    Databases,
    /// Redoes what the game option affects, when it is an option of the game being played: a
    /// new game for the start position, an empty table for the search.
    Game(Affects),
}

/// Where an option's value lives.
#[derive(Clone, Copy, Debug)]
enum Slot {
    /// A field of [`Options`], read and written as the canonical text of its kind.
    Engine {
        get: fn(&Options) -> String,
        set: fn(&mut Options, &str),
    },
    /// A draw rule's switch or length, in [`Options::draws`].
    Draw(DrawOption),
    /// A game's own option, in [`Options::setup`].
    Game(GameOption),
    /// No value: an action.
    Action,
}

/// How the Hub protocol lists an option.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum HubName {
    /// The name in lower case, `-` for spaces: `Move Overhead` is `move-overhead`.
    Derived,
    /// A name of its own.
    Named(&'static str),
    /// Not listed.
    Unlisted,
}

/// One engine option as [`registry`] declares it.
#[derive(Clone, Copy, Debug)]
pub struct EngineOption {
    /// The name, as in `setoption name <name>`.
    pub name: &'static str,
    /// What values it takes, with its default and range.
    pub kind: OptionKind,
    /// One line on what it does.
    pub doc: &'static str,
    /// What a change does.
    pub on_change: OnChange,
    hub: HubName,
    slot: Slot,
}

impl EngineOption {
    /// The current value in `options` as canonical text; `None` for a button.
    pub fn value(&self, options: &Options) -> Option<String> {
        match self.slot {
            Slot::Engine { get, .. } => Some(get(options)),
            Slot::Draw(draw) => Some(match draw.kind {
                DrawKind::Switch { .. } => options.draws.is_on(&draw).to_string(),
                DrawKind::Length { .. } => options.draws.length(&draw).to_string(),
            }),
            Slot::Game(game) => Some(options.setup.get(&game)),
            Slot::Action => None,
        }
    }

    /// Gives the option `value` in `options`; the error says what the option takes. Nothing
    /// changes on error; a button changes nothing here (its action is the engine's).
    pub fn set(&self, options: &mut Options, value: &str) -> Result<(), String> {
        let canonical = self.kind.parse(self.name, value)?;
        match self.slot {
            Slot::Engine { set, .. } => set(options, &canonical),
            Slot::Draw(draw) => {
                let value = match draw.kind {
                    DrawKind::Switch { .. } => u16::from(canonical == "true"),
                    DrawKind::Length { .. } => number(&canonical) as u16,
                };
                options.draws.set(&draw, value)?;
            }
            Slot::Game(game) => options.setup.set(&game, &canonical)?,
            Slot::Action => {}
        }
        Ok(())
    }

    /// The name the Hub protocol lists the option under, if it lists it.
    pub fn hub_name(&self) -> Option<String> {
        match self.hub {
            HubName::Derived => Some(self.name.to_ascii_lowercase().replace(' ', "-")),
            HubName::Named(name) => Some(name.to_string()),
            HubName::Unlisted => None,
        }
    }

    /// True if the option is one of `variant`'s own ([`Game::OPTIONS`]).
    pub fn belongs_to(&self, variant: Variant) -> bool {
        match self.slot {
            Slot::Game(option) => {
                with_game!(variant, G => G::OPTIONS.iter().any(|o| o.name == option.name))
            }
            _ => false,
        }
    }
}

/// The number in a canonical spin value (checked by [`OptionKind::parse`] before it gets here).
fn number(text: &str) -> i64 {
    text.parse().unwrap_or_default()
}

/// The engine options that come before the draw rules, in listing order.
fn search_options() -> Vec<EngineOption> {
    static NAMES: LazyLock<Vec<&'static str>> =
        LazyLock::new(|| Variant::ALL.iter().map(|v| v.name()).collect());
    vec![
        EngineOption {
            name: "Hash",
            kind: OptionKind::Spin {
                default: 16,
                min: 1,
                max: 65536,
            },
            doc: "transposition table size in MiB",
            on_change: OnChange::ResizeHash,
            hub: HubName::Derived,
            slot: Slot::Engine {
                get: |o| o.hash_mib.to_string(),
                set: |o, v| o.hash_mib = number(v) as usize,
            },
        },
        EngineOption {
            name: "Threads",
            kind: OptionKind::Spin {
                default: 1,
                min: 1,
                max: 256,
            },
            doc: "search threads (lazy SMP over one table)",
            on_change: OnChange::Nothing,
            hub: HubName::Derived,
            slot: Slot::Engine {
                get: |o| o.threads.to_string(),
                set: |o, v| o.threads = number(v) as usize,
            },
        },
        EngineOption {
            name: "Clear Hash",
            kind: OptionKind::Button,
            doc: "empties the transposition table",
            on_change: OnChange::ClearHash,
            hub: HubName::Unlisted,
            slot: Slot::Action,
        },
        EngineOption {
            name: "Ponder",
            kind: OptionKind::Check { default: false },
            doc: "the GUI may ask the engine to ponder (informational)",
            on_change: OnChange::Nothing,
            hub: HubName::Derived,
            slot: Slot::Engine {
                get: |o| o.ponder.to_string(),
                set: |o, v| o.ponder = v == "true",
            },
        },
        EngineOption {
            name: "MultiPV",
            kind: OptionKind::Spin {
                default: 1,
                min: 1,
                max: 64,
            },
            doc: "principal variations reported",
            on_change: OnChange::Nothing,
            // Hub's `info` line has no field to tell several lines apart.
            hub: HubName::Unlisted,
            slot: Slot::Engine {
                get: |o| o.multipv.to_string(),
                set: |o, v| o.multipv = number(v) as usize,
            },
        },
        EngineOption {
            name: "Move Overhead",
            kind: OptionKind::Spin {
                default: 20,
                min: 0,
                max: 5000,
            },
            doc: "milliseconds kept back on every move for communication delays",
            on_change: OnChange::Nothing,
            hub: HubName::Derived,
            slot: Slot::Engine {
                get: |o| o.move_overhead_ms.to_string(),
                set: |o, v| o.move_overhead_ms = number(v) as u64,
            },
        },
        EngineOption {
            name: "Network",
            kind: OptionKind::Check { default: true },
            doc: "evaluate with the game's trained network where it has one; off: the linear terms alone",
            on_change: OnChange::Nothing,
            hub: HubName::Derived,
            slot: Slot::Engine {
                get: |o| o.network.to_string(),
                set: |o, v| o.network = v == "true",
            },
        },
        EngineOption {
            name: "NetworkFile",
            kind: OptionKind::String { default: "" },
            doc: "a network file written by `damka train` for this game, played instead of the built-in network; empty: the built-in one",
            on_change: OnChange::Nothing,
            hub: HubName::Named("network-file"),
            slot: Slot::Engine {
                get: |o| o.network_file.clone(),
                set: |o, v| o.network_file = v.to_string(),
            },
        },
        EngineOption {
            name: "UCI_Variant",
            kind: OptionKind::Combo {
                default: Variant::default().name(),
                choices: NAMES.as_slice(),
            },
            doc: "the game",
            on_change: OnChange::NewVariant,
            hub: HubName::Named("variant"),
            slot: Slot::Engine {
                get: |o| o.variant.name().to_string(),
                set: |o, v| o.variant = v.parse().unwrap_or_default(),
            },
        },
    ]
}

/// The engine options that come after the games' own, in listing order.
fn database_options() -> Vec<EngineOption> {
    vec![
        EngineOption {
            name: "EGDBPath",
            kind: OptionKind::String { default: "" },
            doc: "directory of the endgame databases; empty: none",
            on_change: OnChange::Databases,
            hub: HubName::Named("egdb-path"),
            slot: Slot::Engine {
                get: |o| o.egdb_path.clone(),
                set: |o, v| o.egdb_path = v.to_string(),
            },
        },
        EngineOption {
            name: "EGDBPieces",
            kind: OptionKind::Spin {
                default: 5,
                min: 2,
                max: 7,
            },
            doc: "largest number of pieces probed in the databases",
            on_change: OnChange::Databases,
            hub: HubName::Named("egdb-pieces"),
            slot: Slot::Engine {
                get: |o| o.egdb_pieces.to_string(),
                set: |o, v| o.egdb_pieces = number(v) as u32,
            },
        },
        EngineOption {
            name: "EGDBCache",
            kind: OptionKind::Spin {
                default: 1024,
                min: 16,
                max: 65536,
            },
            doc: "memory in MiB for the databases' decompressed splits (the 6-piece Russian set \
                  takes about 4500 to hold whole)",
            on_change: OnChange::Databases,
            hub: HubName::Named("egdb-cache"),
            slot: Slot::Engine {
                get: |o| o.egdb_cache_mib.to_string(),
                set: |o, v| o.egdb_cache_mib = number(v) as usize,
            },
        },
    ]
}

/// A draw option as an engine option.
fn draw_option(draw: DrawOption) -> EngineOption {
    let kind = match draw.kind {
        DrawKind::Switch { on } => OptionKind::Check { default: on },
        DrawKind::Length { moves, min, max } => OptionKind::Spin {
            default: i64::from(moves),
            min: i64::from(min),
            max: i64::from(max),
        },
    };
    EngineOption {
        name: draw.name,
        kind,
        doc: draw.doc,
        on_change: OnChange::DrawRules,
        hub: HubName::Derived,
        slot: Slot::Draw(draw),
    }
}

/// A game's own option as an engine option.
fn game_option(option: GameOption) -> EngineOption {
    EngineOption {
        name: option.name,
        kind: option.kind,
        doc: option.doc,
        on_change: OnChange::Game(option.affects),
        hub: HubName::Derived,
        slot: Slot::Game(option),
    }
}

/// Every option, in listing order: the search's, the draw rules (repetition, then every game's
/// in the order of the games, each once), the games' own options, the databases'.
pub fn registry() -> &'static [EngineOption] {
    static REGISTRY: LazyLock<Vec<EngineOption>> = LazyLock::new(|| {
        let mut options = search_options();
        options.extend(games::all_draw_options().into_iter().map(draw_option));
        options.extend(games::all_options().into_iter().map(game_option));
        options.extend(database_options());
        options
    });
    &REGISTRY
}

/// The option called `name` (any case, surrounding spaces ignored).
pub fn find(name: &str) -> Option<&'static EngineOption> {
    let name = name.trim();
    registry()
        .iter()
        .find(|option| option.name.eq_ignore_ascii_case(name))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_option_is_listed_once() {
        let mut names: Vec<String> = registry()
            .iter()
            .map(|o| o.name.to_ascii_lowercase())
            .collect();
        let count = names.len();
        names.sort();
        names.dedup();
        assert_eq!(names.len(), count);
    }

    #[test]
    fn defaults_come_from_the_declarations() {
        let options = Options::default();
        for option in registry() {
            if let Some(value) = option.value(&options) {
                assert_eq!(value, option.kind.default_text(), "{}", option.name);
            }
        }
    }

    #[test]
    fn values_are_checked_and_kept_canonical() {
        let mut options = Options::default();
        let hash = find("hash").expect("Hash");
        assert!(hash.set(&mut options, "0").is_err());
        hash.set(&mut options, " 64 ").unwrap();
        assert_eq!(options.value("Hash").as_deref(), Some("64"));
        let variant = find("UCI_Variant").expect("listed");
        variant.set(&mut options, "International").unwrap();
        assert_eq!(
            options.value("uci_variant").as_deref(),
            Some("international")
        );
        assert!(variant.set(&mut options, "chess").is_err());
        assert_eq!(options.variant, Variant::International);
    }
}
