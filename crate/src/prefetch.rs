//! Cache prefetches for the tables that every node reads at a random place: the TT and
//! the followers' hints. Their loads missed the cache on most nodes (perf: a fifth of the
//! time); asked for early, they arrive while other work goes on.

/// Starts loading `slice[index]` into the cache. Elsewhere than x86-64, nothing.
#[inline(always)]
pub(crate) fn prefetch<T>(slice: &[T], index: usize) {
    if index >= slice.len() {
        return;
    }
    #[cfg(target_arch = "x86_64")]
    // SAFETY: the address lies inside `slice`; a prefetch reads nothing into the program.
    #[allow(unused_unsafe)]
    unsafe {
        use std::arch::x86_64::{_mm_prefetch, _MM_HINT_T0};
        _mm_prefetch(slice.as_ptr().add(index) as *const i8, _MM_HINT_T0);
    }
    #[cfg(not(target_arch = "x86_64"))]
    let _ = slice;
}

/// Starts loading every cache line of `slice[index]`: a probe reads a whole chunk.
#[inline(always)]
pub(crate) fn prefetch_all<T>(slice: &[T], index: usize) {
    if index >= slice.len() {
        return;
    }
    #[cfg(target_arch = "x86_64")]
    // SAFETY: every address lies inside `slice[index]`; a prefetch reads nothing into the program.
    #[allow(unused_unsafe)]
    unsafe {
        use std::arch::x86_64::{_mm_prefetch, _MM_HINT_T0};
        let start = slice.as_ptr().add(index) as *const i8;
        for line in (0..std::mem::size_of::<T>()).step_by(64) {
            _mm_prefetch(start.add(line), _MM_HINT_T0);
        }
    }
    #[cfg(not(target_arch = "x86_64"))]
    let _ = slice;
}
