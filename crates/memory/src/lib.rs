//! Hints to the machine about memory, for the transposition table: the only `unsafe` code of
//! damka, two calls that neither read nor write memory and so cannot change what any code
//! sees, only how fast it sees it.
//!
//! A table probe is a load from a random place in many megabytes: it misses the caches and,
//! with 4 KiB pages, the processor's page-address cache (TLB) too. [`advise_huge_pages`] asks
//! Linux to back the table with 2 MiB pages (a 16 MiB table then needs about 8 TLB entries,
//! not 4096, and faults in about 8 pages, not 4096: the ends of an allocation that does not
//! start on a 2 MiB boundary keep small pages), and [`prefetch`] starts loading a bucket while
//! the search does other work before it reads it.

/// The size of a huge page on x86-64 and most 64-bit ARM Linux systems.
pub const HUGE_PAGE_BYTES: usize = 2 << 20;

/// Asks the system to back the whole huge pages inside `memory` with huge pages (Linux's
/// transparent huge pages, `madvise(MADV_HUGEPAGE)`); best called before the memory is first
/// touched. Returns true if the system took the advice for at least one huge page. Only a
/// hint: the contents stay as they are whatever the answer, and on other systems, or where
/// `memory` holds no whole huge page, it does nothing and returns false.
pub fn advise_huge_pages<T>(memory: &[T]) -> bool {
    let start = memory.as_ptr() as usize;
    let end = start + std::mem::size_of_val(memory);
    let first = start.next_multiple_of(HUGE_PAGE_BYTES);
    let last = end - end % HUGE_PAGE_BYTES;
    first < last && advise(first, last - first)
}

#[cfg(target_os = "linux")]
fn advise(address: usize, len: usize) -> bool {
    // SAFETY: the range lies inside `memory`, which the caller borrows for the call, and is
    // aligned to whole pages; MADV_HUGEPAGE changes how the pages are backed, never their
    // contents, so no reference into them can see a difference.
    #[allow(unsafe_code)]
    let answer = unsafe { libc::madvise(address as *mut libc::c_void, len, libc::MADV_HUGEPAGE) };
    answer == 0
}

#[cfg(not(target_os = "linux"))]
fn advise(_address: usize, _len: usize) -> bool {
    false
}

/// Starts loading the cache line that holds the start of `value` into the nearest cache and
/// returns at once. Only a hint: nothing anyone reads changes, and on processors other than
/// x86-64 it does nothing.
#[inline(always)]
pub fn prefetch<T>(value: &T) {
    #[cfg(target_arch = "x86_64")]
    {
        use std::arch::x86_64::{_MM_HINT_T0, _mm_prefetch};
        // SAFETY: a prefetch reads nothing into the program and cannot fault; the address is a
        // live reference's, and SSE, which the instruction needs, is part of every x86-64.
        #[allow(unsafe_code)]
        unsafe {
            _mm_prefetch::<_MM_HINT_T0>((value as *const T).cast::<i8>())
        };
    }
    #[cfg(not(target_arch = "x86_64"))]
    let _ = value;
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn advice_leaves_the_contents_alone() {
        let mut memory = vec![0u64; 3 * HUGE_PAGE_BYTES / 8];
        memory[12345] = 7;
        advise_huge_pages(&memory);
        prefetch(&memory[12345]);
        assert_eq!(memory[12345], 7);
        assert_eq!(memory.iter().filter(|&&x| x != 0).count(), 1);
    }

    #[test]
    fn memory_without_a_whole_huge_page_is_not_advised() {
        let small = vec![1u8; 4096];
        assert!(!advise_huge_pages(&small));
        assert!(!advise_huge_pages::<u8>(&[]));
    }

    #[cfg(target_os = "linux")]
    #[test]
    fn a_whole_huge_page_is_advised_where_the_system_has_them() {
        let enabled = std::fs::read_to_string("/sys/kernel/mm/transparent_hugepage/enabled");
        let memory = vec![0u8; 3 * HUGE_PAGE_BYTES];
        let advised = advise_huge_pages(&memory);
        match enabled {
            Ok(modes) if !modes.contains("[never]") => assert!(advised),
            _ => eprintln!("transparent huge pages are off or absent here: not checked"),
        }
    }
}
