//! `damka gui`: a board in the browser. A small HTTP server on 127.0.0.1 serves a page (plain
//! HTML, CSS and JavaScript embedded in the binary) that talks to the engine over a WebSocket
//! in JSON (docs/gui.md). Each connection gets its own [`Engine`](damka_engine::engine::Engine) and
//! game, driven through the same game sessions and search as the protocol servers.

mod ending;
mod fen;
pub mod messages;
mod review;
mod server;

pub use server::StartEngine;
pub mod session;

use crate::output;

/// Serves the page on 127.0.0.1:`port` (0: any free port) until the process is stopped, and
/// opens it in the desktop's browser if `open` is set. The first line written to stdout is
/// `damka gui: http://127.0.0.1:<port>/`.
pub fn serve(port: u16, open: bool) -> Result<(), String> {
    serve_with(
        port,
        open,
        std::sync::Arc::new(damka_engine::engine::Engine::new),
    )
}

/// [`serve`], each page starting with an engine `start` makes (`damka gui --variant`).
pub fn serve_with(port: u16, open: bool, start: StartEngine) -> Result<(), String> {
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .map_err(|e| format!("cannot start the server's threads: {e}"))?;
    runtime.block_on(async move {
        let listener = tokio::net::TcpListener::bind(("127.0.0.1", port))
            .await
            .map_err(|e| format!("cannot listen on 127.0.0.1:{port}: {e}"))?;
        let address = listener
            .local_addr()
            .map_err(|e| format!("cannot read the listening address: {e}"))?;
        let url = format!("http://{address}/");
        output::line(&format!("damka gui: {url}"));
        if open {
            open_browser(&url);
        }
        axum::serve(listener, server::router_with(start))
            .await
            .map_err(|e| format!("the server stopped: {e}"))
    })
}

/// Asks the desktop to open `url`; if it cannot, says so (the address is printed already).
fn open_browser(url: &str) {
    let opened = std::process::Command::new("xdg-open")
        .arg(url)
        .stdin(std::process::Stdio::null())
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .spawn();
    if let Err(e) = opened {
        log::info!("cannot run xdg-open: {e}");
        output::line("open the address above in a browser");
    }
}
