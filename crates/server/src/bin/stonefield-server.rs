//! Runs the server alone: `stonefield-server [ADDR] [DATA_DIR] [DATABASE_URL]` (the full
//! command line is `stonefield serve`; this binary exists for the restart tests).

fn main() -> anyhow::Result<()> {
    let mut args = std::env::args().skip(1);
    let mut config = stonefield_server::Config::default();
    if let Some(a) = args.next() {
        config.addr = a.parse()?;
    }
    if let Some(d) = args.next() {
        config.data_dir = d.into();
    }
    config.database = args.next();
    stonefield_server::run(config)
}
