//! The engine's options: every one takes its own value, and a refused one changes nothing.

use damka_engine::engine::Engine;
use damka_engine::options::{self, Options};
use damka_rules::option::OptionKind;

#[test]
fn every_option_has_a_value_it_accepts() {
    let mut engine = Engine::new();
    for option in options::registry() {
        match (&option.kind, engine.options().value(option.name)) {
            (OptionKind::Button, value) => assert_eq!(value, None),
            (_, Some(value)) => assert!(
                engine.set_option(option.name, Some(&value)).is_ok(),
                "{}={value}",
                option.name
            ),
            (_, None) => panic!("{} has no value", option.name),
        }
    }
    assert_eq!(engine.options(), &Options::default());
    assert_eq!(engine.options().value("Nonsense"), None);
}

#[test]
fn a_refused_option_changes_nothing() {
    let mut engine = Engine::new();
    assert!(engine.set_option("Hash", Some("0")).is_err());
    assert!(engine.set_option("UCI_Variant", Some("chess")).is_err());
    assert!(engine.set_option("Nonsense", Some("1")).is_err());
    assert_eq!(engine.options(), &Options::default());
}
