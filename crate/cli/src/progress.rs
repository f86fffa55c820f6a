//! Progress on standard error: an indicatif bar on a terminal, a plain line every tenth when
//! piped, once the work has taken a second (a quick run stays quiet).

use indicatif::{ProgressBar, ProgressStyle};
use std::io::IsTerminal;
use std::time::Instant;

pub struct Progress {
    label: &'static str,
    /// On a terminal only.
    bar: Option<ProgressBar>,
    total: usize,
    done: usize,
    last_tenth: usize,
    start: Instant,
}

impl Progress {
    pub fn new(label: &'static str, total: usize) -> Progress {
        let bar = (total >= 2 && std::io::stderr().is_terminal()).then(|| {
            let style = ProgressStyle::with_template("{prefix} [{bar:30}] {pos}/{len} {elapsed_precise}")
                .expect("a valid template")
                .progress_chars("#>.");
            ProgressBar::new(total as u64).with_style(style).with_prefix(label)
        });
        Progress { label, bar, total, done: 0, last_tenth: 0, start: Instant::now() }
    }

    pub fn advance(&mut self, n: usize) {
        self.done += n;
        if let Some(bar) = &self.bar {
            bar.inc(n as u64);
            if self.done >= self.total {
                bar.finish();
            }
        } else if self.total >= 2 {
            let tenth = 10 * self.done / self.total;
            let secs = self.start.elapsed().as_secs_f64();
            if tenth > self.last_tenth && secs >= 1.0 {
                self.last_tenth = tenth;
                eprintln!("{}: {}/{} ({}%) {secs:.1} s", self.label, self.done, self.total, tenth * 10);
            }
        }
    }
}
