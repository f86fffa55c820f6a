//! Sets of trick vectors (one entry per layout) kept to their Pareto front: a vector that
//! another matches or beats on every layout never gives a better probability or average.

/// Sets of at least this many vectors are scanned with signatures.
const SIGNED_FROM: usize = 64;

/// Sets of at least this many vectors have their kept signatures indexed by a key.
const INDEXED_FROM: usize = 1024;

/// Vectors of `width` entries, stored one after another.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Vectors {
    pub width: usize,
    pub values: Vec<u8>,
}

impl Vectors {
    pub fn new(width: usize) -> Vectors {
        Vectors { width, values: Vec::new() }
    }

    pub fn len(&self) -> usize {
        self.values.len().checked_div(self.width).unwrap_or(0)
    }

    pub fn get(&self, i: usize) -> &[u8] {
        &self.values[i * self.width..(i + 1) * self.width]
    }

    pub fn push(&mut self, v: &[u8]) {
        debug_assert_eq!(v.len(), self.width);
        self.values.extend_from_slice(v);
    }

    /// The indices of the Pareto-maximal vectors, each distinct vector once (the first of
    /// equal ones), highest sum first, in their own order within a sum.
    pub fn front(&self) -> Vec<usize> {
        self.front_unless(&|_| false).expect("never stopped")
    }

    /// [`Vectors::front`], or `None` as soon as `give_up` says so. It is asked every few
    /// thousand vectors and at the end, with the pairs of vectors compared so far: one front
    /// can take long.
    pub fn front_unless(&self, give_up: &dyn Fn(u64) -> bool) -> Option<Vec<usize>> {
        let mut kept = Vec::new();
        self.front_into(give_up, &mut FrontScratch::default(), &mut kept).then_some(kept)
    }

    /// [`Vectors::front_unless`] into `kept`, with buffers reused from call to call: the
    /// search takes hundreds of thousands of fronts, most of a few vectors, and allocating
    /// afresh for each cost more than the scan. False when `give_up` said so.
    pub fn front_into(&self, give_up: &dyn Fn(u64) -> bool, scratch: &mut FrontScratch, kept: &mut Vec<usize>) -> bool {
        kept.clear();
        let n = self.len();
        if n <= 1 {
            kept.extend(0..n);
            return true;
        }
        let FrontScratch { sums, starts, order, kept_words, candidate, levels, level_words, signatures, index } =
            scratch;
        sums.clear();
        sums.extend((0..n).map(|i| self.get(i).iter().map(|&x| u32::from(x)).sum::<u32>()));
        // A vector can only be dominated by one of at least its sum, so one pass in
        // decreasing sum checks each candidate against every vector that could beat it: the
        // vectors are placed by a count of their sums, in their own order within a sum (a
        // sort of the vectors themselves took a quarter of the worst holdings' time). A
        // vector equal to one kept before is dominated by it, so each is kept once.
        let (low, high) = sums.iter().fold((u32::MAX, 0), |(low, high), &s| (low.min(s), high.max(s)));
        starts.clear();
        starts.resize((high - low) as usize + 1, 0);
        sums.iter().for_each(|&s| starts[(high - s) as usize] += 1);
        let mut start = 0;
        for count in starts.iter_mut() {
            (*count, start) = (start, start + *count);
        }
        order.clear();
        order.resize(n, 0);
        for (i, &s) in sums.iter().enumerate() {
            let slot = &mut starts[(high - s) as usize];
            order[*slot as usize] = i;
            *slot += 1;
        }
        // The kept vectors are copied side by side, as words: the scan reads them again and
        // again, and scattered through a product of millions they would miss the cache.
        let words = self.width.div_ceil(8);
        // A vector's signature marks the entries at or above their level (their mean over
        // the set, rounded up), entry p at bit p % 64: a vector dominates another only if its
        // signature covers the other's. Checked first, it turns most comparisons of a big
        // front into one word's; a small set is scanned plainly (all signatures 0), since
        // the levels cost a pass over the set. A big one is also indexed by a few of the
        // signatures' bits (`SignatureIndex`).
        levels.clear();
        signatures.clear();
        if n >= SIGNED_FROM {
            levels.resize(self.width, 0);
            for v in self.values.chunks_exact(self.width) {
                levels.iter_mut().zip(v).for_each(|(level, &x)| *level += u64::from(x));
            }
            levels.iter_mut().for_each(|level| *level = level.div_ceil(n as u64));
            // The levels as words, padded with 255, which no padding entry (0) reaches.
            level_words.clear();
            level_words.resize(words, u64::MAX);
            for (word, chunk) in level_words.iter_mut().zip(levels.chunks(8)) {
                // A level is a mean of entries, so it fits a byte.
                let mut bytes = [0xFF; 8];
                bytes.iter_mut().zip(chunk).for_each(|(byte, &level)| *byte = level as u8);
                *word = u64::from_le_bytes(bytes);
            }
            signatures.extend(self.values.chunks_exact(self.width).map(|v| signature(v, level_words)));
        } else {
            signatures.resize(n, 0);
        }
        let index = &mut *index;
        index.clear(if n >= INDEXED_FROM { signatures } else { &[] });
        kept_words.clear();
        candidate.clear();
        candidate.resize(words, 0);
        let mut previous: Option<usize> = None;
        let mut compared = 0u64;
        let mut hint: Option<usize> = None;
        for (done, &i) in order.iter().enumerate() {
            if done % 4096 == 4095 && give_up(compared) {
                return false;
            }
            let v = self.get(i);
            if previous.is_some_and(|p| same_entries(self.get(p), v)) {
                continue;
            }
            previous = Some(i);
            to_words(v, candidate);
            let sig = signatures[i];
            let dominated_by = &*kept_words;
            let beats = |k: usize| dominates_words(&dominated_by[k * words..(k + 1) * words], candidate);
            // Neighbours in this order are often alike (a product's candidates from one
            // partial vector come together), so the vector that beat the previous candidate
            // is tried first; then the index, latest kept first within each part.
            if hint.is_some_and(|k| sig & !index.signature(k) == 0 && beats(k)) {
                continue;
            }
            let (found, scanned) = index.find(sig, beats);
            compared += scanned;
            match found {
                Some(k) => hint = Some(k),
                None => {
                    kept.push(i);
                    kept_words.extend_from_slice(candidate);
                    index.push(sig);
                }
            }
        }
        !give_up(compared)
    }

    /// Only the vectors at `indices`, in that order.
    pub fn select(&self, indices: &[usize]) -> Vectors {
        let mut out = Vectors::new(self.width);
        self.select_into(indices, &mut out);
        out
    }

    /// [`Vectors::select`] into `out`, reusing its buffer.
    pub fn select_into(&self, indices: &[usize], out: &mut Vectors) {
        out.width = self.width;
        out.values.clear();
        out.values.reserve(indices.len() * self.width);
        for &i in indices {
            out.values.extend_from_slice(self.get(i));
        }
    }

    /// Empties the set and gives it vectors of `width` entries, keeping its buffer.
    pub fn reset(&mut self, width: usize) {
        self.width = width;
        self.values.clear();
    }
}

/// The buffers [`Vectors::front_into`] reuses.
#[derive(Debug, Default)]
pub struct FrontScratch {
    sums: Vec<u32>,
    /// Per sum from the highest, where its vectors go next in `order`.
    starts: Vec<u32>,
    order: Vec<usize>,
    kept_words: Vec<u64>,
    candidate: Vec<u64>,
    /// Per entry, the level of the signatures' bits (u64: a product's sums pass u32).
    levels: Vec<u64>,
    /// The levels 8 to a word.
    level_words: Vec<u64>,
    /// Per vector of the set, its signature.
    signatures: Vec<u64>,
    index: SignatureIndex,
}

/// The kept vectors' signatures, parted by a key of a few of their bits: a kept vector can
/// dominate a candidate only if its key covers the candidate's, so a candidate reads only
/// the parts whose keys do, about a sixteenth of the kept front with 8 bits. The key grows
/// with the front (`PART_SIZE`): tiny parts cost more to visit than to read.
#[derive(Debug, Default)]
struct SignatureIndex {
    /// The signature bits a key may be made of, the most even first; the key takes the
    /// first `used` of them.
    bits: Vec<u32>,
    used: usize,
    /// Per key, the signatures of the kept vectors with that key, and where each stands
    /// among the kept.
    parts: Vec<(Vec<u64>, Vec<u32>)>,
    /// Per kept vector, its signature.
    kept: Vec<u64>,
}

/// The kept vectors per part, on average, before the key takes two more bits.
const PART_SIZE: usize = 32;

/// The most bits a key takes.
const KEY_BITS: usize = 8;

/// The signatures the key's bits are chosen on: a sample is as good as the whole set.
const SAMPLE: usize = 512;

impl SignatureIndex {
    /// Empties the index and orders the key's bits by `signatures`, the set's: the bits
    /// nearest to being set in half of them part it best. No signatures: one part.
    fn clear(&mut self, signatures: &[u64]) {
        self.kept.clear();
        self.bits.clear();
        self.used = 0;
        if !signatures.is_empty() {
            let stride = signatures.len().div_ceil(SAMPLE);
            let sample = signatures.iter().step_by(stride);
            let (mut ones, mut count) = ([0usize; 64], 0);
            for &sig in sample {
                count += 1;
                let mut rest = sig;
                while rest != 0 {
                    ones[rest.trailing_zeros() as usize] += 1;
                    rest &= rest - 1;
                }
            }
            let mut by_balance: Vec<u32> =
                (0..64).filter(|&b| ones[b as usize] > 0 && ones[b as usize] < count).collect();
            by_balance.sort_by_key(|&b| ones[b as usize].abs_diff(count / 2));
            self.bits.extend(by_balance.into_iter().take(KEY_BITS));
        }
        self.parts.truncate(1);
        self.parts.resize_with(1, Default::default);
        let (sigs, at) = &mut self.parts[0];
        sigs.clear();
        at.clear();
    }

    fn key(&self, sig: u64) -> usize {
        self.bits[..self.used].iter().enumerate().fold(0, |key, (j, &b)| key | ((sig >> b & 1) as usize) << j)
    }

    fn signature(&self, k: usize) -> u64 {
        self.kept[k]
    }

    fn push(&mut self, sig: u64) {
        let key = self.key(sig);
        let (sigs, at) = &mut self.parts[key];
        sigs.push(sig);
        at.push(self.kept.len() as u32);
        self.kept.push(sig);
        if self.kept.len() >= PART_SIZE << self.used && self.used < self.bits.len() {
            self.regroup((self.used + 2).min(self.bits.len()));
        }
    }

    /// Parts the kept signatures again, by a key of `used` bits.
    fn regroup(&mut self, used: usize) {
        self.used = used;
        self.parts.resize_with(1 << used, Default::default);
        self.parts.iter_mut().for_each(|(sigs, at)| {
            sigs.clear();
            at.clear();
        });
        for k in 0..self.kept.len() {
            let sig = self.kept[k];
            let key = self.key(sig);
            let (sigs, at) = &mut self.parts[key];
            sigs.push(sig);
            at.push(k as u32);
        }
    }

    /// A kept vector that `beats` says dominates a candidate of signature `sig`, if any, and
    /// how many signatures were read to find it.
    fn find(&self, sig: u64, beats: impl Fn(usize) -> bool) -> (Option<usize>, u64) {
        let key = self.key(sig);
        let mask = self.parts.len() - 1;
        let mut scanned = 0;
        // The parts whose keys cover the candidate's: `key | rest` for each subset `rest` of
        // the bits it lacks, from the fullest key, most likely to dominate, down.
        let lacking = mask & !key;
        let mut rest = lacking;
        loop {
            let (sigs, at) = &self.parts[key | rest];
            let mut end = sigs.len();
            while let Some(j) = last_covering(&sigs[..end], sig) {
                let k = at[j] as usize;
                if beats(k) {
                    return (Some(k), scanned + (sigs.len() - j) as u64);
                }
                end = j;
            }
            scanned += sigs.len() as u64;
            if rest == 0 {
                return (None, scanned);
            }
            rest = (rest - 1) & lacking;
        }
    }
}

/// `a == b` for two vectors of one width, 8 entries at a time: WebAssembly has no fast
/// `memcmp`, which the slices' own comparison calls, and there it cost a fifth of the
/// search's time (V8's profile of QT864 / 2).
fn same_entries(a: &[u8], b: &[u8]) -> bool {
    let (x, y) = (a.chunks_exact(8), b.chunks_exact(8));
    let rest = x.remainder().iter().zip(y.remainder()).all(|(x, y)| x == y);
    let word = |chunk: &[u8]| u64::from_le_bytes(chunk.try_into().expect("8 entries"));
    rest && x.zip(y).all(|(x, y)| word(x) == word(y))
}

/// The last of `signatures` that covers `sig`. Eight at a time with one branch: most
/// blocks hold none, and neither WebAssembly nor every native target vectorises the
/// plain search.
fn last_covering(signatures: &[u64], sig: u64) -> Option<usize> {
    let covers = |other: u64| sig & !other == 0;
    let blocks = signatures.rchunks_exact(8);
    let head = blocks.remainder();
    for (b, block) in blocks.enumerate() {
        if block.iter().fold(false, |any, &other| any | covers(other)) {
            let start = signatures.len() - 8 * (b + 1);
            return block.iter().rposition(|&other| covers(other)).map(|k| start + k);
        }
    }
    head.iter().rposition(|&other| covers(other))
}

/// A vector as little-endian words of 8 entries, the last padded with zeros. Whole words
/// are read as words: copying each through a padded buffer cost WebAssembly a byte loop.
fn to_words(v: &[u8], out: &mut [u64]) {
    let chunks = v.chunks_exact(8);
    let tail = chunks.remainder();
    for (word, chunk) in out.iter_mut().zip(chunks) {
        *word = u64::from_le_bytes(chunk.try_into().expect("8 entries"));
    }
    if !tail.is_empty() {
        out[v.len() / 8] = padded_word(tail, 0);
    }
}

/// Up to 8 entries as a little-endian word, the missing ones `pad`.
fn padded_word(chunk: &[u8], pad: u8) -> u64 {
    let mut bytes = [pad; 8];
    bytes[..chunk.len()].copy_from_slice(chunk);
    u64::from_le_bytes(bytes)
}

/// A vector's signature: bit p % 64 set where entry p is at least its level, 8 entries per
/// word at a time (a byte at a time, this pass cost WebAssembly as much as the scan).
fn signature(v: &[u8], level_words: &[u64]) -> u64 {
    let chunks = v.chunks_exact(8);
    let tail = chunks.remainder();
    let words = chunks.map(|chunk| u64::from_le_bytes(chunk.try_into().expect("8 entries")));
    let words = words.chain((!tail.is_empty()).then(|| padded_word(tail, 0)));
    words.zip(level_words).enumerate().fold(0, |sig, (w, (x, &level))| {
        // The high bit of each byte where x is at least the level, gathered into a byte:
        // byte i's bit lands at bit 56 + i, and no two products carry into one another.
        let high = (at_least_bytes(x, level) >> 7) & 0x0101_0101_0101_0101;
        let byte = high.wrapping_mul(0x0102_0408_1020_4080) >> 56;
        sig | byte << (w * 8 % 64)
    })
}

/// Whether `a` is at least `b` on every entry, 8 entries per word at a time.
fn dominates_words(a: &[u64], b: &[u64]) -> bool {
    a.iter().zip(b).all(|(&x, &y)| at_least_bytes(x, y) == HIGH)
}

const HIGH: u64 = 0x8080_8080_8080_8080;

/// Per byte, its high bit where `x`'s byte is at least `y`'s; the other bits clear.
fn at_least_bytes(x: u64, y: u64) -> u64 {
    // With the high bits set aside, 128 + x − y never borrows from the next byte, and keeps
    // its high bit when x ≥ y on the low seven bits.
    let low = ((x | HIGH) - (y & !HIGH)) & HIGH;
    ((x & !y & HIGH) | (!(x ^ y) & low)) & HIGH
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Numbers below `n`, by xorshift from `seed`.
    fn numbers(mut seed: u64) -> impl FnMut(u64) -> u64 {
        move |n| {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed % n
        }
    }

    /// The front, each vector once, in order.
    fn sorted_front(v: &Vectors) -> Vec<&[u8]> {
        let mut front: Vec<&[u8]> = v.front().into_iter().map(|i| v.get(i)).collect();
        front.sort();
        front
    }

    /// What comparing every pair keeps, each vector once, in order.
    fn every_pair_front(v: &Vectors) -> Vec<&[u8]> {
        let at_least = |a: usize, b: usize| v.get(a).iter().zip(v.get(b)).all(|(x, y)| x >= y);
        let beaten = |i: usize| (0..v.len()).any(|j| at_least(j, i) && v.get(j) != v.get(i));
        let mut front: Vec<&[u8]> = (0..v.len()).filter(|&i| !beaten(i)).map(|i| v.get(i)).collect();
        front.sort();
        front.dedup();
        front
    }

    #[test]
    fn keeps_each_undominated_vector_once() {
        let mut v = Vectors::new(2);
        for x in [[1, 1], [2, 0], [1, 1], [0, 2], [2, 1], [0, 0]] {
            v.push(&x);
        }
        let mut front = v.front();
        front.sort();
        assert_eq!(front, [3, 4]);
    }

    #[test]
    fn the_front_is_what_comparing_every_pair_keeps() {
        let mut next = numbers(0x9e37_79b9_7f4a_7c15);
        for round in 0..300 {
            // Widths past 64 share signature bits; 255 is a partial product's unset entry.
            let (width, n) = (1 + next(140) as usize, 1 + next(300) as usize);
            let mut v = Vectors::new(width);
            for _ in 0..n {
                let row: Vec<u8> = (0..width).map(|_| if next(50) == 0 { 255 } else { next(4) as u8 }).collect();
                v.push(&row);
            }
            let (front, expected) = (sorted_front(&v), every_pair_front(&v));
            assert_eq!(front, expected, "round {round}: width {width}, {n} vectors");
        }
    }

    #[test]
    fn a_big_front_is_what_comparing_every_pair_keeps() {
        // Past `INDEXED_FROM` vectors, the scan reads the signature index. Vectors a few
        // entries away from one of four, so that many dominate others and many do not.
        let mut next = numbers(0x51_7cc1_b727_220a);
        for (width, n) in [(5, 1500), (40, INDEXED_FROM), (96, 2500), (130, 1800)] {
            let bases: Vec<Vec<u8>> = (0..4).map(|_| (0..width).map(|_| 2 + next(6) as u8).collect()).collect();
            let mut v = Vectors::new(width);
            for _ in 0..n {
                let base = &bases[next(4) as usize];
                let mut row = base.clone();
                for _ in 0..1 + next(4) {
                    let at = next(width as u64) as usize;
                    row[at] = (row[at] + 1).saturating_sub(2 * u8::from(next(3) > 0));
                }
                v.push(&row);
            }
            let (front, expected) = (sorted_front(&v), every_pair_front(&v));
            assert!(expected.len() > 1 && expected.len() < n / 2, "width {width}: {} kept", expected.len());
            assert_eq!(front, expected, "width {width}, {n} vectors");
        }
    }

    #[test]
    fn the_index_finds_a_covering_signature_whenever_one_is_kept() {
        let mut next = numbers(0x2545_f491_4f6c_dd1d);
        // Signatures of 12 bits, some always set: the key takes the balanced ones.
        let signatures: Vec<u64> = (0..3000).map(|_| next(0x1000) | 0x3000).collect();
        let mut index = SignatureIndex::default();
        index.clear(&signatures);
        assert_eq!(index.bits.len(), KEY_BITS);
        let mut grew = false;
        assert!(index.bits.iter().all(|&b| b < 12));
        for (k, &sig) in signatures.iter().enumerate() {
            let covering = signatures[..k].iter().any(|&other| sig & !other == 0);
            let (found, _) = index.find(sig, |_| true);
            assert_eq!(found.is_some(), covering, "{sig:#x}");
            if let Some(j) = found {
                assert_eq!(sig & !signatures[j], 0);
            }
            index.push(sig);
            grew |= index.used == KEY_BITS;
        }
        assert!(grew, "the key never took all its bits");
    }

    #[test]
    fn the_last_covering_signature_is_the_plain_search() {
        let mut next = numbers(0x2545_f491_4f6c_dd1d);
        for len in 0..40 {
            for _ in 0..20 {
                let signatures: Vec<u64> = (0..len).map(|_| next(16)).collect();
                for sig in 0..16 {
                    let plain = signatures.iter().rposition(|&other| sig & !other == 0);
                    assert_eq!(last_covering(&signatures, sig), plain, "{sig:#x} in {signatures:x?}");
                }
            }
        }
    }

    #[test]
    fn a_signature_marks_the_entries_at_or_above_their_level() {
        let mut next = numbers(0x1234_5678_9abc_def1);
        for width in [1, 7, 8, 9, 63, 64, 65, 96, 130] {
            for _ in 0..50 {
                let pick = |next: &mut dyn FnMut(u64) -> u64| [0u8, 1, 2, 3, 127, 128, 254, 255][next(8) as usize];
                let v: Vec<u8> = (0..width).map(|_| pick(&mut next)).collect();
                let levels: Vec<u8> = (0..width).map(|_| pick(&mut next)).collect();
                let plain = (0..width).fold(0u64, |sig, p| sig | u64::from(v[p] >= levels[p]) << (p % 64));
                let level_words: Vec<u64> = levels.chunks(8).map(|chunk| padded_word(chunk, 0xFF)).collect();
                assert_eq!(signature(&v, &level_words), plain, "{v:?} against {levels:?}");
            }
        }
    }

    #[test]
    fn entries_compare_as_the_slices_do() {
        for width in [1, 7, 8, 9, 17] {
            for at in 0..width {
                for (x, y) in [(0u8, 0u8), (1, 0), (0, 255), (128, 127)] {
                    let (mut a, mut b) = (vec![1u8; width], vec![1u8; width]);
                    a[at] = x;
                    b[at] = y;
                    assert_eq!(same_entries(&a, &b), a == b, "{a:?} against {b:?}");
                }
            }
        }
    }

    #[test]
    fn compares_every_byte_value_as_a_byte() {
        // Partial products carry 255 where no child has spoken yet.
        let values = [0u8, 1, 7, 13, 127, 128, 200, 255];
        for &x in &values {
            for &y in &values {
                let (mut a, mut b) = ([0u64; 2], [0u64; 2]);
                let (mut va, mut vb) = (vec![3u8; 11], vec![3u8; 11]);
                va[9] = x;
                vb[9] = y;
                to_words(&va, &mut a);
                to_words(&vb, &mut b);
                assert_eq!(dominates_words(&a, &b), x >= y, "{x} against {y}");
            }
        }
    }
}
