//! Progress on standard error: a bar on a terminal, a plain line every tenth when piped.

use std::io::{IsTerminal, Write};
use std::time::Instant;

pub struct Progress {
    label: &'static str,
    total: usize,
    done: usize,
    start: Instant,
    tty: bool,
    last_tenth: usize,
}

impl Progress {
    pub fn new(label: &'static str, total: usize) -> Progress {
        Progress { label, total, done: 0, start: Instant::now(), tty: std::io::stderr().is_terminal(), last_tenth: 0 }
    }

    pub fn advance(&mut self, n: usize) {
        self.done += n;
        if self.total < 2 {
            return;
        }
        let secs = self.start.elapsed().as_secs_f64();
        let mut err = std::io::stderr().lock();
        if self.tty {
            let width = 30;
            let filled = width * self.done / self.total;
            let _ = write!(
                err,
                "\r{} [{}{}] {}/{} {:.1} s",
                self.label,
                "#".repeat(filled),
                ".".repeat(width - filled),
                self.done,
                self.total,
                secs
            );
            if self.done >= self.total {
                let _ = writeln!(err);
            }
        } else {
            let tenth = 10 * self.done / self.total;
            if tenth > self.last_tenth {
                self.last_tenth = tenth;
                let _ = writeln!(err, "{}: {}/{} ({}%) {:.1} s", self.label, self.done, self.total, tenth * 10, secs);
            }
        }
    }
}
