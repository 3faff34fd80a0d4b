//! The conformance cases the tests read. A copy of the public cases lives in this crate
//! (`conformance/`), so a plain clone tests itself; when `../shared/conformance` sits beside
//! the repository its cases are read as well, and win over a copy of the same name.
//!
//! Test support only: every failure panics with the path it is about.

use std::collections::BTreeMap;
use std::fs;
use std::path::{Path, PathBuf};

/// The variants with conformance cases: the folder names under `conformance/`.
pub const VARIANTS: [&str; 3] = ["classic", "continuous", "margo"];

/// The copy kept in this repository.
pub fn repo_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("conformance")
}

/// `../shared/conformance` beside the repository, when it is there.
pub fn shared_root() -> Option<PathBuf> {
    let shared = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../../shared/conformance");
    shared.is_dir().then_some(shared)
}

/// The case folders of `variant`: the repository's copy first, then the shared one.
pub fn case_dirs(variant: &str) -> Vec<PathBuf> {
    assert!(
        VARIANTS.contains(&variant),
        "no conformance cases for {variant}"
    );
    std::iter::once(repo_root())
        .chain(shared_root())
        .map(|root| root.join(variant))
        .collect()
}

/// Every entry (file or case folder) of `variant`'s case folders, sorted by name; where both
/// folders hold an entry of the same name, the shared one (the newer source) is taken.
pub fn entries(variant: &str) -> Vec<PathBuf> {
    let mut by_name = BTreeMap::new();
    for dir in case_dirs(variant) {
        for path in list(&dir) {
            let name = path.file_name().map(|n| n.to_os_string());
            by_name.insert(name, path);
        }
    }
    by_name.into_values().collect()
}

/// The entries of `variant` whose file name ends with `suffix` (`.record.json`, `.sgf`).
pub fn files_ending(variant: &str, suffix: &str) -> Vec<PathBuf> {
    entries(variant)
        .into_iter()
        .filter(|p| p.to_string_lossy().ends_with(suffix))
        .collect()
}

/// The entries of a folder, sorted; panics naming the folder when it cannot be read.
pub fn list(dir: &Path) -> Vec<PathBuf> {
    let read = fs::read_dir(dir).unwrap_or_else(|e| panic!("{}: {e}", dir.display()));
    let mut paths: Vec<PathBuf> = read
        .map(|entry| {
            entry
                .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
                .path()
        })
        .collect();
    paths.sort();
    paths
}

/// A file's text; panics naming the file when it cannot be read.
pub fn read(path: &Path) -> String {
    fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// The sibling of a `NAME.record.json` (or `NAME.sgf`) case file with another ending,
/// such as `.expected.json`.
pub fn sibling(path: &Path, from: &str, to: &str) -> PathBuf {
    let name = path.to_string_lossy();
    let stem = name
        .strip_suffix(from)
        .unwrap_or_else(|| panic!("{}: does not end with {from}", path.display()));
    PathBuf::from(format!("{stem}{to}"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_repository_copy_holds_cases_of_every_variant() {
        for variant in VARIANTS {
            let cases = list(&repo_root().join(variant));
            assert!(cases.len() >= 3, "{variant}: {cases:?}");
        }
    }

    #[test]
    fn a_missing_file_is_named_in_the_failure() {
        let missing = repo_root().join("no-such-case.json");
        let failure = std::panic::catch_unwind(|| read(&missing)).expect_err("missing file");
        let message = failure
            .downcast_ref::<String>()
            .expect("a formatted message");
        assert!(message.contains("no-such-case.json"), "{message}");
    }

    #[test]
    fn shared_cases_win_over_a_copy_of_the_same_name() {
        let Some(shared) = shared_root() else {
            return;
        };
        for path in entries("margo") {
            let copy_only = !shared
                .join("margo")
                .join(path.file_name().expect("name"))
                .exists();
            assert_eq!(path.starts_with(&shared), !copy_only, "{}", path.display());
        }
    }

    #[test]
    fn siblings_swap_the_ending() {
        let case = Path::new("/x/a.record.json");
        assert_eq!(
            sibling(case, ".record.json", ".expected.json"),
            Path::new("/x/a.expected.json")
        );
    }
}
