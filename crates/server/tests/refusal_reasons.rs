//! Every reason the server can give for a refusal has a sentence in the browser client's
//! table (`web/reasons.js`): the rules' reasons, continuous Go's unresolved request, and
//! each code the server's own source passes to `refuse`.

use std::path::Path;

use stonefield_rules::IllegalMove;

/// The codes written literally as `refuse(conn, "code", ...)` in the server's source.
fn server_codes(dir: &Path, out: &mut Vec<String>) {
    for entry in std::fs::read_dir(dir).expect("source directory") {
        let path = entry.expect("entry").path();
        if path.is_dir() {
            server_codes(&path, out);
            continue;
        }
        if path.extension().is_none_or(|e| e != "rs") {
            continue;
        }
        let text = std::fs::read_to_string(&path).expect("source file");
        for (at, _) in text.match_indices("refuse(") {
            let rest = text[at + "refuse(".len()..].trim_start();
            let Some(rest) = rest.strip_prefix("conn,") else {
                continue;
            };
            let Some(rest) = rest.trim_start().strip_prefix('"') else {
                continue;
            };
            if let Some(end) = rest.find('"') {
                out.push(rest[..end].to_owned());
            }
        }
    }
}

#[test]
fn the_client_explains_every_refusal_reason() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let table = std::fs::read_to_string(root.join("../../web/reasons.js")).expect("web/reasons.js");
    let mut codes: Vec<String> = IllegalMove::ALL
        .iter()
        .map(|r| r.reason().to_owned())
        .collect();
    codes.push("no-point".into());
    let before = codes.len();
    server_codes(&root.join("src"), &mut codes);
    assert!(
        codes.len() > before + 8,
        "the scan finds the server's own codes: {codes:?}"
    );
    let missing: Vec<&String> = codes
        .iter()
        .filter(|c| !table.contains(&format!("'{c}':")))
        .collect();
    assert!(
        missing.is_empty(),
        "no sentence in web/reasons.js for {missing:?}"
    );
}
