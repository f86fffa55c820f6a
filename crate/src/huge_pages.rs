//! Transparent huge pages for the transposition table. Every probe lands at a random place
//! in tens of megabytes (more on the hard deals): with 4 KB pages nearly each of its
//! dependent loads (the key's slot, then its chunks) also missed the TLB and walked the page
//! tables.
//! Linux backs a range with 2 MB pages when asked (`madvise(MADV_HUGEPAGE)`), as most
//! distributions' default THP setting ("madvise") wants. Elsewhere, nothing.
//!
//! The key slots also start zeroed ([`ZeroedSlice`]): memory fresh from the kernel is zero
//! already, and writing it again made every process start fault in the whole table.

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

#[cfg(all(target_os = "linux", not(miri)))]
extern "C" {
    fn madvise(addr: *mut std::ffi::c_void, len: usize, advice: i32) -> i32;
}
#[cfg(all(target_os = "linux", not(miri)))]
const MADV_HUGEPAGE: i32 = 14;

/// Values whose all-zero bytes are a valid value.
///
/// # Safety
/// All-zero bytes must be a valid value of the type (no references, no niches).
pub(crate) unsafe trait Zeroable: Copy {}

/// `len` values that start as all-zero bytes, in memory fresh from the system. On Linux it is
/// mapped at a 2 MB boundary, advised huge and faulted in one write per 2 MB page, and
/// nothing writes the zeroes again. A `Vec` of the key slots, filled at every process start,
/// took small faults at its unaligned ends and wrote the whole table again: most of an easy
/// deal's process.
pub(crate) struct ZeroedSlice<T: Zeroable> {
    ptr: std::ptr::NonNull<T>,
    len: usize,
}

// SAFETY: the slice owns its values as a `Box<[T]>` would.
unsafe impl<T: Zeroable + Send> Send for ZeroedSlice<T> {}
// SAFETY: as above; shared access gives only `&[T]`.
unsafe impl<T: Zeroable + Sync> Sync for ZeroedSlice<T> {}

impl<T: Zeroable> Default for ZeroedSlice<T> {
    fn default() -> Self {
        ZeroedSlice { ptr: std::ptr::NonNull::dangling(), len: 0 }
    }
}

impl<T: Zeroable> ZeroedSlice<T> {
    pub(crate) fn new(len: usize) -> Self {
        let bytes = len.checked_mul(std::mem::size_of::<T>()).expect("a table's size fits in memory");
        if bytes == 0 {
            return ZeroedSlice::default();
        }
        let ptr = system::map_zeroed(bytes, std::mem::align_of::<T>()) as *mut T;
        let Some(ptr) = std::ptr::NonNull::new(ptr) else {
            let layout = std::alloc::Layout::array::<T>(len).expect("a table's size fits in memory");
            std::alloc::handle_alloc_error(layout)
        };
        ZeroedSlice { ptr, len }
    }
}

impl<T: Zeroable> Drop for ZeroedSlice<T> {
    fn drop(&mut self) {
        let bytes = self.len * std::mem::size_of::<T>();
        if bytes != 0 {
            // SAFETY: mapped by `map_zeroed` with these bytes and alignment, and dropped once.
            unsafe { system::unmap(self.ptr.as_ptr() as *mut u8, bytes, std::mem::align_of::<T>()) }
        }
    }
}

impl<T: Zeroable> std::ops::Deref for ZeroedSlice<T> {
    type Target = [T];
    fn deref(&self) -> &[T] {
        // SAFETY: `len` values, zeroed at the start (valid by `Zeroable`), owned by `self`.
        unsafe { std::slice::from_raw_parts(self.ptr.as_ptr(), self.len) }
    }
}

impl<T: Zeroable> std::ops::DerefMut for ZeroedSlice<T> {
    fn deref_mut(&mut self) -> &mut [T] {
        // SAFETY: as in `deref`, and `&mut self` is unique.
        unsafe { std::slice::from_raw_parts_mut(self.ptr.as_ptr(), self.len) }
    }
}

#[cfg(all(target_os = "linux", any(target_arch = "x86_64", target_arch = "aarch64"), not(miri)))]
mod system {
    use std::ffi::c_void;

    extern "C" {
        fn mmap(addr: *mut c_void, len: usize, prot: i32, flags: i32, fd: i32, offset: i64) -> *mut c_void;
        fn munmap(addr: *mut c_void, len: usize) -> i32;
    }
    const PROT_READ_WRITE: i32 = 0x1 | 0x2;
    const MAP_PRIVATE_ANONYMOUS: i32 = 0x02 | 0x20;
    const PAGE: usize = 4096;
    const HUGE: usize = 2 << 20;

    /// The mapped length of `bytes`: whole huge pages from 2 MB on, whole pages below.
    fn mapped(bytes: usize) -> usize {
        if bytes >= HUGE {
            bytes.next_multiple_of(HUGE)
        } else {
            bytes.next_multiple_of(PAGE)
        }
    }

    /// Zeroed memory for `bytes` (a page's alignment covers every `align` used here), or null.
    pub(super) fn map_zeroed(bytes: usize, align: usize) -> *mut u8 {
        debug_assert!(align <= PAGE);
        let len = mapped(bytes);
        // A larger map than needed, trimmed to a 2 MB boundary on both sides.
        let slack = if len >= HUGE { HUGE } else { 0 };
        // SAFETY: a fresh private anonymous mapping, touching no existing memory.
        let base = unsafe { mmap(std::ptr::null_mut(), len + slack, PROT_READ_WRITE, MAP_PRIVATE_ANONYMOUS, -1, 0) };
        if base as isize == -1 {
            return std::ptr::null_mut();
        }
        let base = base as usize;
        let start = base.next_multiple_of(slack.max(PAGE));
        // SAFETY: the head and tail lie inside the mapping just made, outside [start, start + len).
        unsafe {
            if start > base {
                munmap(base as *mut c_void, start - base);
            }
            if base + slack > start {
                munmap((start + len) as *mut c_void, base + slack - start);
            }
        }
        if slack != 0 {
            // SAFETY: as in `advise`: the advice changes only how the kernel backs the range.
            unsafe { super::madvise(start as *mut c_void, len, super::MADV_HUGEPAGE) };
            // Fault the pages in now, one write each: a fault inside the search costs more.
            for page in (start..start + len).step_by(HUGE) {
                // SAFETY: inside the mapping; a zero over a zero.
                unsafe { std::ptr::write_volatile(page as *mut u8, 0) };
            }
        }
        start as *mut u8
    }

    /// # Safety
    /// `ptr` came from `map_zeroed(bytes, align)` and is not used again.
    pub(super) unsafe fn unmap(ptr: *mut u8, bytes: usize, _align: usize) {
        munmap(ptr as *mut c_void, mapped(bytes));
    }
}

#[cfg(not(all(target_os = "linux", any(target_arch = "x86_64", target_arch = "aarch64"), not(miri))))]
mod system {
    use std::alloc::Layout;

    /// Zeroed memory for `bytes` (from the allocator, which takes fresh memory as zero), or null.
    pub(super) fn map_zeroed(bytes: usize, align: usize) -> *mut u8 {
        match Layout::from_size_align(bytes, align) {
            // SAFETY: `bytes` is never 0 here.
            Ok(layout) => unsafe { std::alloc::alloc_zeroed(layout) },
            Err(_) => std::ptr::null_mut(),
        }
    }

    /// # Safety
    /// `ptr` came from `map_zeroed(bytes, align)` and is not used again.
    pub(super) unsafe fn unmap(ptr: *mut u8, bytes: usize, align: usize) {
        std::alloc::dealloc(ptr, Layout::from_size_align_unchecked(bytes, align));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Clone, Copy)]
    struct Pair(u64, u32);
    // SAFETY: integers only.
    unsafe impl Zeroable for Pair {}

    #[test]
    fn a_zeroed_slice_starts_zero_and_keeps_what_is_written() {
        // Under a page, a few pages, and past a huge page (mapped in whole 2 MB pages).
        for len in [0, 3, 1000, (5 << 20) / 16 + 7] {
            let mut slice = ZeroedSlice::<Pair>::new(len);
            assert_eq!(slice.len(), len);
            assert!(slice.iter().all(|p| p.0 == 0 && p.1 == 0));
            for (i, p) in slice.iter_mut().enumerate() {
                *p = Pair(i as u64, !(i as u32));
            }
            assert!(slice.iter().enumerate().all(|(i, p)| p.0 == i as u64 && p.1 == !(i as u32)));
        }
    }
}
