//! Command dispatch, options and input reading shared by the commands.

mod bench;
mod commands;
mod json;
mod progress;

use glasshand::{pbn, Config, Deal, TtMode};

pub const HELP: &str = "\
glasshand: an exact double-dummy bridge solver (partition search)

USAGE
  glasshand                       solve the default deal: diagram, DD table and par
  glasshand table [FILE]          DD tables, one deal per line (PBN deal notation) or a PBN file
  glasshand analyse [FILE]        JSON lines {\"deal\",\"trump\",\"leader\",\"trick\"} -> every legal card's tricks
  glasshand solve [FILE]          same input -> tricks for the side to move
  glasshand inspect [FILE]        same input -> value, active cards and per-trick search statistics
  glasshand par [FILE]            par score and contracts (dealer/vulnerability from PBN tags or options)
  glasshand play [FILE]           PBN games with [Play], or JSON lines {\"deal\",\"trump\",\"leader\",\"play\"}:
                                  declarer's DD tricks before and after each card
  glasshand bench                 node-count signature over a fixed deal list
  glasshand speed [FILE]          timing benchmark against DDS on ../shared/data/tables.jsonl

OPTIONS
  --json            one JSON object per line (table, par, play; analyse/solve/inspect always)
  --threads N       worker threads for batches (default: all cores)
  --tt-mb N         transposition table size per thread in MB (default 32)
  --tt MODE         off | exact | relative | partition (default partition)
  --no-quick-tricks, --no-ordering   ablation switches
  --dealer SEAT     par: dealer (default N)      --vul V   par: None|NS|EW|All (default None)
  --limit N         speed: only the first N deals
  --dds FILE        speed: DDS's per-deal times to compare with (default: the shared ones;
                    `bash crate/bench/dds.sh` measures them on this machine)
  --times FILE      speed: write each deal's time and nodes there, one JSON line per deal
FILE defaults to standard input; `-` also means standard input.";

pub struct Options {
    pub json: bool,
    pub threads: Option<usize>,
    pub config: Config,
    pub dealer: Option<glasshand::Seat>,
    pub vul: Option<glasshand::Vulnerability>,
    pub limit: Option<usize>,
    pub dds_times: Option<String>,
    pub times_out: Option<String>,
    pub file: Option<String>,
}

fn parse_options(args: &[String]) -> Result<Options, String> {
    let mut opts = Options {
        json: false,
        threads: None,
        config: Config::default(),
        dealer: None,
        vul: None,
        limit: None,
        dds_times: None,
        times_out: None,
        file: None,
    };
    let mut it = args.iter();
    while let Some(arg) = it.next() {
        let mut value = |name: &str| it.next().cloned().ok_or_else(|| format!("{name} needs a value"));
        match arg.as_str() {
            "--json" => opts.json = true,
            "--threads" => opts.threads = Some(number(&value("--threads")?)?),
            "--tt-mb" => opts.config.tt_megabytes = number(&value("--tt-mb")?)?,
            "--tt" => {
                let v = value("--tt")?;
                opts.config.tt_mode = v.parse::<TtMode>()?;
            }
            "--no-quick-tricks" => opts.config.quick_tricks = false,
            "--no-ordering" => opts.config.move_ordering = false,
            "--dealer" => {
                let v = value("--dealer")?;
                opts.dealer = Some(glasshand::Seat::parse(&v).ok_or_else(|| format!("unknown seat '{v}'"))?);
            }
            "--vul" => {
                let v = value("--vul")?;
                opts.vul =
                    Some(glasshand::Vulnerability::parse(&v).ok_or_else(|| format!("unknown vulnerability '{v}'"))?);
            }
            "--limit" => opts.limit = Some(number(&value("--limit")?)?),
            "--dds" => opts.dds_times = Some(value("--dds")?),
            "--times" => opts.times_out = Some(value("--times")?),
            flag if flag.starts_with("--") => return Err(format!("unknown option '{flag}' (see `glasshand help`)")),
            file if opts.file.is_none() => opts.file = Some(file.to_string()),
            extra => return Err(format!("unexpected argument '{extra}'")),
        }
    }
    if opts.threads == Some(0) {
        return Err("--threads needs at least 1".into());
    }
    Ok(opts)
}

fn number(s: &str) -> Result<usize, String> {
    s.parse().map_err(|_| format!("'{s}' is not a number"))
}

pub fn run(args: &[String]) -> Result<(), String> {
    let (command, rest) = match args.split_first() {
        Some((c, rest)) => (c.as_str(), rest),
        None => ("demo", args),
    };
    if matches!(command, "help" | "--help" | "-h") {
        out!("{HELP}");
        return Ok(());
    }
    let opts = parse_options(rest)?;
    if let Some(n) = opts.threads {
        rayon::ThreadPoolBuilder::new().num_threads(n).build_global().map_err(|e| e.to_string())?;
    }
    match command {
        "demo" => commands::demo(&opts),
        "table" => commands::table(&opts),
        "analyse" | "analyze" => commands::positions(&opts, commands::PositionTask::Analyse),
        "solve" => commands::positions(&opts, commands::PositionTask::Solve),
        "inspect" => commands::positions(&opts, commands::PositionTask::Inspect),
        "par" => commands::par(&opts),
        "play" => commands::play(&opts),
        "bench" => bench::signature(&opts),
        "speed" => bench::speed(&opts),
        other => Err(format!("unknown command '{other}' (see `glasshand help`)")),
    }
}

pub fn read_input(file: &Option<String>) -> Result<String, String> {
    use std::io::Read;
    match file.as_deref() {
        None | Some("-") => {
            let mut text = String::new();
            std::io::stdin().read_to_string(&mut text).map_err(|e| format!("reading standard input: {e}"))?;
            Ok(text)
        }
        Some(path) => std::fs::read_to_string(path).map_err(|e| format!("reading {path}: {e}")),
    }
}

/// A deal to solve with the PBN tags that came with it, if any.
pub struct DealInput {
    pub line: usize,
    pub deal: Result<Deal, glasshand::Error>,
    pub text: String,
    pub game: Option<glasshand::Game>,
}

/// Deals from a PBN file (when the text has `[Deal` tags) or one per line.
pub fn read_deals(text: &str) -> Result<Vec<DealInput>, String> {
    if text.contains("[Deal ") {
        let games = pbn::parse_file(text).map_err(|e| format!("PBN file: {e}"))?;
        return Ok(games
            .into_iter()
            .enumerate()
            .map(|(i, g)| DealInput { line: i + 1, deal: Ok(g.deal), text: g.deal.to_pbn(), game: Some(g) })
            .collect());
    }
    Ok(text
        .lines()
        .enumerate()
        .filter(|(_, l)| !l.trim().is_empty() && !l.trim_start().starts_with('#'))
        .map(|(i, l)| {
            let t = l.trim().trim_matches('"');
            DealInput { line: i + 1, deal: pbn::parse_deal(t), text: t.to_string(), game: None }
        })
        .collect())
}
