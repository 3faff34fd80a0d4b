//! The same store behaviour on SQLite and on PostgreSQL (a fresh schema per run).

mod common;

use serde_json::json;
use stonefield_rules::{ByColor, Color};
use stonefield_server::clock::{Clock, TimeControl};
use stonefield_server::computer::ComputerSeat;
use stonefield_server::ids::{is_token_hash, token_hash};
use stonefield_server::seats::Seats;
use stonefield_server::store::{Event, EventKind, GameRow, Listed, Store, now_ms, sqlite_url};

/// Clocks told apart by `main_ms`.
fn clock(main_ms: u64) -> Clock {
    Clock::new(TimeControl::Absolute { main_ms })
}

fn row(id: &str) -> GameRow {
    GameRow {
        id: id.into(),
        variant: "classic".into(),
        rules: json!({"board_size": 9}),
        setup: None,
        time_control: TimeControl::None,
        black_token: token_hash("b"),
        white_token: token_hash("w"),
        creator: "black".into(),
        claimed: false,
        status: "open".into(),
        result: None,
        clock: None,
        created_ms: now_ms(),
        computer: None,
        hints: false,
        seats: Seats::Open,
        invite: Some(token_hash("i")),
        names: ByColor::default(),
        accounts: ByColor::default(),
        rated: false,
    }
}

/// The lobby's lists: names stored with the seats, moves counted, private games never
/// listed, and games without a clock left out of `live` once idle since the cutoff.
async fn lobby_lists(store: &Store) {
    let named = GameRow {
        names: ByColor {
            black: Some("Ann".into()),
            white: None,
        },
        ..row("nnnnnnnnnnnn")
    };
    store.create_game(&named).await.unwrap();
    let clocked = GameRow {
        time_control: TimeControl::Absolute { main_ms: 60000 },
        ..row("tttttttttttt")
    };
    store.create_game(&clocked).await.unwrap();
    let private = GameRow {
        seats: Seats::Private,
        ..row("qqqqqqqqqqqq")
    };
    store.create_game(&private).await.unwrap();
    for id in ["nnnnnnnnnnnn", "tttttttttttt", "qqqqqqqqqqqq"] {
        let name = (id == "nnnnnnnnnnnn").then_some("Bob");
        assert!(
            store
                .claim_named(id, Color::White, &token_hash("w"), name)
                .await
                .unwrap()
        );
        store.append(id, &mv(0, 0), None, None).await.unwrap();
        store.append(id, &mv(1, 1), None, None).await.unwrap();
    }
    // A third move taken back by an undo: the log keeps both, the count does not.
    let clocked_id = "tttttttttttt";
    store
        .append(clocked_id, &mv(2, 2), None, None)
        .await
        .unwrap();
    let undo = Event {
        seq: 3,
        kind: EventKind::Undo,
        body: json!({"from": 2}),
    };
    store.append(clocked_id, &undo, None, None).await.unwrap();
    let (loaded, _) = store.load("nnnnnnnnnnnn").await.unwrap().unwrap();
    assert_eq!(
        (loaded.names.black.as_deref(), loaded.names.white.as_deref()),
        (Some("Ann"), Some("Bob"))
    );
    let ids = |l: Vec<Listed>| -> Vec<(String, i64)> {
        let mut ids: Vec<_> = l.into_iter().map(|g| (g.game.id, g.moves)).collect();
        ids.sort();
        ids
    };
    let both = vec![
        ("nnnnnnnnnnnn".to_owned(), 2),
        ("tttttttttttt".to_owned(), 2),
    ];
    assert_eq!(ids(store.listed("live", 10, None).await.unwrap()), both);
    assert_eq!(ids(store.listed("live", 10, Some(0)).await.unwrap()), both);
    // Idle since a cutoff in the future: only the game with a clock stays.
    let later = now_ms() + 60_000;
    assert_eq!(
        ids(store.listed("live", 10, Some(later)).await.unwrap()),
        vec![("tttttttttttt".to_owned(), 2)]
    );
    let listed = store.listed("live", 10, None).await.unwrap();
    assert!(
        listed
            .iter()
            .all(|l| l.active_ms <= now_ms() && l.active_ms > 0)
    );
    store
        .set_status("qqqqqqqqqqqq", None, "finished", Some("B+R"))
        .await
        .unwrap();
    assert!(store.listed("finished", 10, None).await.unwrap().is_empty());
}

fn mv(seq: i64, x: u32) -> Event {
    Event {
        seq,
        kind: EventKind::Move,
        body: json!({"color": if seq % 2 == 0 { "black" } else { "white" }, "at": [x, 0]}),
    }
}

/// A game against the computer keeps its seat and options; a game between people has
/// neither.
async fn computer_seat_kept(store: &Store) {
    let seat = ComputerSeat::new(Color::White, 7).unwrap();
    let against = GameRow {
        computer: Some(seat),
        hints: true,
        ..row("cccccccccccc")
    };
    store.create_game(&against).await.unwrap();
    store.create_game(&row("dddddddddddd")).await.unwrap();
    let (loaded, _) = store.load("cccccccccccc").await.unwrap().unwrap();
    assert_eq!((loaded.computer, loaded.hints), (Some(seat), true));
    let (plain, _) = store.load("dddddddddddd").await.unwrap().unwrap();
    assert_eq!((plain.computer, plain.hints), (None, false));
}

/// The lobby lists open games but never private ones; a game keeps its policy and invite.
async fn private_games_stay_out_of_the_lobby(store: &Store) {
    store.create_game(&row("oooooooooooo")).await.unwrap();
    let private = GameRow {
        seats: Seats::Private,
        ..row("pppppppppppp")
    };
    store.create_game(&private).await.unwrap();
    let lobby: Vec<String> = store
        .lobby(10)
        .await
        .unwrap()
        .into_iter()
        .map(|g| g.id)
        .collect();
    assert_eq!(
        lobby,
        ["oooooooooooo"],
        "the private game is not in the lobby"
    );
    let (loaded, _) = store.load(&private.id).await.unwrap().unwrap();
    assert_eq!(
        (loaded.seats, loaded.invite),
        (Seats::Private, private.invite)
    );
}

#[tokio::test]
async fn sqlite_keeps_the_computer_seat() {
    let dir = tempfile::tempdir().unwrap();
    let url = sqlite_url(dir.path()).unwrap();
    computer_seat_kept(&Store::connect(&url).await.unwrap()).await;
}

#[tokio::test]
async fn sqlite_lobby_lists_names_moves_and_idle_games() {
    let dir = tempfile::tempdir().unwrap();
    let url = sqlite_url(dir.path()).unwrap();
    lobby_lists(&Store::connect(&url).await.unwrap()).await;
}

#[tokio::test]
async fn sqlite_keeps_private_games_out_of_the_lobby() {
    let dir = tempfile::tempdir().unwrap();
    let url = sqlite_url(dir.path()).unwrap();
    private_games_stay_out_of_the_lobby(&Store::connect(&url).await.unwrap()).await;
}

async fn store_behaviour(store: Store) {
    store.create_game(&row("aaaaaaaaaaaa")).await.unwrap();
    store.create_game(&row("bbbbbbbbbbbb")).await.unwrap();
    assert!(
        store.create_game(&row("aaaaaaaaaaaa")).await.is_err(),
        "duplicate id"
    );
    assert_eq!(store.list("open", 10).await.unwrap().len(), 2);

    let fresh = token_hash("f");
    assert!(
        store
            .claim("aaaaaaaaaaaa", Color::White, &fresh)
            .await
            .unwrap()
    );
    assert!(
        !store
            .claim("aaaaaaaaaaaa", Color::White, &token_hash("x"))
            .await
            .unwrap(),
        "a seat is claimed once"
    );
    let (claimed, _) = store.load("aaaaaaaaaaaa").await.unwrap().unwrap();
    assert_eq!(
        (claimed.white_token, claimed.black_token),
        (fresh, token_hash("b")),
        "the claim stored the taker's fresh token"
    );
    for i in 0..3 {
        store
            .append(
                "aaaaaaaaaaaa",
                &mv(i, u32::try_from(i).unwrap()),
                Some(&clock(u64::try_from(i).unwrap())),
                None,
            )
            .await
            .unwrap();
    }
    assert!(
        store
            .append("aaaaaaaaaaaa", &mv(2, 9), None, None)
            .await
            .is_err(),
        "seq is unique"
    );
    let (g, events) = store.load("aaaaaaaaaaaa").await.unwrap().unwrap();
    assert!(g.claimed);
    assert_eq!(g.status, "live");
    assert_eq!(g.clock, Some(clock(2)));
    assert_eq!(events, vec![mv(0, 0), mv(1, 1), mv(2, 2)]);

    store
        .truncate("aaaaaaaaaaaa", 2, Some(&clock(9)), "live")
        .await
        .unwrap();
    let (g, events) = store.load("aaaaaaaaaaaa").await.unwrap().unwrap();
    assert_eq!(events.len(), 2);
    assert_eq!(g.clock, Some(clock(9)), "the undo saved the clocks");
    // An event that ends the game saves the result with it.
    store
        .append(
            "aaaaaaaaaaaa",
            &mv(2, 5),
            None,
            Some(("finished", Some("B+R"))),
        )
        .await
        .unwrap();
    let (g, _) = store.load("aaaaaaaaaaaa").await.unwrap().unwrap();
    assert_eq!(
        (g.status.as_str(), g.result.as_deref()),
        ("finished", Some("B+R"))
    );
    store
        .set_status("aaaaaaaaaaaa", None, "live", None)
        .await
        .unwrap();

    store
        .set_status("bbbbbbbbbbbb", None, "finished", Some("W+R"))
        .await
        .unwrap();
    assert_eq!(
        store.unfinished().await.unwrap(),
        vec!["aaaaaaaaaaaa".to_owned()]
    );
    let done = store.list("finished", 10).await.unwrap();
    assert_eq!(done[0].result.as_deref(), Some("W+R"));
    assert!(store.load("cccccccccccc").await.unwrap().is_none());

    // Only open games last changed by the cutoff expire, with their events.
    store.create_game(&row("dddddddddddd")).await.unwrap();
    store
        .append("dddddddddddd", &mv(0, 0), None, None)
        .await
        .unwrap();
    assert!(store.expire_open(0, 500).await.unwrap().is_empty());
    assert_eq!(
        store.expire_open(now_ms(), 500).await.unwrap(),
        vec!["dddddddddddd".to_owned()]
    );
    assert!(store.load("dddddddddddd").await.unwrap().is_none());
    assert!(store.load("aaaaaaaaaaaa").await.unwrap().is_some());
}

/// Appends from many games at once: the writer commits them together, yet each is
/// acknowledged for itself, a bad one (a seq stored already) fails alone, and a status
/// that comes with an event is saved with it.
async fn concurrent_appends(store: Store) {
    let ids: Vec<String> = (0..40).map(|i| format!("{i:012x}")).collect();
    for id in &ids {
        store.create_game(&row(id)).await.unwrap();
    }
    for round in 0..3 {
        let appends = ids.iter().enumerate().map(|(i, id)| {
            let store = store.clone();
            let finish = (round == 2 && i % 4 == 0).then_some(("finished", Some("B+R")));
            async move { store.append(id, &mv(round, 1), None, finish).await }
        });
        let again = mv(0, 9);
        let duplicate = store.append(&ids[7], &again, None, None);
        let (results, dup) =
            futures_util::future::join(futures_util::future::join_all(appends), duplicate).await;
        for r in results {
            r.unwrap();
        }
        // In the first round the two appends of seq 0 share a batch: the one queued first
        // wins.
        assert!(dup.is_err(), "seq 0 of {} is stored already", ids[7]);
    }
    // A round with no bad append: the batch goes in whole.
    let appends = ids.iter().map(|id| {
        let store = store.clone();
        async move { store.append(id, &mv(3, 2), None, None).await }
    });
    for r in futures_util::future::join_all(appends).await {
        r.unwrap();
    }
    for (i, id) in ids.iter().enumerate() {
        let (g, events) = store.load(id).await.unwrap().unwrap();
        let seqs: Vec<i64> = events.iter().map(|e| e.seq).collect();
        assert_eq!(seqs, [0, 1, 2, 3], "{id}");
        assert_eq!(events[0], mv(0, 1), "the append queued first wins");
        let want = if i % 4 == 0 { "finished" } else { "open" };
        assert_eq!(g.status, want, "{id}");
    }
}

/// The schema before seats had a policy (migrations 1 to 3), with an open game, a game
/// between people already joined, and one against the computer.
const SCHEMA_BEFORE_SEATS: &[&str] = &[
    "CREATE TABLE stonefield_migrations (version BIGINT PRIMARY KEY)",
    "INSERT INTO stonefield_migrations (version) VALUES (1), (2), (3)",
    "CREATE TABLE games (id TEXT PRIMARY KEY, variant TEXT NOT NULL, rules TEXT NOT NULL, \
     setup TEXT, time_control TEXT NOT NULL, black_token TEXT NOT NULL, \
     white_token TEXT NOT NULL, creator TEXT NOT NULL, claimed BIGINT NOT NULL, \
     status TEXT NOT NULL, result TEXT, clock TEXT, created_ms BIGINT NOT NULL, \
     updated_ms BIGINT NOT NULL, computer TEXT, hints BIGINT NOT NULL DEFAULT 0)",
    "CREATE TABLE events (game_id TEXT NOT NULL, seq BIGINT NOT NULL, kind TEXT NOT NULL, \
     body TEXT NOT NULL, clock TEXT, PRIMARY KEY (game_id, seq))",
    "CREATE INDEX games_status ON games (status, updated_ms)",
    "INSERT INTO games VALUES ('000000000001', 'classic', '{}', NULL, '{\"kind\":\"none\"}', \
     'b1', 'w1', 'black', 0, 'open', NULL, NULL, 0, 0, NULL, 0)",
    "INSERT INTO games VALUES ('000000000002', 'classic', '{}', NULL, '{\"kind\":\"none\"}', \
     'b2', 'w2', 'white', 1, 'live', NULL, NULL, 0, 0, NULL, 0)",
    "INSERT INTO games VALUES ('000000000003', 'classic', '{}', NULL, '{\"kind\":\"none\"}', \
     'b3', 'w3', 'black', 1, 'live', NULL, NULL, 0, 0, '{\"color\":\"white\",\"level\":3}', 1)",
];

/// Games stored before seats had a policy load after the migration: private, their old
/// invite links' token (the second seat's) as their invite, none against the computer.
async fn games_stored_before_seats_load(url: &str) {
    use sqlx::Connection;
    sqlx::any::install_default_drivers();
    let mut db = sqlx::AnyConnection::connect(url).await.unwrap();
    for sql in SCHEMA_BEFORE_SEATS {
        sqlx::query(sql).execute(&mut db).await.unwrap();
    }
    drop(db);
    let store = Store::connect(url).await.unwrap();
    let seat = |id: &str| {
        let store = store.clone();
        let id = id.to_owned();
        async move {
            let (g, _) = store.load(&id).await.unwrap().unwrap();
            (g.seats, g.invite)
        }
    };
    assert_eq!(
        seat("000000000001").await,
        (Seats::Private, Some(token_hash("w1")))
    );
    assert_eq!(
        seat("000000000002").await,
        (Seats::Private, Some(token_hash("b2")))
    );
    assert_eq!(seat("000000000003").await, (Seats::Private, None));
    assert!(store.lobby(10).await.unwrap().is_empty());
    plain_secrets_are_hashed(url, store).await;
}

/// The migration of issue 30: the plain seat tokens and invites of the games above are
/// replaced by their hashes in the database itself, and still seat their holders: the
/// creator with the old token, the friend with the old invite link.
async fn plain_secrets_are_hashed(url: &str, store: Store) {
    use sqlx::{Connection, Row};
    let mut db = sqlx::AnyConnection::connect(url).await.unwrap();
    let rows = sqlx::query("SELECT black_token, white_token, invite FROM games ORDER BY id")
        .fetch_all(&mut db)
        .await
        .unwrap();
    assert_eq!(rows.len(), 3);
    for r in &rows {
        let secrets = [
            r.get::<String, _>("black_token"),
            r.get::<String, _>("white_token"),
        ];
        let invite: Option<String> = r.get("invite");
        for s in secrets.iter().chain(&invite) {
            assert!(is_token_hash(s), "{s:?} is stored in plain text");
        }
    }
    assert_eq!(
        rows[1].get::<String, _>("black_token"),
        token_hash("b2"),
        "the hash of the token it had"
    );
    let rooms = stonefield_server::rooms::Rooms::new(store);
    let open = rooms.get("000000000001").await.unwrap().unwrap();
    let (out, mut states) =
        stonefield_server::outbox::channel(stonefield_server::outbox::Bounds::for_one(1 << 20));
    open.join(Some("b1".into()), out).await.unwrap();
    let first = states.recv().await.unwrap();
    let state: serde_json::Value = serde_json::from_str(first.text()).unwrap();
    assert_eq!(
        state["state"]["you"], "black",
        "the creator's old token seats them"
    );
    let (color, token) = open.claim(Some("w1".into())).await.unwrap();
    assert_eq!(color, Color::White, "the old invite link seats the friend");
    assert!(!is_token_hash(&token));
}

/// Expiring many open games goes in batches of a few hundred, each its own short
/// transaction: on SQLite (one connection) another game's moves are stored between
/// them, where one transaction over all of them held every move back until it ended.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn expiring_many_open_games_lets_other_games_moves_in() {
    let dir = tempfile::tempdir().unwrap();
    let store = Store::connect(&sqlite_url(dir.path()).unwrap())
        .await
        .unwrap();
    {
        use sqlx::Connection;
        // 10,000 open games nobody joined, stored at once.
        let mut db = sqlx::AnyConnection::connect(&sqlite_url(dir.path()).unwrap())
            .await
            .unwrap();
        let mut tx = db.begin().await.unwrap();
        for i in 0..10_000 {
            let g = row(&format!("{i:012x}"));
            sqlx::query(
                "INSERT INTO games (id, variant, rules, time_control, black_token, white_token, \
                 creator, claimed, status, created_ms, updated_ms, seats, invite) \
                 VALUES ($1, 'classic', '{}', '{\"kind\":\"none\"}', $2, $3, 'black', 0, 'open', 0, 0, \
                 'open', $4)",
            )
            .bind(g.id)
            .bind(g.black_token)
            .bind(g.white_token)
            .bind(g.invite)
            .execute(&mut *tx)
            .await
            .unwrap();
        }
        tx.commit().await.unwrap();
    }
    let live = GameRow {
        claimed: true,
        status: "live".into(),
        ..row("live00000000")
    };
    store.create_game(&live).await.unwrap();
    let rooms = std::sync::Arc::new(stonefield_server::rooms::Rooms::new(store.clone()));
    let expiry = tokio::spawn({
        let rooms = rooms.clone();
        async move { rooms.expire_open(std::time::Duration::ZERO).await.unwrap() }
    });
    // Moves of the live game, one after the other, while the expiry runs.
    let mut during = 0;
    let mut seq = 0;
    while !expiry.is_finished() {
        store
            .append("live00000000", &mv(seq, 0), None, None)
            .await
            .unwrap();
        seq += 1;
        during += usize::from(!expiry.is_finished());
    }
    assert_eq!(expiry.await.unwrap(), 10_000);
    eprintln!("{during} moves stored while 10,000 open games expired");
    assert!(
        during >= 3,
        "the expiry held the store: {during} moves got in while it ran"
    );
    assert!(store.list("open", 10).await.unwrap().is_empty());
    assert!(store.load("live00000000").await.unwrap().is_some());
}

#[tokio::test]
async fn sqlite_games_stored_before_seats_load() {
    let dir = tempfile::tempdir().unwrap();
    games_stored_before_seats_load(&sqlite_url(dir.path()).unwrap()).await;
}

#[tokio::test]
async fn sqlite_store() {
    let dir = tempfile::tempdir().unwrap();
    let url = sqlite_url(&dir.path().join("new-dir")).unwrap();
    store_behaviour(Store::connect(&url).await.unwrap()).await;
    // Migrations run once: connecting again keeps the data.
    let again = Store::connect(&url).await.unwrap();
    assert_eq!(again.list("finished", 10).await.unwrap().len(), 1);
    concurrent_appends(again).await;
}

#[tokio::test]
async fn postgres_store() {
    let Some(url) = common::pg_database().await else {
        return;
    };
    store_behaviour(Store::connect(&url).await.unwrap()).await;
    let again = Store::connect(&url).await.unwrap();
    assert_eq!(again.list("finished", 10).await.unwrap().len(), 1);
    concurrent_appends(again.clone()).await;
    computer_seat_kept(&again).await;
    common::pg_drop_schema(&url).await;
    let lobby = common::pg_fresh_schema().await.unwrap();
    private_games_stay_out_of_the_lobby(&Store::connect(&lobby).await.unwrap()).await;
    common::pg_drop_schema(&lobby).await;
    let lists = common::pg_fresh_schema().await.unwrap();
    lobby_lists(&Store::connect(&lists).await.unwrap()).await;
    common::pg_drop_schema(&lists).await;
    let old = common::pg_fresh_schema().await.unwrap();
    games_stored_before_seats_load(&old).await;
    common::pg_drop_schema(&old).await;
}

/// A stored clock, time control or computer's seat that cannot be read is an error, never
/// "no clock" or "no computer": a game that silently lost its clock could no longer be
/// lost on time, one that lost its computer would wait for a person.
#[tokio::test]
async fn unreadable_stored_game_settings_are_errors() {
    let dir = tempfile::tempdir().unwrap();
    let url = sqlite_url(dir.path()).unwrap();
    let store = Store::connect(&url).await.unwrap();
    let clocked = GameRow {
        time_control: TimeControl::Absolute { main_ms: 60000 },
        clock: Some(clock(60000)),
        ..row("cccccccccccc")
    };
    store.create_game(&clocked).await.unwrap();
    let read = store.game("cccccccccccc").await.unwrap().unwrap();
    assert_eq!(
        read.clock,
        Some(clock(60000)),
        "a clock reads back as stored"
    );
    assert_eq!(read.time_control, clocked.time_control);

    use sqlx::Connection;
    let mut db = sqlx::AnyConnection::connect(&url).await.unwrap();
    let good_clock = serde_json::to_string(&clock(60000)).unwrap();
    for (column, text, good) in [
        ("clock", "{\"left\": \"soon\"}", Some(good_clock.as_str())),
        (
            "time_control",
            "{\"kind\": \"hourglass\"}",
            Some("{\"kind\":\"none\"}"),
        ),
        ("computer", "{\"color\": \"white\", \"level\": 99}", None),
    ] {
        let set = format!("UPDATE games SET {column} = $1 WHERE id = 'cccccccccccc'");
        sqlx::query(&set).bind(text).execute(&mut db).await.unwrap();
        let e = store.game("cccccccccccc").await.expect_err(column);
        assert!(
            e.to_string().starts_with("stored data unreadable"),
            "{column}: {e}"
        );
        let e = store.load("cccccccccccc").await.expect_err(column);
        assert!(
            e.to_string().starts_with("stored data unreadable"),
            "{column}: {e}"
        );
        sqlx::query(&set).bind(good).execute(&mut db).await.unwrap();
        assert!(
            store.game("cccccccccccc").await.is_ok(),
            "{column} readable again"
        );
    }
}
