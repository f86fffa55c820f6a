//! Lending a solver's memory to other threads: a thread that joins a strain in progress
//! starts from all that the strain's thread has learnt so far, where an empty table costs a
//! whole first solve. The search only asks whether a copy is wanted; `strain` decides who
//! gets one.

use crate::hints::FollowHints;
use crate::tt::Tt;

/// A solver's memory of a strain: its transposition table and the hints of the leads and
/// the followers.
pub(crate) struct Memory {
    pub(crate) tt: Tt,
    pub(crate) follow_hints: FollowHints,
}

impl Memory {
    pub(crate) fn copy_from(&mut self, tt: &Tt, follow_hints: &FollowHints) {
        self.tt.copy_from(tt);
        self.follow_hints.copy_from(follow_hints);
    }
}

/// What lets other threads copy a solver's memory while it searches.
pub(crate) trait Lend: Send + Sync {
    /// Is a thread waiting for a copy? The search asks now and then.
    fn wanted(&self) -> bool;
    /// Copies the memory into every waiting thread's.
    fn serve(&self, tt: &Tt, follow_hints: &FollowHints);
}
