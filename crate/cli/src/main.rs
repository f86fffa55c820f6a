//! `glasshand`: the command-line tool. Run `glasshand help` for the commands.

/// `println!` that ends the program quietly once standard output is closed (`| head`).
macro_rules! out {
    ($($arg:tt)*) => {{
        use std::io::Write as _;
        if writeln!(std::io::stdout(), $($arg)*).is_err() {
            std::process::exit(0);
        }
    }};
}

mod bench;
mod commands;
mod input;
mod json;
mod progress;
mod render;
mod run;
mod suit;

use clap::{Args, Parser, Subcommand};
use glasshand::schema::Kind;
use glasshand::{Config, Seat, TtMode, Vulnerability};

/// glasshand: an exact double-dummy bridge solver (partition search).
///
/// Without a command it solves the default deal: diagram, DD table and par. FILE defaults to
/// standard input; `-` also means standard input.
#[derive(Parser)]
#[command(name = "glasshand", version, disable_help_subcommand = false)]
struct Cli {
    #[command(subcommand)]
    command: Option<Command>,
    #[command(flatten)]
    options: Options,
}

#[derive(Subcommand)]
enum Command {
    /// DD tables, one deal per line (PBN deal notation) or a PBN file
    Table { file: Option<String> },
    /// JSON lines {"deal","trump","leader","trick"} -> every legal card's tricks
    #[command(alias = "analyze")]
    Analyse { file: Option<String> },
    /// Same input -> tricks for the side to move
    Solve { file: Option<String> },
    /// Same input -> value, active cards and per-trick search statistics
    Inspect { file: Option<String> },
    /// Par score and contracts (dealer/vulnerability from PBN tags or options)
    Par { file: Option<String> },
    /// PBN games with [Play], or JSON lines {"deal","trump","leader","play"}: declarer's DD
    /// tricks before and after each card
    Play { file: Option<String> },
    /// Single-dummy analysis: JSON lines {"known", "contract", "declarer" (or "trump",
    /// "leader"), "played", "constraints", "samples", "seed"} -> every legal card's mean
    /// tricks, standard error and make fraction over sampled layouts of the hidden hands
    Single { file: Option<String> },
    /// Exact suit play: NORTH and SOUTH's cards of one suit (`AK987x Jx`) -> for each trick
    /// target the best chance and a line, and the best average
    Suit(suit::SuitArgs),
    /// JSON lines {"deal","trump","leader","trick","target"?,"options"?} of at most 4 tricks
    /// -> the search's tree: one null-window search for the side to move's target, or the
    /// whole MTD(f) run without one (text: an indented tree; --json: one line each)
    Trace { file: Option<String> },
    /// Node-count signature over a fixed deal list
    Bench,
    /// Timing benchmark against DDS on tests/data/tables.jsonl
    Speed { file: Option<String> },
}

#[derive(Args, Clone)]
pub struct Options {
    /// One JSON object per line (table, par, play, single; analyse/solve/inspect always)
    #[arg(long, global = true)]
    pub json: bool,
    /// Worker threads for batches and single's samples (default: all cores)
    #[arg(long, global = true, value_name = "N", value_parser = clap::value_parser!(u16).range(1..))]
    pub threads: Option<u16>,
    /// Most memory per thread for the transposition table, in MB: it starts at 32 and doubles when full
    #[arg(long = "tt-mb", global = true, value_name = "N", default_value_t = Config::default().tt_megabytes)]
    pub tt_megabytes: usize,
    /// off | exact | relative | partition
    #[arg(long = "tt", global = true, value_name = "MODE", default_value_t = TtMode::Partition)]
    pub tt_mode: TtMode,
    /// Ablation: no quick tricks
    #[arg(long, global = true)]
    pub no_quick_tricks: bool,
    /// Ablation: no move ordering
    #[arg(long, global = true)]
    pub no_ordering: bool,
    /// single: empty the transposition table before each sample (by default it is kept
    /// across samples only late in the play; for measuring)
    #[arg(long, global = true, conflicts_with = "keep")]
    pub fresh: bool,
    /// single: keep the transposition table across samples wherever the play stands (for
    /// measuring)
    #[arg(long, global = true)]
    pub keep: bool,
    /// single: stop sampling once the best card is settled (the JSON request's
    /// "stopWhenSettled"); by default every sample asked for is solved
    #[arg(long, global = true)]
    pub until_settled: bool,
    /// par: the dealer (default N, or the PBN tag)
    #[arg(long, global = true, value_name = "SEAT")]
    pub dealer: Option<Seat>,
    /// par: None | NS | EW | All (default None, or the PBN tag)
    #[arg(long, global = true, value_name = "V")]
    pub vul: Option<Vulnerability>,
    /// table: after each table, every null-window probe of its search (North-South's target,
    /// the answer, the bound the proof reached, nodes), the tables solved one after another
    /// on one thread
    #[arg(long, global = true)]
    pub probes: bool,
    /// speed: only the first N deals
    #[arg(long, global = true, value_name = "N")]
    pub limit: Option<usize>,
    /// speed: DDS's per-deal times to compare with (default: tests/data/dds_table_ms.jsonl; `bash
    /// crate/bench/dds.sh` measures them on this machine)
    #[arg(long = "dds", global = true, value_name = "FILE")]
    pub dds_times: Option<String>,
    /// speed: write each deal's time and nodes there, one JSON line per deal
    #[arg(long = "times", global = true, value_name = "FILE")]
    pub times_out: Option<String>,
}

impl Options {
    pub fn config(&self) -> Config {
        Config {
            tt_megabytes: self.tt_megabytes,
            tt_mode: self.tt_mode,
            quick_tricks: !self.no_quick_tricks,
            move_ordering: !self.no_ordering,
        }
    }
}

fn run(cli: Cli) -> Result<(), String> {
    let opts = &cli.options;
    if let Some(n) = opts.threads {
        rayon::ThreadPoolBuilder::new().num_threads(n.into()).build_global().map_err(|e| e.to_string())?;
    }
    match cli.command {
        None => commands::demo(opts),
        Some(Command::Table { file }) => commands::table(opts, &file),
        Some(Command::Analyse { file }) => commands::positions(opts, &file, Kind::Analyse),
        Some(Command::Solve { file }) => commands::positions(opts, &file, Kind::Solve),
        Some(Command::Inspect { file }) => commands::positions(opts, &file, Kind::Inspect),
        Some(Command::Par { file }) => commands::par(opts, &file),
        Some(Command::Play { file }) => commands::play(opts, &file),
        Some(Command::Single { file }) => commands::single(opts, &file),
        Some(Command::Suit(args)) => suit::suit(opts, &args),
        Some(Command::Trace { file }) => commands::trace(opts, &file),
        Some(Command::Bench) => bench::signature(opts),
        Some(Command::Speed { file }) => bench::speed(opts, &file),
    }
}

fn main() {
    if let Err(message) = run(Cli::parse()) {
        eprintln!("glasshand: {message}");
        std::process::exit(1);
    }
}
