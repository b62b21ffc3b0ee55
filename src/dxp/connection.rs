//! One DXP connection over TCP: messages end with a `\0` byte. Reading is bounded (a message
//! that never ends is cut and reported), and writing goes through a [`LineSink`], so the DXP
//! front end writes its replies exactly as the other servers write theirs.

use super::message::{DxpError, MAX_MESSAGE, Message};
use crate::lines::{LineSink, Sink};
use std::io::{self, BufRead, BufReader, Write};
use std::net::TcpStream;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// Bytes read before a message without its `\0` is given up on.
const READ_CAP: usize = 4 * MAX_MESSAGE;

/// The least time between two messages sent. Some clients (pydraughts 0.6.7 among them) take
/// whatever one read returns for one message and drop what follows its `\0`, so two messages
/// sent back to back (an acceptance and the first move) must not arrive in one packet.
const MESSAGE_GAP: Duration = Duration::from_millis(30);

/// Writes each line as one DXP message: the text, then `\0`.
struct MessageSink(Mutex<(TcpStream, Option<Instant>)>);

impl LineSink for MessageSink {
    fn line(&self, text: &str) {
        log::debug!("dxp send: {text}");
        let mut guard = self.0.lock().unwrap_or_else(|e| e.into_inner());
        let (stream, last) = &mut *guard;
        if let Some(since) = last.map(|t| t.elapsed())
            && since < MESSAGE_GAP
        {
            std::thread::sleep(MESSAGE_GAP - since);
        }
        let _ = stream
            .write_all(text.as_bytes())
            .and_then(|()| stream.write_all(b"\0"))
            .and_then(|()| stream.flush());
        *last = Some(Instant::now());
    }
}

/// What the other side sent.
#[derive(Debug)]
pub enum Received {
    /// A well-formed message.
    Message(Message),
    /// Bytes that are not a message, and why.
    Malformed(String, DxpError),
    /// The connection was closed.
    Closed,
    /// Nothing arrived in the time allowed.
    TimedOut,
}

/// A connection to the other program.
pub struct Connection {
    reader: BufReader<TcpStream>,
    sink: Sink,
    peer: String,
}

impl Connection {
    /// Wraps a connected stream.
    pub fn new(stream: TcpStream) -> io::Result<Connection> {
        let peer = stream
            .peer_addr()
            .map(|a| a.to_string())
            .unwrap_or_else(|_| "?".to_string());
        let _ = stream.set_nodelay(true);
        let writer = stream.try_clone()?;
        Ok(Connection {
            reader: BufReader::new(stream),
            sink: Arc::new(MessageSink(Mutex::new((writer, None)))),
            peer,
        })
    }

    /// The address of the other side.
    pub fn peer(&self) -> &str {
        &self.peer
    }

    /// Where messages to the other side are written, one per line.
    pub fn sink(&self) -> Sink {
        Arc::clone(&self.sink)
    }

    /// Sends one message.
    pub fn send(&self, message: &Message) {
        self.sink.line(&message.text());
    }

    /// Waits for the next message, at most `timeout` (`None`: for ever) for each read. Empty
    /// messages (a run of NUL bytes) carry nothing and are skipped.
    pub fn receive(&mut self, timeout: Option<Duration>) -> Received {
        if self.reader.get_ref().set_read_timeout(timeout).is_err() {
            return Received::Closed;
        }
        loop {
            match self.read_message() {
                Received::Malformed(text, _) if text.is_empty() => continue,
                received => return received,
            }
        }
    }

    /// Reads up to the next NUL byte (or [`READ_CAP`] bytes) and parses what came.
    fn read_message(&mut self) -> Received {
        let mut bytes = Vec::new();
        loop {
            let available = match self.reader.fill_buf() {
                Ok(available) => available,
                Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
                Err(e)
                    if matches!(
                        e.kind(),
                        io::ErrorKind::WouldBlock | io::ErrorKind::TimedOut
                    ) =>
                {
                    return Received::TimedOut;
                }
                Err(e) => {
                    log::debug!("dxp: read from {}: {e}", self.peer);
                    return Received::Closed;
                }
            };
            if available.is_empty() {
                return Received::Closed;
            }
            let end = available.iter().position(|&b| b == 0);
            let chunk = &available[..end.unwrap_or(available.len())];
            let room = READ_CAP.saturating_sub(bytes.len());
            bytes.extend_from_slice(&chunk[..chunk.len().min(room)]);
            let used = chunk.len() + usize::from(end.is_some());
            self.reader.consume(used);
            if end.is_some() || bytes.len() >= READ_CAP {
                break;
            }
        }
        // Some programs end messages with line breaks as well; they are not part of it.
        let text = String::from_utf8_lossy(&bytes)
            .trim_matches(['\r', '\n'])
            .to_string();
        log::debug!("dxp receive: {text}");
        if bytes.len() >= READ_CAP {
            let error = DxpError(format!("no message end within {READ_CAP} bytes"));
            return Received::Malformed(text, error);
        }
        match Message::parse(&text) {
            Ok(message) => Received::Message(message),
            Err(e) => Received::Malformed(text, e),
        }
    }
}
