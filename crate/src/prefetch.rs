//! Cache prefetches for the TT and the lead hints, which every trick start reads at a random
//! place. Their loads miss the cache on most nodes; asked for early, they arrive while other
//! work goes on.

/// Starts loading `slice[index]` into the cache (its first cache line). Elsewhere than
/// x86-64, nothing.
#[inline(always)]
pub(crate) fn prefetch<T>(slice: &[T], index: usize) {
    prefetch_lines(slice, index, 1);
}

/// Starts loading every cache line of `slice[index]`: a probe reads a whole chunk.
#[inline(always)]
pub(crate) fn prefetch_all<T>(slice: &[T], index: usize) {
    prefetch_lines(slice, index, std::mem::size_of::<T>().div_ceil(64));
}

#[inline(always)]
fn prefetch_lines<T>(slice: &[T], index: usize, lines: usize) {
    if index >= slice.len() {
        return;
    }
    #[cfg(target_arch = "x86_64")]
    // SAFETY: every address lies inside `slice[index]` (the first line at least starts
    // there); a prefetch reads nothing into the program.
    #[allow(unused_unsafe)]
    unsafe {
        use std::arch::x86_64::{_mm_prefetch, _MM_HINT_T0};
        let start = slice.as_ptr().add(index) as *const i8;
        for line in 0..lines {
            _mm_prefetch(start.add(64 * line), _MM_HINT_T0);
        }
    }
    #[cfg(not(target_arch = "x86_64"))]
    let _ = (slice, lines);
}
