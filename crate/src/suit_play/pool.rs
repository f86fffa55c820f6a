//! Slices kept side by side in chunks that never move. A search's nodes keep their layouts,
//! vectors, edges and picks here: building a node then allocates nothing, and dropping a
//! search frees a few chunks instead of four blocks per node, which had cost a tenth of the
//! search's instructions.

/// Where a slice lies in its pool.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Span {
    chunk: u32,
    start: u32,
    len: u32,
}

impl Span {
    pub fn len(self) -> usize {
        self.len as usize
    }
}

/// The slices of one kind of item.
#[derive(Clone, Debug)]
pub struct Pool<T> {
    chunks: Vec<Vec<T>>,
}

impl<T> Default for Pool<T> {
    fn default() -> Pool<T> {
        Pool { chunks: Vec::new() }
    }
}

/// A chunk's size: big enough that chunks are few, small enough that the tail a chunk leaves
/// unused when a slice does not fit stays small. A longer slice gets a chunk of its own.
const CHUNK_BYTES: usize = 1 << 18;

impl<T: Copy> Pool<T> {
    /// Room for `len` more items at the end of the last chunk, which may be a new one.
    fn room(&mut self, len: usize) -> usize {
        let fits = self.chunks.last().is_some_and(|chunk| chunk.capacity() - chunk.len() >= len);
        if !fits {
            let items = (CHUNK_BYTES / std::mem::size_of::<T>().max(1)).max(len);
            self.chunks.push(Vec::with_capacity(items));
        }
        self.chunks.len() - 1
    }

    fn span(&self, chunk: usize, start: usize) -> Span {
        Span { chunk: chunk as u32, start: start as u32, len: (self.chunks[chunk].len() - start) as u32 }
    }

    /// Keeps a copy of `items`.
    pub fn add(&mut self, items: &[T]) -> Span {
        let chunk = self.room(items.len());
        let start = self.chunks[chunk].len();
        self.chunks[chunk].extend_from_slice(items);
        self.span(chunk, start)
    }

    /// Keeps `len` copies of `item`.
    pub fn add_repeated(&mut self, item: T, len: usize) -> Span {
        let chunk = self.room(len);
        let start = self.chunks[chunk].len();
        self.chunks[chunk].extend(std::iter::repeat(item).take(len));
        self.span(chunk, start)
    }

    /// Keeps the `len` items that `fill` appends to the vector it is given.
    pub fn add_with(&mut self, len: usize, fill: impl FnOnce(&mut Vec<T>)) -> Span {
        let chunk = self.room(len);
        let start = self.chunks[chunk].len();
        fill(&mut self.chunks[chunk]);
        debug_assert_eq!(self.chunks[chunk].len() - start, len);
        self.span(chunk, start)
    }

    pub fn get(&self, span: Span) -> &[T] {
        &self.chunks[span.chunk as usize][span.start as usize..][..span.len as usize]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn slices_come_back_as_they_went_in_across_chunks() {
        let mut pool: Pool<u32> = Pool::default();
        let per_chunk = CHUNK_BYTES / 4;
        let mut spans = Vec::new();
        // Lengths that straddle chunk ends, one longer than a chunk, and empty ones.
        for (i, len) in [3, per_chunk - 2, 5, 0, per_chunk + 7, 1, 0, 9].into_iter().enumerate() {
            let items: Vec<u32> = (0..len as u32).map(|k| k * 31 + i as u32).collect();
            spans.push((pool.add(&items), items));
        }
        spans.push((pool.add_repeated(7, 4), vec![7; 4]));
        spans.push((pool.add_with(3, |out| out.extend([1, 2, 3])), vec![1, 2, 3]));
        for (span, items) in &spans {
            assert_eq!(pool.get(*span), &items[..]);
            assert_eq!(span.len(), items.len());
        }
        assert!(pool.chunks.len() >= 3, "the test did not cross chunks");
    }
}
