//! Draws as every game, front end and the search see them: why a game was drawn
//! ([`DrawReason`]), the draw rules a game declares that options switch or lengthen
//! ([`DrawOption`]), the values those options are given ([`DrawRules`]), and which rules are
//! running with the plies each has left ([`Remaining`]).
//!
//! Each game keeps its own counters and its own rules, and declares them here as data
//! ([`Game::DRAW_OPTIONS`](crate::game::Game::DRAW_OPTIONS)); threefold repetition, the one rule
//! every game has, needs the game's history and is the game record's ([`REPETITION`]).

use std::fmt;

/// Why a game was drawn: the name of the rule, as `Result: draw (<name>)` and the match
/// reports show it. Each game defines the reasons of its own rules. One pointer wide (to the
/// name), because the search keeps a few at every node.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct DrawReason(&'static &'static str);

impl DrawReason {
    /// A reason called `name`: `DrawReason::new(&"material unchanged")`.
    pub const fn new(name: &'static &'static str) -> DrawReason {
        DrawReason(name)
    }

    /// Threefold repetition, the draw every game has.
    pub const REPETITION: DrawReason = DrawReason(&"threefold repetition");

    /// The short stable name.
    pub const fn name(self) -> &'static str {
        self.0
    }
}

impl fmt::Display for DrawReason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// What a draw option sets.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DrawKind {
    /// Whether a rule is in force.
    Switch {
        /// In force unless switched off.
        on: bool,
    },
    /// A rule's length in moves of each side.
    Length {
        /// The length it starts with.
        moves: u16,
        /// The shortest length taken.
        min: u16,
        /// The longest length taken.
        max: u16,
    },
}

/// A draw rule's setting as a game declares it: the option that sets it (`Draw Kings Only`),
/// what it sets, and one line on the rule. Games that share an option share its meaning for
/// the user; each game decides what its own rule does with it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DrawOption {
    /// The option's name, as in `setoption name <name>`.
    pub name: &'static str,
    /// What it sets, with its default.
    pub kind: DrawKind,
    /// One line on the rule, for listings.
    pub doc: &'static str,
}

impl DrawOption {
    /// The value it starts with: 1 or 0 for a switch, the length otherwise.
    pub const fn default_value(&self) -> u16 {
        match self.kind {
            DrawKind::Switch { on } => on as u16,
            DrawKind::Length { moves, .. } => moves,
        }
    }
}

/// Threefold repetition: the same position with the same side to move for the third time. Every
/// game has it; the game record and the search apply it.
pub const REPETITION: DrawOption = DrawOption {
    name: "Draw Repetition",
    kind: DrawKind::Switch { on: true },
    doc: "a draw when the same position comes back for the third time",
};

/// How many draw options can be set away from their defaults at once (every game's together).
const MAX_SET: usize = 16;

/// The draw rules in force: the value of every draw option, by name. Only the options set away
/// from their defaults are stored, so [`DrawRules::default`] is every game's own rules, and a
/// game's check costs one comparison unless a user changed something.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct DrawRules {
    /// Options given a value other than their default, sorted by name; `len` are used, or
    /// [`ALL_OFF`] for no draw rule at all ([`DrawRules::none`]).
    set: [(&'static str, u16); MAX_SET],
    len: u8,
}

/// The `len` of [`DrawRules::none`].
const ALL_OFF: u8 = u8::MAX;

impl Default for DrawRules {
    /// Every rule as its game declares it.
    fn default() -> Self {
        DrawRules {
            set: [("", 0); MAX_SET],
            len: 0,
        }
    }
}

impl DrawRules {
    /// No draw rule at all, repetition included (for tests and analysis).
    pub fn none() -> DrawRules {
        DrawRules {
            len: ALL_OFF,
            ..DrawRules::default()
        }
    }

    /// The options set away from their defaults, with their values.
    #[inline]
    fn changed(&self) -> &[(&'static str, u16)] {
        let len = if self.len == ALL_OFF { 0 } else { self.len };
        &self.set[..len as usize]
    }

    /// The value of `option`: 1 or 0 for a switch, the length for a length. Under
    /// [`DrawRules::none`] every switch is 0.
    #[inline]
    pub fn value(&self, option: &DrawOption) -> u16 {
        match self.len {
            0 => option.default_value(),
            ALL_OFF if matches!(option.kind, DrawKind::Switch { .. }) => 0,
            _ => self
                .changed()
                .iter()
                .find(|(name, _)| *name == option.name)
                .map_or(option.default_value(), |&(_, value)| value),
        }
    }

    /// True if the rule `option` switches is in force.
    #[inline]
    pub fn is_on(&self, option: &DrawOption) -> bool {
        self.value(option) != 0
    }

    /// The length `option` sets, in moves of each side.
    #[inline]
    pub fn length(&self, option: &DrawOption) -> u16 {
        self.value(option)
    }

    /// Sets `option` to `value` (1 or 0 for a switch). An error if the value is out of the
    /// option's range or too many options are set away from their defaults. Setting an option
    /// leaves [`DrawRules::none`]: the other options take their values again.
    pub fn set(&mut self, option: &DrawOption, value: u16) -> Result<(), String> {
        let (min, max) = match option.kind {
            DrawKind::Switch { .. } => (0, 1),
            DrawKind::Length { min, max, .. } => (min, max),
        };
        if value < min || value > max {
            return Err(format!(
                "option '{}' must be between {min} and {max}, not {value}",
                option.name
            ));
        }
        let mut set: Vec<(&'static str, u16)> = self
            .changed()
            .iter()
            .copied()
            .filter(|(name, _)| *name != option.name)
            .collect();
        if value != option.default_value() {
            set.push((option.name, value));
        }
        if set.len() > MAX_SET {
            return Err(format!("more than {MAX_SET} draw options changed"));
        }
        set.sort();
        self.set = [("", 0); MAX_SET];
        self.set[..set.len()].copy_from_slice(&set);
        self.len = set.len() as u8;
        Ok(())
    }

    /// These rules with `option` switched on or off.
    pub fn with_switch(mut self, option: &DrawOption, on: bool) -> DrawRules {
        self.set(option, on as u16)
            .expect("a switch takes 0 and 1, and one change fits");
        self
    }
}

/// The most draw rules a game has running at once.
const MAX_RUNNING: usize = 6;

/// The draw rules that are running, with the plies each has left (see
/// [`Game::counters_remaining`](crate::game::Game::counters_remaining)). Small and cheap to
/// make: the search asks for it at every node.
#[derive(Clone, Copy, Debug, Default)]
pub struct Remaining {
    reasons: [Option<DrawReason>; MAX_RUNNING],
    left: [u16; MAX_RUNNING],
    len: usize,
}

impl Remaining {
    /// Adds a running rule with the plies it has left.
    #[inline]
    pub fn push(&mut self, reason: DrawReason, left: u16) {
        self.reasons[self.len] = Some(reason);
        self.left[self.len] = left;
        self.len += 1;
    }

    /// The running rules and their plies left, in the order they were added.
    #[inline]
    pub fn iter(&self) -> impl Iterator<Item = (DrawReason, u16)> + '_ {
        (0..self.len).filter_map(|i| Some((self.reasons[i]?, self.left[i])))
    }

    /// The plies left of each running rule, in the order they were added.
    #[inline]
    pub fn lefts(&self) -> &[u16] {
        &self.left[..self.len]
    }

    /// The first rule that has run out, if any.
    #[inline]
    pub fn expired(&self) -> Option<DrawReason> {
        (0..self.len)
            .find(|&i| self.left[i] == 0)
            .and_then(|i| self.reasons[i])
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const LENGTH: DrawOption = DrawOption {
        name: "Draw Test Moves",
        kind: DrawKind::Length {
            moves: 32,
            min: 1,
            max: 200,
        },
        doc: "",
    };

    #[test]
    fn only_changed_values_are_stored() {
        let mut rules = DrawRules::default();
        assert!(rules.is_on(&REPETITION));
        assert_eq!(rules.length(&LENGTH), 32);
        rules.set(&LENGTH, 30).unwrap();
        rules = rules.with_switch(&REPETITION, false);
        assert!(!rules.is_on(&REPETITION));
        assert_eq!(rules.length(&LENGTH), 30);
        assert!(rules.set(&LENGTH, 0).is_err());
        rules.set(&LENGTH, 32).unwrap();
        rules = rules.with_switch(&REPETITION, true);
        assert_eq!(rules, DrawRules::default());
        assert!(!DrawRules::none().is_on(&REPETITION));
    }
}
