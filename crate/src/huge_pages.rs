//! Transparent huge pages for the transposition table. Every probe lands at a random place
//! in tens of megabytes (more on the hard deals): with 4 KB pages nearly each of its
//! dependent loads (the key's slot, then its chunks) also missed the TLB and walked the page
//! tables.
//! Linux backs a range with 2 MB pages when asked (`madvise(MADV_HUGEPAGE)`), as most
//! distributions' default THP setting ("madvise") wants. Elsewhere, nothing.

/// Asks for huge pages under the whole of `v`'s reserved capacity. Call it before the
/// memory is first written: a page already faulted in stays small.
#[inline]
pub(crate) fn advise<T>(v: &Vec<T>) {
    let bytes = v.capacity() * std::mem::size_of::<T>();
    #[cfg(all(target_os = "linux", not(miri)))]
    {
        // Only whole 2 MB pages can be backed by one; a smaller table gains nothing.
        const HUGE: usize = 2 << 20;
        let start = v.as_ptr() as usize;
        let first = start.next_multiple_of(HUGE);
        let end = (start + bytes) & !(HUGE - 1);
        if end > first {
            extern "C" {
                fn madvise(addr: *mut std::ffi::c_void, len: usize, advice: i32) -> i32;
            }
            const MADV_HUGEPAGE: i32 = 14;
            // SAFETY: the range lies inside the vector's own allocation, and the advice
            // changes only how the kernel backs it, never its contents. A kernel without
            // THP answers an error, which leaves the pages as they were.
            unsafe {
                madvise(first as *mut std::ffi::c_void, end - first, MADV_HUGEPAGE);
            }
        }
    }
    #[cfg(not(all(target_os = "linux", not(miri))))]
    let _ = bytes;
}
