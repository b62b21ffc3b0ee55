//! The games damka plays: a folder per game, the list of them
//! ([`for_each_game!`](crate::for_each_game)) and the runtime [`Variant`] tag made from it,
//! and [`with_game!`](crate::with_game), the one place a runtime choice of game becomes a type.
//!
//! Everything a game knows stays in its folder: its rules, notation, title, start position,
//! draw rules, options and evaluation (see [`Game`]). A new game touches
//! only this file outside its folder: its module line, its entry in the list of games
//! ([`for_each_game!`](crate::for_each_game), which makes [`Variant`]), and its arm in
//! [`with_game!`](crate::with_game).

pub mod draughts;
pub mod fuk;
pub mod towers;
pub mod turkish;
pub mod ugolki;

use crate::draw::{DrawOption, REPETITION};
use crate::game::Game;
use crate::option::GameOption;
use std::fmt;
use std::str::FromStr;

/// The list of games: calls `$callback!` with every game as `<doc> <name> => <Variant>`, in the
/// order they are listed to users (`name` is the game's module-style name, `ugolki_diagonal`).
///
/// [`Variant`] and [`Variant::ALL`] are made from it, and so can anything that needs an item
/// per game rather than a loop over [`Variant::ALL`], such as a test function per game:
///
/// ```
/// macro_rules! names {
///     ($($(#[$meta:meta])* $name:ident => $variant:ident),* $(,)?) => {
///         [$(stringify!($name)),*]
///     };
/// }
/// assert_eq!(damka_rules::for_each_game!(names)[3], "international");
/// ```
#[macro_export]
macro_rules! for_each_game {
    ($callback:ident) => {
        $callback! {
            /// Russian checkers (shashki).
            #[default]
            russian => Russian,
            /// Russian giveaway (poddavki).
            giveaway => Giveaway,
            /// Brazilian draughts.
            brazilian => Brazilian,
            /// International draughts (10×10).
            international => International,
            /// Turkish dama.
            turkish => Turkish,
            /// Fuk (huffing checkers).
            fuk => Fuk,
            /// Ugolki (corners), along ranks and files.
            ugolki => Ugolki,
            /// Ugolki in all eight directions.
            ugolki_diagonal => UgolkiDiagonal,
            /// Bashni (column draughts).
            bashni => Bashni,
            /// Lasca.
            lasca => Lasca,
        }
    };
}

/// Makes [`Variant`] and [`Variant::ALL`] from the list of games.
macro_rules! variants {
    ($($(#[$meta:meta])* $name:ident => $variant:ident),* $(,)?) => {
        /// A game damka can play, chosen at run time (the `UCI_Variant` option, `--variant` in
        /// the CLI). The tag only: what each game is lives with the game, read through
        /// [`with_game!`](crate::with_game).
        #[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
        pub enum Variant {
            $($(#[$meta])* $variant,)*
        }

        impl Variant {
            /// Every variant, in the order they are listed to users.
            pub const ALL: [Variant; [$(stringify!($name)),*].len()] = [$(Variant::$variant),*];
        }
    };
}

for_each_game!(variants);

/// Runs `$body` with the type alias `$G` bound to the [`Game`](crate::game::Game) of the
/// runtime `$variant`.
///
/// This is the one place a runtime choice of game turns into a compile-time type; code inside
/// is monomorphised per game, so nothing is dynamic on the hot path:
///
/// ```
/// use damka_rules::{with_game, game::Game, games::Variant};
/// let name = with_game!(Variant::International, G => G::NAME);
/// assert_eq!(name, "international");
/// ```
#[macro_export]
macro_rules! with_game {
    ($variant:expr, $G:ident => $body:expr) => {
        match $variant {
            $crate::games::Variant::Russian => {
                type $G = $crate::games::draughts::Draughts<$crate::games::draughts::Russian>;
                $body
            }
            $crate::games::Variant::Giveaway => {
                type $G = $crate::games::draughts::Draughts<$crate::games::draughts::Giveaway>;
                $body
            }
            $crate::games::Variant::Brazilian => {
                type $G = $crate::games::draughts::Draughts<$crate::games::draughts::Brazilian>;
                $body
            }
            $crate::games::Variant::International => {
                type $G = $crate::games::draughts::Draughts<$crate::games::draughts::International>;
                $body
            }
            $crate::games::Variant::Turkish => {
                type $G = $crate::games::turkish::Turkish;
                $body
            }
            $crate::games::Variant::Fuk => {
                type $G = $crate::games::fuk::Fuk;
                $body
            }
            $crate::games::Variant::Ugolki => {
                type $G = $crate::games::ugolki::Classic;
                $body
            }
            $crate::games::Variant::UgolkiDiagonal => {
                type $G = $crate::games::ugolki::Diagonal;
                $body
            }
            $crate::games::Variant::Bashni => {
                type $G = $crate::games::towers::Towers<$crate::games::towers::Bashni>;
                $body
            }
            $crate::games::Variant::Lasca => {
                type $G = $crate::games::towers::Towers<$crate::games::towers::Lasca>;
                $body
            }
        }
    };
}

impl Variant {
    /// The tag of game `G`.
    pub fn of<G: Game>() -> Variant {
        Variant::ALL
            .into_iter()
            .find(|v| v.name() == G::NAME)
            .expect("every game is in the list of games")
    }

    /// The protocol name, as used by `UCI_Variant` and `--variant` ([`Game::NAME`]).
    pub fn name(self) -> &'static str {
        crate::with_game!(self, G => G::NAME)
    }

    /// The game's name in titles: `Russian checkers`, `Turkish dama` ([`Game::TITLE`]).
    pub fn title(self) -> &'static str {
        crate::with_game!(self, G => G::TITLE)
    }

    /// One line on the rules, for listings ([`Game::SUMMARY`]).
    pub fn summary(self) -> &'static str {
        crate::with_game!(self, G => G::SUMMARY)
    }

    /// Other names clients give the game ([`Game::ALIASES`]).
    pub fn aliases(self) -> &'static [&'static str] {
        crate::with_game!(self, G => G::ALIASES)
    }

    /// The game whose name or alias is `text` (any case, surrounding spaces ignored).
    pub fn from_name_or_alias(text: &str) -> Option<Variant> {
        let wanted = text.trim();
        Variant::ALL.into_iter().find(|v| {
            v.name().eq_ignore_ascii_case(wanted)
                || v.aliases().iter().any(|a| a.eq_ignore_ascii_case(wanted))
        })
    }
}

/// Every game's own options ([`Game::OPTIONS`]), each once, in the order of the games.
pub fn all_options() -> Vec<GameOption> {
    let mut options: Vec<GameOption> = Vec::new();
    for variant in Variant::ALL {
        for option in crate::with_game!(variant, G => G::OPTIONS) {
            if !options.iter().any(|o| o.name == option.name) {
                options.push(*option);
            }
        }
    }
    options
}

/// Every draw option: threefold repetition's, then every game's ([`Game::DRAW_OPTIONS`]), each
/// once, in the order of the games.
pub fn all_draw_options() -> Vec<DrawOption> {
    let mut options = vec![REPETITION];
    for variant in Variant::ALL {
        for option in crate::with_game!(variant, G => G::DRAW_OPTIONS) {
            if !options.iter().any(|o| o.name == option.name) {
                options.push(*option);
            }
        }
    }
    options
}

impl fmt::Display for Variant {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The error for a variant name damka does not know.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnknownVariant(pub String);

impl fmt::Display for UnknownVariant {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let known: Vec<&str> = Variant::ALL.iter().map(|v| v.name()).collect();
        write!(
            f,
            "unknown variant '{}' (known: {})",
            self.0,
            known.join(", ")
        )
    }
}

impl std::error::Error for UnknownVariant {}

impl FromStr for Variant {
    type Err = UnknownVariant;

    /// A game by its protocol name, in any case.
    fn from_str(s: &str) -> Result<Variant, UnknownVariant> {
        let wanted = s.trim();
        Variant::ALL
            .into_iter()
            .find(|v| v.name().eq_ignore_ascii_case(wanted))
            .ok_or_else(|| UnknownVariant(wanted.to_string()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_distinct_and_round_trip() {
        for variant in Variant::ALL {
            assert_eq!(variant.name().parse::<Variant>(), Ok(variant));
            assert_eq!(crate::with_game!(variant, G => Variant::of::<G>()), variant);
            for alias in variant.aliases() {
                assert_eq!(Variant::from_name_or_alias(alias), Some(variant));
            }
        }
        let mut names: Vec<&str> = Variant::ALL
            .iter()
            .flat_map(|v| std::iter::once(v.name()).chain(v.aliases().iter().copied()))
            .collect();
        names.sort_unstable();
        let count = names.len();
        names.dedup();
        assert_eq!(names.len(), count, "a name or alias is given twice");
    }

    /// A network file that does not read is played as a network of zeros (and logged); every
    /// shipped file must read, so each game's network scores its bench positions.
    #[test]
    fn every_built_in_network_reads() {
        use crate::game::Game;
        for variant in Variant::ALL {
            crate::with_game!(variant, G => {
                if let Some(network) = G::network() {
                    let scores: Vec<i32> = G::BENCH_POSITIONS
                        .iter()
                        .map(|fen| {
                            let pos = G::parse_fen(fen).expect("a bench FEN").0;
                            network.score::<<G as Game>::Inputs>(&pos, G::side_to_move(&pos))
                        })
                        .collect();
                    assert!(scores.iter().any(|s| *s != 0), "{variant}: {scores:?}");
                }
            })
        }
    }

    #[test]
    fn games_sharing_an_option_agree_on_it() {
        let draws = all_draw_options();
        let own = all_options();
        for variant in Variant::ALL {
            let (game_draws, game_own) =
                crate::with_game!(variant, G => (G::DRAW_OPTIONS, G::OPTIONS));
            for option in game_draws {
                let listed = draws
                    .iter()
                    .find(|o| o.name == option.name)
                    .expect("listed");
                assert_eq!(listed.kind, option.kind, "{variant}: {}", option.name);
            }
            for option in game_own {
                let listed = own.iter().find(|o| o.name == option.name).expect("listed");
                assert_eq!(listed, option, "{variant}: {}", option.name);
            }
        }
        let mut flags: Vec<&str> = own.iter().map(|o| o.flag).collect();
        flags.sort_unstable();
        flags.dedup();
        assert_eq!(flags.len(), own.len(), "two options share a flag");
    }
}
