//! The HTTP side: the page's three files, embedded in the binary, and the WebSocket that
//! carries a [`Session`] per connection. Only 127.0.0.1 is listened on, and a WebSocket opened
//! by a page of another origin is refused.

use super::session::{Event, Session};
use axum::Router;
use axum::extract::ws::{Message, WebSocket, WebSocketUpgrade};
use axum::http::{HeaderMap, StatusCode, header};
use axum::response::{Html, IntoResponse, Response};
use axum::routing::get;

/// The page.
const INDEX_HTML: &str = include_str!("page/index.html");
/// The page's script.
const APP_JS: &str = include_str!("page/app.js");
/// The page's style sheet.
const STYLE_CSS: &str = include_str!("page/style.css");
/// The page's icon, also served as `/favicon.ico` for browsers that ask for that.
const FAVICON_SVG: &str = include_str!("page/favicon.svg");
/// The largest message the page may send, in bytes (a PDN text fits many times over).
const MAX_MESSAGE_BYTES: usize = 1 << 20;

/// Makes the engine of each new page's session.
pub type StartEngine = std::sync::Arc<dyn Fn() -> damka_engine::engine::Engine + Send + Sync>;

/// The routes: `/`, `/app.js`, `/style.css`, the icon and the WebSocket at `/ws`, each page's session
/// starting with an engine `start` makes (in the game `damka gui --variant` names).
pub fn router_with(start: StartEngine) -> Router {
    Router::new()
        .route("/", get(|| async { Html(INDEX_HTML) }))
        .route(
            "/app.js",
            get(|| async {
                (
                    [(header::CONTENT_TYPE, "text/javascript; charset=utf-8")],
                    APP_JS,
                )
            }),
        )
        .route(
            "/style.css",
            get(|| async {
                (
                    [(header::CONTENT_TYPE, "text/css; charset=utf-8")],
                    STYLE_CSS,
                )
            }),
        )
        .route("/favicon.svg", get(favicon))
        .route("/favicon.ico", get(favicon))
        .route(
            "/ws",
            get(move |ws, headers| upgrade(ws, headers, start.clone())),
        )
}

async fn favicon() -> impl IntoResponse {
    ([(header::CONTENT_TYPE, "image/svg+xml")], FAVICON_SVG)
}

/// True when the request is addressed to this machine by a local name and comes from a page
/// served here (or names no origin, as non-browser clients do): another site's page, even one
/// whose name has been pointed at 127.0.0.1, may not drive the engine.
fn same_origin(headers: &HeaderMap) -> bool {
    let Some(host) = headers.get(header::HOST).and_then(|h| h.to_str().ok()) else {
        return false;
    };
    let local = is_local_host(host);
    match headers.get(header::ORIGIN) {
        None => local,
        Some(origin) => local && origin.to_str().ok() == Some(format!("http://{host}").as_str()),
    }
}

/// True for `127.0.0.1:<port>`, `localhost:<port>` or `[::1]:<port>`, the port a number: a
/// name that only starts like a local one (`127.0.0.1:evil`, `localhost:80.example.com`) is not.
fn is_local_host(host: &str) -> bool {
    let Some((name, port)) = host.rsplit_once(':') else {
        return false;
    };
    matches!(name, "127.0.0.1" | "localhost" | "[::1]") && port.parse::<u16>().is_ok_and(|p| p > 0)
}

async fn upgrade(ws: WebSocketUpgrade, headers: HeaderMap, start: StartEngine) -> Response {
    if !same_origin(&headers) {
        return (StatusCode::FORBIDDEN, "another site's page may not connect").into_response();
    }
    ws.max_message_size(MAX_MESSAGE_BYTES)
        .on_upgrade(move |socket| connection(socket, start))
}

/// Runs one page's session: messages from the socket go to the session's thread, its replies
/// come back through a channel; the session ends with the connection.
async fn connection(mut socket: WebSocket, start: StartEngine) {
    let (out_tx, mut out_rx) = tokio::sync::mpsc::unbounded_channel::<String>();
    let (tx, rx) = std::sync::mpsc::channel();
    let out = Box::new(move |text| out_tx.send(text).is_ok());
    let session = Session::with_engine(start(), tx.clone(), out);
    let spawned = std::thread::Builder::new()
        .name("gui-session".to_string())
        .spawn(move || session.run(rx));
    if let Err(e) = spawned {
        log::warn!("cannot start a session: {e}");
        return;
    }
    log::info!("a page connected");
    loop {
        tokio::select! {
            incoming = socket.recv() => match incoming {
                Some(Ok(Message::Text(text))) => {
                    if tx.send(Event::Request(text.to_string())).is_err() {
                        break;
                    }
                }
                Some(Ok(Message::Close(_))) | Some(Err(_)) | None => break,
                Some(Ok(_)) => {}
            },
            outgoing = out_rx.recv() => match outgoing {
                Some(text) => {
                    if socket.send(Message::Text(text.into())).await.is_err() {
                        break;
                    }
                }
                None => break,
            },
        }
    }
    let _ = tx.send(Event::Closed);
    log::info!("a page disconnected");
}
