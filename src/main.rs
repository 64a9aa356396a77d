use clap::Parser;
use fof::cli::{Cli, run};

fn main() {
    let cli = Cli::parse();
    let code = run(&cli, &mut std::io::stdout(), &mut std::io::stderr());
    std::process::exit(code);
}
