//! The file of one material split (docs/egdb.md): a header, the entries run-length encoded
//! (the values without counters and, where they differ, the values under a fresh kings-only
//! counter), and an FNV-1a checksum of everything before it.

use super::index::{Layout, Material};
use super::{DRAW, EgdbRules, MAX_DISTANCE, UNUSED};
use damka_rules::checksum::fnv1a;
use std::fmt;
use std::path::Path;

/// The first eight bytes of every file.
pub const MAGIC: &[u8; 8] = b"DKEGDB02";
/// Header length in bytes: magic, material (4), entries (8), largest distance (1), flags (1),
/// largest distance of the counted table (1), a zero byte, payload length (8).
pub const HEADER: usize = 8 + 4 + 8 + 4 + 8;
/// Header flag: a second table follows the first, the values under a fresh kings-only counter.
const COUNTED: u8 = 1;

/// What one split's file holds.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Tables {
    entries: Vec<u8>,
    len: usize,
    max_distance: u8,
    counted_max: Option<u8>,
}

impl Tables {
    /// A split whose values do not change under a fresh kings-only counter.
    pub fn plain(entries: Vec<u8>, max_distance: u8) -> Tables {
        Tables {
            len: entries.len(),
            entries,
            max_distance,
            counted_max: None,
        }
    }

    /// A split with both tables: `counted` must have as many entries as `plain`.
    pub fn with_counted(
        plain: Vec<u8>,
        max_distance: u8,
        counted: &[u8],
        counted_max: u8,
    ) -> Tables {
        let len = plain.len();
        let mut entries = plain;
        entries.extend_from_slice(counted);
        Tables {
            entries,
            len,
            max_distance,
            counted_max: Some(counted_max),
        }
    }

    /// The values under the rules of play alone (no draw counters), one byte per index.
    pub fn plain_entries(&self) -> &[u8] {
        &self.entries[..self.len]
    }

    /// The largest distance of [`Tables::plain_entries`].
    pub fn max_distance(&self) -> u8 {
        self.max_distance
    }

    /// The values when the kings-only counter starts afresh at every capture and man move (a
    /// win the counter would spoil is a draw, a distance is the counted one): the second table
    /// where the file has one, else the plain values, which are then the same.
    pub fn counted_entries(&self) -> &[u8] {
        if self.counted_max.is_some() {
            &self.entries[self.len..]
        } else {
            self.plain_entries()
        }
    }

    /// The largest distance of [`Tables::counted_entries`].
    pub fn counted_max(&self) -> u8 {
        self.counted_max.unwrap_or(self.max_distance)
    }

    /// True if the file has a second, counted table (the kings-only counter changes values).
    pub fn has_counted(&self) -> bool {
        self.counted_max.is_some()
    }

    /// Bytes held in memory.
    pub fn bytes(&self) -> usize {
        self.entries.len()
    }
}

/// Why a file was refused.
#[derive(Debug)]
pub enum FileError {
    /// The file could not be read or written.
    Io(std::io::Error),
    /// The file is not a valid database of the expected split.
    Corrupt(String),
}

impl fmt::Display for FileError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            FileError::Io(e) => write!(f, "{e}"),
            FileError::Corrupt(why) => write!(f, "{why}"),
        }
    }
}

impl std::error::Error for FileError {}

impl From<std::io::Error> for FileError {
    fn from(e: std::io::Error) -> Self {
        FileError::Io(e)
    }
}

/// Run-length encodes `entries`: each run is its byte, then its length as an LEB128 varint.
pub fn compress(entries: &[u8]) -> Vec<u8> {
    let mut out = Vec::with_capacity(entries.len() / 4);
    let mut i = 0;
    while i < entries.len() {
        let b = entries[i];
        let mut j = i + 1;
        while j < entries.len() && entries[j] == b {
            j += 1;
        }
        out.push(b);
        let mut run = (j - i) as u64;
        loop {
            let low = (run & 0x7f) as u8;
            run >>= 7;
            if run == 0 {
                out.push(low);
                break;
            }
            out.push(low | 0x80);
        }
        i = j;
    }
    out
}

/// The inverse of [`compress`], refusing a payload that does not give exactly `len` entries.
pub fn decompress(payload: &[u8], len: usize) -> Result<Vec<u8>, FileError> {
    let bad = |why: &str| FileError::Corrupt(format!("bad run-length payload: {why}"));
    // Zeroed memory up front (the system hands it out lazily): runs of unused indices, which
    // are zero, need no writing.
    let mut out = vec![0u8; len];
    let mut at = 0usize;
    let mut i = 0;
    while i < payload.len() {
        let b = payload[i];
        i += 1;
        let mut run: u64 = 0;
        let mut shift = 0;
        loop {
            let Some(&c) = payload.get(i) else {
                return Err(bad("truncated run"));
            };
            i += 1;
            if shift > 56 {
                return Err(bad("run too long"));
            }
            run |= u64::from(c & 0x7f) << shift;
            shift += 7;
            if c & 0x80 == 0 {
                break;
            }
        }
        if run == 0 || at as u64 + run > len as u64 {
            return Err(bad("runs exceed the entry count"));
        }
        let end = at + run as usize;
        if b != 0 {
            out[at..end].fill(b);
        }
        at = end;
    }
    if at != len {
        return Err(bad("runs fall short of the entry count"));
    }
    Ok(out)
}

/// The bytes of the file of split `m` holding `tables`.
pub fn encode_file(m: Material, tables: &Tables) -> Vec<u8> {
    let payload = compress(&tables.entries);
    let mut out = Vec::with_capacity(HEADER + payload.len() + 8);
    out.extend_from_slice(MAGIC);
    out.extend_from_slice(&[m.wm, m.wk, m.bm, m.bk]);
    out.extend_from_slice(&(tables.len as u64).to_le_bytes());
    let (flags, counted_max) = match tables.counted_max {
        Some(max) => (COUNTED, max),
        None => (0, 0),
    };
    out.extend_from_slice(&[tables.max_distance, flags, counted_max, 0]);
    out.extend_from_slice(&(payload.len() as u64).to_le_bytes());
    out.extend_from_slice(&payload);
    let sum = fnv1a(&out);
    out.extend_from_slice(&sum.to_le_bytes());
    out
}

/// A file's tables, after checking its magic, split, sizes, checksum and runs.
pub fn decode_file(layout: &Layout, m: Material, bytes: &[u8]) -> Result<Tables, FileError> {
    let corrupt = |why: String| Err(FileError::Corrupt(why));
    if bytes.len() < HEADER + 8 {
        return corrupt(format!("truncated: {} bytes", bytes.len()));
    }
    if &bytes[..8] != MAGIC {
        return corrupt("not a damka endgame database (bad magic)".into());
    }
    if bytes[8..12] != [m.wm, m.wk, m.bm, m.bk] {
        return corrupt(format!("holds another material split than {m}"));
    }
    let word = |at: usize| {
        let mut w = [0u8; 8];
        w.copy_from_slice(&bytes[at..at + 8]);
        u64::from_le_bytes(w)
    };
    let entries = word(12);
    if entries != layout.size(m) {
        return corrupt(format!("{entries} entries, {m} has {}", layout.size(m)));
    }
    let max_distance = bytes[20];
    let (flags, counted_max) = (bytes[21], bytes[22]);
    if flags & !COUNTED != 0 || bytes[23] != 0 || (flags == 0 && counted_max != 0) {
        return corrupt(format!("unknown header flags {flags:#04x}"));
    }
    let payload_len = word(24);
    if payload_len != (bytes.len() - HEADER - 8) as u64 {
        return corrupt(format!(
            "truncated or padded: payload of {payload_len} bytes announced, {} present",
            bytes.len() as i64 - HEADER as i64 - 8
        ));
    }
    let body = bytes.len() - 8;
    if fnv1a(&bytes[..body]) != word(body) {
        return corrupt("checksum mismatch".into());
    }
    if max_distance.max(counted_max) > MAX_DISTANCE {
        return corrupt(format!(
            "largest distance {}, more than a file holds ({MAX_DISTANCE})",
            max_distance.max(counted_max)
        ));
    }
    let tables = if flags & COUNTED != 0 {
        let both = decompress(&bytes[HEADER..body], 2 * entries as usize)?;
        check_entries(layout, m, &both[entries as usize..], counted_max)?;
        Tables {
            len: entries as usize,
            entries: both,
            max_distance,
            counted_max: Some(counted_max),
        }
    } else {
        Tables::plain(
            decompress(&bytes[HEADER..body], entries as usize)?,
            max_distance,
        )
    };
    check_entries(layout, m, tables.plain_entries(), max_distance)?;
    Ok(tables)
}

/// Refuses entries a generator cannot have written, even under a valid checksum: an unused
/// index (men on the same square) must hold [`UNUSED`], every position a value whose distance
/// is at most the file's largest.
fn check_entries(
    layout: &Layout,
    m: Material,
    entries: &[u8],
    max_distance: u8,
) -> Result<(), FileError> {
    // A position holds a draw (1) or a win or loss within `max_distance` (2 up to
    // 3 + 2 · max_distance): one range, tested a run of like blocks at a time.
    let top = 3 + 2 * max_distance;
    let check = |start: usize, end: usize, used: bool| -> Result<(), FileError> {
        let run = &entries[start..end];
        let fits = |code: u8| {
            if used {
                code.wrapping_sub(DRAW) < top
            } else {
                code == UNUSED
            }
        };
        if run.iter().fold(true, |all, &code| all & fits(code)) {
            return Ok(());
        }
        let index = start + run.iter().position(|&code| !fits(code)).unwrap_or(0);
        Err(FileError::Corrupt(format!(
            "entry {index} is {}, which no {} holds",
            entries[index],
            if used { "position" } else { "unused index" }
        )))
    };
    let (mut start, mut at, mut kind) = (0usize, 0usize, true);
    for (used, length) in layout.blocks(m) {
        if used != kind {
            check(start, at, kind)?;
            (start, kind) = (at, used);
        }
        at += length as usize;
    }
    check(start, at, kind)
}

/// Reads and checks the file of game `R`'s split `m` in `dir`.
pub fn read<R: EgdbRules>(dir: &Path, m: Material) -> Result<Tables, FileError> {
    let bytes = std::fs::read(dir.join(R::file_name(m)))?;
    decode_file(&Layout::of_game::<R>(), m, &bytes)
}

/// Writes game `R`'s file of split `m` in `dir` (through a temporary file renamed into place,
/// so an interrupted write never leaves a file that looks complete).
pub fn write<R: EgdbRules>(dir: &Path, m: Material, tables: &Tables) -> Result<u64, FileError> {
    let bytes = encode_file(m, tables);
    let name = R::file_name(m);
    let tmp = dir.join(format!("{name}.tmp.{}", std::process::id()));
    std::fs::write(&tmp, &bytes)?;
    std::fs::rename(&tmp, dir.join(name))?;
    Ok(bytes.len() as u64)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::egdb::decode;

    #[test]
    fn the_range_check_accepts_exactly_the_codes_a_position_can_hold() {
        let layout = Layout::of::<damka_rules::board::Dark8>();
        let m = Material {
            wm: 0,
            wk: 2,
            bm: 0,
            bk: 1,
        };
        let len = layout.size(m) as usize;
        for max in [0, 1, 7, MAX_DISTANCE] {
            for code in 0..=u8::MAX {
                let expected = decode(code).is_some_and(|e| e.distance <= max);
                let entries = vec![code; len];
                assert_eq!(
                    check_entries(&layout, m, &entries, max).is_ok(),
                    expected,
                    "code {code}, largest distance {max}"
                );
            }
        }
    }

    #[test]
    fn runs_round_trip() {
        let data: Vec<u8> = (0..10_000u32).map(|i| ((i / 300) % 7) as u8).collect();
        let packed = compress(&data);
        assert!(packed.len() < data.len() / 10);
        assert_eq!(decompress(&packed, data.len()).unwrap(), data);
        assert!(decompress(&packed, data.len() + 1).is_err());
        assert!(decompress(&packed[..packed.len() - 1], data.len()).is_err());
    }

    #[test]
    fn a_counted_table_round_trips_and_a_flipped_flag_is_refused() {
        let layout = Layout::of::<damka_rules::board::Dark8>();
        let m = Material {
            wm: 0,
            wk: 1,
            bm: 0,
            bk: 1,
        };
        let plain = vec![3 + 2 * 5; layout.size(m) as usize];
        let mut counted = plain.clone();
        counted[7] = super::super::DRAW;
        let tables = Tables::with_counted(plain.clone(), 5, &counted, 5);
        let bytes = encode_file(m, &tables);
        let back = decode_file(&layout, m, &bytes).expect("read back");
        assert_eq!(back, tables);
        assert_eq!(back.plain_entries(), &plain[..]);
        assert_eq!(back.counted_entries(), &counted[..]);
        let one = encode_file(m, &Tables::plain(plain.clone(), 5));
        assert_eq!(
            decode_file(&layout, m, &one)
                .expect("plain")
                .counted_entries(),
            &plain[..]
        );
        // A file whose flag says one table while it holds two fails its checks.
        let mut wrong = bytes.clone();
        wrong[21] = 0;
        assert!(decode_file(&layout, m, &wrong).is_err());
    }
}
