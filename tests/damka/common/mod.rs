//! Helpers shared by the tests of the binary: the engine as a process ([`server`]), the draw
//! games ([`draw_cases`]), a reproducible random generator, and where the data files are.

#![allow(dead_code)]

pub mod draw_cases;
pub mod server;

/// A small deterministic random generator (xorshift64*), so failures reproduce.
pub struct Rng(u64);

impl Rng {
    pub fn new(seed: u64) -> Rng {
        Rng(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1)
    }

    pub fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }

    pub fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }
}

/// The folder of a game's data files: `tests/data/<game>/`.
pub fn data_dir(variant: damka::rules::games::Variant) -> std::path::PathBuf {
    std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data")
        .join(variant.name())
}
