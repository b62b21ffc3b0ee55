//! [`GameArgs`]: the game a tool works on, `--variant`, and a flag for each option the games
//! declare ([`GameOption::flag`], e.g. `--house` for Ugolki's house), built from the games'
//! declarations so that a new game's options reach every tool without code here.

use clap::builder::PossibleValuesParser;
use clap::{Arg, ArgAction, ArgMatches, Command, FromArgMatches};
use damka_rules::games::{self, Variant};
use damka_rules::option::{Affects, GameOption, OptionKind, Setup};

/// `--variant <game>` and the games' own options, as a tool receives them.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct GameArgs {
    /// The game.
    pub variant: Variant,
    /// The values given to the games' options.
    pub setup: Setup,
}

const VARIANT: &str = "variant";

/// The clap argument of one game option.
fn option_arg(option: &GameOption) -> Arg {
    let arg = Arg::new(option.flag).long(option.flag).help(option.doc);
    match option.kind {
        OptionKind::Check { .. } => arg.action(ArgAction::SetTrue),
        OptionKind::Combo { default, choices } => arg
            .value_parser(PossibleValuesParser::new(choices.iter().copied()))
            .default_value(default),
        OptionKind::Spin { min, max, .. } => {
            arg.value_parser(clap::value_parser!(i64).range(min..=max))
        }
        OptionKind::String { default } => arg.default_value(default),
        OptionKind::Button => arg.action(ArgAction::SetTrue),
    }
}

impl clap::Args for GameArgs {
    fn augment_args(command: Command) -> Command {
        let names: Vec<&'static str> = Variant::ALL.iter().map(|v| v.name()).collect();
        let mut command = command.arg(
            Arg::new(VARIANT)
                .long(VARIANT)
                .help("The game")
                .value_parser(PossibleValuesParser::new(names))
                .ignore_case(true)
                .default_value(Variant::default().name()),
        );
        for option in games::all_options() {
            command = command.arg(option_arg(&option));
        }
        command
    }

    fn augment_args_for_update(command: Command) -> Command {
        Self::augment_args(command)
    }
}

impl FromArgMatches for GameArgs {
    fn from_arg_matches(matches: &ArgMatches) -> Result<Self, clap::Error> {
        let mut args = GameArgs::default();
        args.update_from_arg_matches(matches)?;
        Ok(args)
    }

    fn update_from_arg_matches(&mut self, matches: &ArgMatches) -> Result<(), clap::Error> {
        let invalid =
            |message: String| clap::Error::raw(clap::error::ErrorKind::InvalidValue, message);
        if let Some(name) = matches.get_one::<String>(VARIANT) {
            self.variant = name.parse().map_err(|e| invalid(format!("{e}\n")))?;
        }
        for option in games::all_options() {
            let value = match option.kind {
                OptionKind::Check { .. } | OptionKind::Button => {
                    matches.get_flag(option.flag).to_string()
                }
                OptionKind::Spin { .. } => match matches.get_one::<i64>(option.flag) {
                    Some(n) => n.to_string(),
                    None => continue,
                },
                _ => match matches.get_one::<String>(option.flag) {
                    Some(text) => text.clone(),
                    None => continue,
                },
            };
            self.setup
                .set(&option, &value)
                .map_err(|e| invalid(format!("--{}: {e}\n", option.flag)))?;
        }
        Ok(())
    }
}

impl GameArgs {
    /// Gives an [`Engine`](damka_engine::engine::Engine) the game and the options' values.
    pub fn apply(&self, engine: &mut damka_engine::engine::Engine) -> Result<(), String> {
        engine.set_option("UCI_Variant", Some(self.variant.name()))?;
        for option in games::all_options() {
            engine.set_option(option.name, Some(&self.setup.get(&option)))?;
        }
        Ok(())
    }

    /// The options given a value other than their default that change how the game is
    /// searched, not its rules or start (e.g. `--fuk-russian-play`), with their values.
    pub fn search_options(&self) -> Vec<(GameOption, String)> {
        games::all_options()
            .into_iter()
            .filter(|option| option.affects == Affects::Search)
            .map(|option| (option, self.setup.get(&option)))
            .filter(|(option, value)| *value != option.kind.default_text())
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::Parser;

    #[derive(Parser)]
    struct Tool {
        #[command(flatten)]
        game: GameArgs,
    }

    #[test]
    fn the_variant_and_every_game_option_are_flags() {
        let tool = Tool::try_parse_from(["tool"]).expect("defaults");
        assert_eq!(tool.game, GameArgs::default());
        let second = Variant::ALL[1];
        let tool = Tool::try_parse_from(["tool", "--variant", second.name()]).expect("a game");
        assert_eq!(tool.game.variant, second);
        assert!(Tool::try_parse_from(["tool", "--variant", "chess"]).is_err());
        for option in games::all_options() {
            let flag = format!("--{}", option.flag);
            let parsed = match option.kind {
                OptionKind::Check { .. } => Tool::try_parse_from(["tool", flag.as_str()]),
                OptionKind::Combo { choices, .. } => {
                    let last = choices[choices.len() - 1];
                    Tool::try_parse_from(["tool", flag.as_str(), last])
                }
                _ => continue,
            };
            let game = parsed.expect("a valid value").game;
            assert_ne!(game.setup, Setup::default(), "{flag}");
        }
    }
}
