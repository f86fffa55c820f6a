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

mod cli;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if let Err(message) = cli::run(&args) {
        eprintln!("glasshand: {message}");
        std::process::exit(1);
    }
}
