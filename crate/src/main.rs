//! `glasshand`: the command-line tool. Run `glasshand help` for the commands.

mod cli;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if let Err(message) = cli::run(&args) {
        eprintln!("glasshand: {message}");
        std::process::exit(1);
    }
}
