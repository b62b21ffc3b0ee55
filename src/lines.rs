//! Line input and output shared by every protocol front end: [`read_line`], the one reader with
//! a length cap, and [`LineSink`], where a server writes its lines. The servers are handed a
//! reader and a sink instead of reaching for stdin and stdout, so the same server code can run
//! on a pipe, on a socket or in a test.

#![allow(clippy::print_stdout)]

use std::io::{self, BufRead, Write};
use std::sync::{Arc, Mutex};

/// Receives a server's output, one whole line at a time (without its line end).
pub trait LineSink: Send + Sync {
    /// Writes one line. A sink whose reader has gone drops the line silently: there is no one
    /// left to tell.
    fn line(&self, text: &str);
}

/// A sink shared by a server and its search thread.
pub type Sink = Arc<dyn LineSink>;

/// Standard output: every line written whole and flushed at once, so a GUI or a script on the
/// other end of a pipe never waits for a buffer and never sees half a line.
#[derive(Clone, Copy, Debug, Default)]
pub struct Stdout;

impl LineSink for Stdout {
    fn line(&self, text: &str) {
        let mut out = io::stdout().lock();
        let _ = writeln!(out, "{text}");
        let _ = out.flush();
    }
}

/// The standard output sink.
pub fn stdout() -> Sink {
    Arc::new(Stdout)
}

/// Keeps every line in memory (for tests and for driving a server in-process).
#[derive(Debug, Default)]
pub struct Buffer(Mutex<Vec<String>>);

impl Buffer {
    /// The lines written so far, emptying the buffer.
    pub fn take(&self) -> Vec<String> {
        std::mem::take(&mut *self.0.lock().unwrap_or_else(|e| e.into_inner()))
    }
}

impl LineSink for Buffer {
    fn line(&self, text: &str) {
        self.0
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .push(text.to_string());
    }
}

/// The longest input line any server takes, in bytes: longer lines are answered with an error
/// and skipped, so neither a huge line nor one without an end can exhaust memory.
pub const MAX_LINE: usize = 1 << 20;

/// Why a line of input was not taken as a command. Every server answers these the same way:
/// one error reply, and reading goes on with the next line.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LineError {
    /// The line is longer than [`MAX_LINE`] bytes.
    TooLong {
        /// Its length.
        bytes: usize,
    },
    /// The line is not valid UTF-8.
    NotUtf8 {
        /// Where the first bad byte is.
        offset: usize,
    },
}

impl std::fmt::Display for LineError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            LineError::TooLong { bytes } => write!(
                f,
                "line of {bytes} bytes is too long (the limit is {MAX_LINE}); it was ignored"
            ),
            LineError::NotUtf8 { offset } => write!(
                f,
                "line is not UTF-8 (bad byte at offset {offset}); it was ignored"
            ),
        }
    }
}

impl std::error::Error for LineError {}

/// A raw line (without its `\n`) as text: a trailing `\r` is dropped, so CR LF and LF ends
/// read alike; bytes that are not UTF-8 are an error.
pub fn decode(raw: &[u8]) -> Result<&str, LineError> {
    let raw = raw.strip_suffix(b"\r").unwrap_or(raw);
    std::str::from_utf8(raw).map_err(|e| LineError::NotUtf8 {
        offset: e.valid_up_to(),
    })
}

/// Reads the next line of a server's input: `Ok(None)` at the end of input, else the line as
/// text or the reason it cannot be a command ([`LineError`]). Every server reads through this,
/// so all take the same lengths, line ends and bytes.
pub fn next_line(
    input: &mut impl BufRead,
    buffer: &mut Vec<u8>,
) -> io::Result<Option<Result<String, LineError>>> {
    let Some(length) = read_line(input, MAX_LINE, buffer)? else {
        return Ok(None);
    };
    if length > MAX_LINE {
        return Ok(Some(Err(LineError::TooLong { bytes: length })));
    }
    Ok(Some(decode(buffer).map(str::to_string)))
}

/// Reads one line into `line` without its `\n`, keeping at most `cap` bytes of it, so neither a
/// huge line nor one without an end can exhaust memory. Returns the line's full length, or
/// `None` at the end of input.
pub fn read_line(
    input: &mut impl BufRead,
    cap: usize,
    line: &mut Vec<u8>,
) -> io::Result<Option<usize>> {
    line.clear();
    let mut length = 0;
    let mut started = false;
    loop {
        let available = match input.fill_buf() {
            Ok(bytes) => bytes,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(e),
        };
        if available.is_empty() {
            return Ok(started.then_some(length));
        }
        started = true;
        let newline = available.iter().position(|&b| b == b'\n');
        let chunk = &available[..newline.unwrap_or(available.len())];
        let room = cap.saturating_sub(line.len());
        line.extend_from_slice(&chunk[..chunk.len().min(room)]);
        length += chunk.len();
        let used = chunk.len() + usize::from(newline.is_some());
        input.consume(used);
        if newline.is_some() {
            return Ok(Some(length));
        }
    }
}

/// The standard input as a reader a server's input thread can own.
pub fn stdin() -> Box<dyn BufRead + Send> {
    Box::new(io::BufReader::new(io::stdin()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_are_read_whole_and_capped() {
        let mut input: &[u8] = b"isready\r\n\nlong line here\nlast";
        let mut line = Vec::new();
        let mut read = |input: &mut &[u8]| {
            let length = read_line(input, 8, &mut line).unwrap();
            (length, String::from_utf8_lossy(&line).into_owned())
        };
        assert_eq!(read(&mut input), (Some(8), "isready\r".to_string()));
        assert_eq!(read(&mut input), (Some(0), String::new()));
        assert_eq!(read(&mut input), (Some(14), "long lin".to_string()));
        assert_eq!(read(&mut input), (Some(4), "last".to_string()));
        assert_eq!(read(&mut input), (None, String::new()));
    }

    #[test]
    fn lines_longer_than_the_reader_buffer_are_counted() {
        let text = format!("{}\nd\n", "a".repeat(100_000));
        let mut input = io::BufReader::with_capacity(64, text.as_bytes());
        let mut line = Vec::new();
        assert_eq!(read_line(&mut input, 10, &mut line).unwrap(), Some(100_000));
        assert_eq!(line.len(), 10);
        assert_eq!(read_line(&mut input, 10, &mut line).unwrap(), Some(1));
        assert_eq!(line, b"d");
    }

    #[test]
    fn a_buffer_keeps_lines_in_order() {
        let buffer = Buffer::default();
        buffer.line("one");
        buffer.line("two");
        assert_eq!(buffer.take(), ["one", "two"]);
        assert!(buffer.take().is_empty());
    }
}
