//! `stonefield bench server --instances 2` on PostgreSQL plays its games to the end, each
//! game's players on different instances. Skipped without PostgreSQL at 127.0.0.1
//! (`STONEFIELD_REQUIRE_PG=1` makes that a failure), as the server's scale tests are.

use std::process::Command;

use sqlx::Connection;

const PG_URL: &str = "postgres://postgres@127.0.0.1:5432/test";

/// Runs `sql` on the test database; `None` when there is none.
async fn execute(sql: &str) -> Option<()> {
    sqlx::any::install_default_drivers();
    let mut conn = sqlx::AnyConnection::connect(PG_URL).await.ok()?;
    sqlx::query(sql).execute(&mut conn).await.unwrap();
    Some(())
}

#[test]
fn the_bench_runs_on_two_instances() {
    let runtime = tokio::runtime::Runtime::new().unwrap();
    let schema = format!("t_bench_{}", std::process::id());
    if runtime
        .block_on(execute(&format!("CREATE SCHEMA {schema}")))
        .is_none()
    {
        assert!(
            std::env::var_os("STONEFIELD_REQUIRE_PG").is_none(),
            "PostgreSQL at {PG_URL} is required"
        );
        eprintln!("skipped: no PostgreSQL at {PG_URL}");
        return;
    }
    let url = format!("{PG_URL}?options=-c%20search_path%3D{schema}");
    let out = Command::new(env!("CARGO_BIN_EXE_stonefield"))
        .args(["bench", "server", "--games", "4", "--moves", "8"])
        .args(["--spectators", "2", "--instances", "2", "--json"])
        .args(["--database", &url])
        .output()
        .unwrap();
    runtime.block_on(execute(&format!("DROP SCHEMA {schema} CASCADE")));
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
}
