//! [`check`]: does this CPU have the instructions the build was compiled for?
//!
//! The release build targets x86-64-v3 (`.cargo/config.toml`: AVX2, BMI1/2, LZCNT, POPCNT and
//! the rest, Intel Haswell and AMD Excavator, 2013, and later). On an older CPU the first such
//! instruction would kill the process with SIGILL and no word; `main` calls [`check`] first, so
//! the user reads what is wrong and the command that builds a binary for any x86-64.
//!
//! The check must itself run on any x86-64: it asks `cpuid` (baseline) about only the features
//! this build was compiled with (`cfg!(target_feature)`, constant at compile time), compares
//! bits and writes constant bytes through the standard library, which is compiled for the
//! baseline. It allocates and formats nothing, so nothing of it is vectorised.

/// The command that builds damka for any x86-64 CPU.
pub const PORTABLE_BUILD: &str =
    "RUSTFLAGS=\"-C target-cpu=x86-64\" cargo install --path . --locked";

/// Exits the process with a clear message and status 1 if the CPU lacks an instruction set the
/// build uses; returns otherwise (always, on other architectures).
#[inline(never)]
#[cold]
pub fn check() {
    #[cfg(target_arch = "x86_64")]
    x86::check();
}

#[cfg(target_arch = "x86_64")]
mod x86 {
    use std::arch::x86_64::{__cpuid, __cpuid_count};
    use std::io::Write;

    /// A feature the build may be compiled with: its name, whether it was, and where `cpuid`
    /// reports it (leaf, register 0 = ebx 1 = ecx, bit).
    type Feature = (&'static str, bool, u32, u8, u32);

    const FEATURES: [Feature; 14] = [
        ("sse3", cfg!(target_feature = "sse3"), 1, 1, 0),
        ("ssse3", cfg!(target_feature = "ssse3"), 1, 1, 9),
        ("fma", cfg!(target_feature = "fma"), 1, 1, 12),
        ("sse4.1", cfg!(target_feature = "sse4.1"), 1, 1, 19),
        ("sse4.2", cfg!(target_feature = "sse4.2"), 1, 1, 20),
        ("movbe", cfg!(target_feature = "movbe"), 1, 1, 22),
        ("popcnt", cfg!(target_feature = "popcnt"), 1, 1, 23),
        ("xsave", cfg!(target_feature = "xsave"), 1, 1, 26),
        ("avx", cfg!(target_feature = "avx"), 1, 1, 28),
        ("f16c", cfg!(target_feature = "f16c"), 1, 1, 29),
        ("bmi1", cfg!(target_feature = "bmi1"), 7, 0, 3),
        ("avx2", cfg!(target_feature = "avx2"), 7, 0, 5),
        ("bmi2", cfg!(target_feature = "bmi2"), 7, 0, 8),
        ("lzcnt", cfg!(target_feature = "lzcnt"), 0x8000_0001, 1, 5),
    ];

    #[inline(never)]
    #[cold]
    pub(super) fn check() {
        if !FEATURES.iter().any(|f| f.1) {
            return;
        }
        let max_leaf = __cpuid(0).eax;
        let max_extended = __cpuid(0x8000_0000).eax;
        let mut missing = [false; FEATURES.len()];
        let mut any = false;
        for (i, &(_, used, leaf, register, bit)) in FEATURES.iter().enumerate() {
            if !used {
                continue;
            }
            let known = if leaf >= 0x8000_0000 {
                leaf <= max_extended
            } else {
                leaf <= max_leaf
            };
            let have = known && {
                let r = __cpuid_count(leaf, 0);
                let value = if register == 0 { r.ebx } else { r.ecx };
                value & (1 << bit) != 0
            };
            if !have {
                missing[i] = true;
                any = true;
            }
        }
        if !any {
            return;
        }
        let mut err = std::io::stderr().lock();
        let _ = err.write_all(
            b"damka: this binary uses instructions this CPU lacks (it was built for x86-64-v3: \
              Intel Haswell, AMD Excavator and later); missing:",
        );
        for (i, feature) in FEATURES.iter().enumerate() {
            if missing[i] {
                let _ = err.write_all(b" ");
                let _ = err.write_all(feature.0.as_bytes());
            }
        }
        let _ = err
            .write_all(b".\nBuild one that runs on any x86-64 CPU, in the damka checkout:\n    ");
        let _ = err.write_all(super::PORTABLE_BUILD.as_bytes());
        let _ = err.write_all(b"\n");
        let _ = err.flush();
        std::process::exit(1);
    }
}
