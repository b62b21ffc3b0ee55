//! Both protocol servers run in-process on a reader and a sink they are handed, not on the
//! process's stdin and stdout: the seam a network front end plugs into.

use damka::lines::{Buffer, Sink};
use std::io::Cursor;
use std::sync::Arc;

fn buffer() -> (Arc<Buffer>, Sink) {
    let buffer = Arc::new(Buffer::default());
    let sink: Sink = buffer.clone();
    (buffer, sink)
}

#[test]
fn the_uci_style_server_writes_to_its_sink() {
    let input = "uci\nisready\nsetoption name UCI_Variant value international\n\
                 position startpos moves 32-28\ngo depth 3\nbogus\n";
    let (buffer, sink) = buffer();
    damka::protocol::serve(Cursor::new(input.as_bytes().to_vec()), sink);
    let lines = buffer.take();
    assert!(lines.contains(&"uciok".to_string()), "{lines:?}");
    assert!(lines.contains(&"readyok".to_string()), "{lines:?}");
    assert!(
        lines.iter().any(|l| l.starts_with("bestmove ")),
        "{lines:?}"
    );
    assert_eq!(
        lines
            .iter()
            .filter(|l| l.starts_with("info string error"))
            .count(),
        1,
        "{lines:?}"
    );
}

#[test]
fn the_hub_server_writes_to_its_sink() {
    let input = "hub\ninit\nset-param name=variant value=normal\nping\n";
    let (buffer, sink) = buffer();
    damka::hub::serve(Cursor::new(input.as_bytes().to_vec()), sink).expect("served");
    let lines = buffer.take();
    assert!(
        lines.first().is_some_and(|l| l.starts_with("id ")),
        "{lines:?}"
    );
    assert!(lines.contains(&"wait".to_string()), "{lines:?}");
    assert!(lines.contains(&"ready".to_string()), "{lines:?}");
    assert_eq!(lines.last().map(String::as_str), Some("pong"), "{lines:?}");
}
