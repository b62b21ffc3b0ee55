//! Settings as games declare them: an [`OptionKind`] says what values a setting takes, with its
//! default and range; a [`GameOption`] is a setting a game has of its own (Ugolki's house, Fuk's
//! Russian play), and a [`Setup`] holds the values those options are given.
//!
//! The engine lists every game's options beside its own and the protocols set them by name, so
//! no code outside a game needs to know what its options are.

use std::fmt;

/// What values a setting takes, with its default and range (the kinds of UCI's `option`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OptionKind {
    /// On or off.
    Check {
        /// The value it starts with.
        default: bool,
    },
    /// An integer in a range.
    Spin {
        /// The value it starts with.
        default: i64,
        /// The smallest value taken.
        min: i64,
        /// The largest value taken.
        max: i64,
    },
    /// One of several names.
    Combo {
        /// The name it starts with.
        default: &'static str,
        /// Every name it takes.
        choices: &'static [&'static str],
    },
    /// An action, with no value.
    Button,
    /// Free text.
    String {
        /// The text it starts with.
        default: &'static str,
    },
}

impl OptionKind {
    /// The default as the text [`OptionKind::parse`] takes; empty for a button.
    pub fn default_text(&self) -> String {
        match self {
            OptionKind::Check { default } => default.to_string(),
            OptionKind::Spin { default, .. } => default.to_string(),
            OptionKind::Combo { default, .. } | OptionKind::String { default } => {
                default.to_string()
            }
            OptionKind::Button => String::new(),
        }
    }

    /// Checks a value given as text for an option called `name` and returns it in its canonical
    /// form (`true`, a number, a choice as listed); the error says what the option takes.
    pub fn parse(&self, name: &str, value: &str) -> Result<String, String> {
        let value = value.trim();
        match self {
            OptionKind::Check { .. } => match value.to_ascii_lowercase().as_str() {
                "true" | "false" => Ok(value.to_ascii_lowercase()),
                "" => Err(format!("option '{name}' needs a value")),
                other => Err(format!(
                    "option '{name}' takes true or false, not '{other}'"
                )),
            },
            OptionKind::Spin { min, max, .. } => {
                if value.is_empty() {
                    return Err(format!("option '{name}' needs a value"));
                }
                let n: i64 = value
                    .parse()
                    .map_err(|_| format!("option '{name}' takes an integer, not '{value}'"))?;
                if n < *min || n > *max {
                    return Err(format!(
                        "option '{name}' must be between {min} and {max}, not {n}"
                    ));
                }
                Ok(n.to_string())
            }
            OptionKind::Combo { choices, .. } => {
                if value.is_empty() {
                    return Err(format!("option '{name}' needs a value"));
                }
                choices
                    .iter()
                    .find(|c| c.eq_ignore_ascii_case(value))
                    .map(|c| c.to_string())
                    .ok_or_else(|| {
                        format!(
                            "option '{name}' takes one of {}, not '{value}'",
                            choices.join(", ")
                        )
                    })
            }
            OptionKind::Button if value.trim().is_empty() => Ok(String::new()),
            OptionKind::Button => Err(format!(
                "option '{name}' is a button and takes no value, not '{value}'"
            )),
            OptionKind::String { .. } => Ok(if value == "<empty>" {
                String::new()
            } else {
                value.to_string()
            }),
        }
    }
}

/// What a change of a game's option changes, so that the engine knows what to redo.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Affects {
    /// The start position (and how a FEN that leaves the option out is read): a change starts
    /// a new game.
    Start,
    /// How the game is searched, not its rules: a change forgets what the search learnt.
    Search,
}

/// An option a game declares for itself: its name as `setoption` gives it, what values it
/// takes, what a change affects, and the long flag of the command-line tools that set it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GameOption {
    /// The name, as in `setoption name <name>` (`UgolkiHouse`).
    pub name: &'static str,
    /// A short label for a control beside the game's name (`House`).
    pub label: &'static str,
    /// What values it takes.
    pub kind: OptionKind,
    /// What a change affects.
    pub affects: Affects,
    /// The long flag of the command-line tools (`house` for `--house`).
    pub flag: &'static str,
    /// One line on what it does, for listings and `--help`.
    pub doc: &'static str,
}

/// The values given to the games' options ([`GameOption`]), by name; an option not given has
/// its default. Games read their own options from it when they set up a position.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Setup {
    /// Options given a value other than their default, sorted by name.
    values: Vec<(&'static str, String)>,
}

impl Setup {
    /// The value of `option`: the one given, else its default.
    pub fn get(&self, option: &GameOption) -> String {
        self.values
            .iter()
            .find(|(name, _)| *name == option.name)
            .map_or_else(|| option.kind.default_text(), |(_, value)| value.clone())
    }

    /// True if `option` is on (for a check option).
    pub fn is_on(&self, option: &GameOption) -> bool {
        self.get(option) == "true"
    }

    /// Gives `option` a value, checked against its kind.
    pub fn set(&mut self, option: &GameOption, value: &str) -> Result<(), String> {
        let value = option.kind.parse(option.name, value)?;
        self.values.retain(|(name, _)| *name != option.name);
        if value != option.kind.default_text() {
            self.values.push((option.name, value));
            self.values.sort();
        }
        Ok(())
    }

    /// `setup` with `option` set to `value` (for building one in a line).
    pub fn with(mut self, option: &GameOption, value: &str) -> Result<Setup, String> {
        self.set(option, value)?;
        Ok(self)
    }
}

impl fmt::Display for Setup {
    /// `name=value` pairs, space-separated; empty when every option has its default.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let pairs: Vec<String> = self
            .values
            .iter()
            .map(|(name, value)| format!("{name}={value}"))
            .collect();
        f.write_str(&pairs.join(" "))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const SHAPE: GameOption = GameOption {
        name: "Shape",
        label: "Shape",
        kind: OptionKind::Combo {
            default: "round",
            choices: &["round", "square"],
        },
        affects: Affects::Start,
        flag: "shape",
        doc: "a shape",
    };

    #[test]
    fn setup_keeps_only_values_off_the_default() {
        let mut setup = Setup::default();
        assert_eq!(setup.get(&SHAPE), "round");
        setup.set(&SHAPE, "SQUARE").unwrap();
        assert_eq!(setup.get(&SHAPE), "square");
        assert_eq!(setup.to_string(), "Shape=square");
        setup.set(&SHAPE, "round").unwrap();
        assert_eq!(setup, Setup::default());
        assert!(setup.set(&SHAPE, "oval").is_err());
    }

    #[test]
    fn kinds_check_their_values() {
        let spin = OptionKind::Spin {
            default: 2,
            min: 1,
            max: 3,
        };
        assert_eq!(spin.parse("N", " 3 "), Ok("3".to_string()));
        assert!(spin.parse("N", "4").is_err());
        assert!(spin.parse("N", "x").is_err());
        let check = OptionKind::Check { default: false };
        assert_eq!(check.parse("C", "TRUE"), Ok("true".to_string()));
        assert!(check.parse("C", "yes").is_err());
        let text = OptionKind::String { default: "" };
        assert_eq!(text.parse("S", "<empty>"), Ok(String::new()));
    }
}
