//! A minimal GTP client for GNU Go 3.8, the referee of the classic-Go tests: it starts
//! `gnugo --mode gtp` as a child and exchanges one command and one reply at a time over the
//! child's stdin and stdout.

use std::collections::BTreeSet;
use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};

use stonefield_rules::Color;
use stonefield_rules::classic::Point;

/// Where GNU Go is looked for when `STONEFIELD_GNUGO` is not set: Debian and Ubuntu install
/// it outside PATH.
const DEFAULT_PATHS: [&str; 2] = ["/usr/games/gnugo", "gnugo"];

/// A running GNU Go speaking GTP.
#[derive(Debug)]
pub struct GnuGo {
    child: Child,
    stdin: ChildStdin,
    stdout: BufReader<ChildStdout>,
    size: u8,
}

impl GnuGo {
    /// Starts GNU Go with extra command-line `flags` (rule options such as
    /// `--positional-superko`) and sets an empty board of side `size`.
    ///
    /// # Panics
    /// When GNU Go cannot be started or is not GNU Go 3.8: the referee tests must fail, not
    /// pass silently, on a machine without it.
    pub fn start(flags: &[&str], size: u8) -> GnuGo {
        let candidates: Vec<String> = match std::env::var("STONEFIELD_GNUGO") {
            Ok(path) => vec![path],
            Err(_) => DEFAULT_PATHS.iter().map(|s| (*s).to_owned()).collect(),
        };
        let mut child = candidates
            .iter()
            .find_map(|path| {
                Command::new(path)
                    .args(["--mode", "gtp", "--quiet"])
                    .args(flags)
                    .stdin(Stdio::piped())
                    .stdout(Stdio::piped())
                    .stderr(Stdio::null())
                    .spawn()
                    .ok()
            })
            .unwrap_or_else(|| {
                panic!(
                    "GNU Go 3.8 is needed as the referee of these tests but was not found at \
                     {candidates:?}: install it (`sudo apt-get install gnugo`, as CI does) or \
                     set STONEFIELD_GNUGO to its path"
                )
            });
        let stdin = child.stdin.take().expect("piped stdin");
        let stdout = BufReader::new(child.stdout.take().expect("piped stdout"));
        let mut gnugo = GnuGo {
            child,
            stdin,
            stdout,
            size,
        };
        let version = gnugo.ok("version");
        assert!(
            version.starts_with("3.8"),
            "the referee must be GNU Go 3.8, found version {version:?}"
        );
        gnugo.ok(&format!("boardsize {size}"));
        gnugo.ok("clear_board");
        gnugo
    }

    /// Sends `command` and returns the reply text: `Ok` for `=`, `Err` for `?`.
    ///
    /// # Panics
    /// If GNU Go stops answering or answers outside the protocol.
    pub fn send(&mut self, command: &str) -> Result<String, String> {
        writeln!(self.stdin, "{command}")
            .and_then(|()| self.stdin.flush())
            .unwrap_or_else(|e| panic!("GNU Go stopped reading at {command:?}: {e}"));
        let mut reply = String::new();
        loop {
            let mut line = String::new();
            let n = self
                .stdout
                .read_line(&mut line)
                .unwrap_or_else(|e| panic!("GNU Go reply to {command:?} unreadable: {e}"));
            assert!(n > 0, "GNU Go exited while answering {command:?}");
            // A reply ends with an empty line.
            if line.trim().is_empty() && !reply.is_empty() {
                break;
            }
            reply.push_str(&line);
        }
        let reply = reply.trim_end();
        if let Some(text) = reply.strip_prefix('=') {
            Ok(text.trim().to_owned())
        } else if let Some(text) = reply.strip_prefix('?') {
            Err(text.trim().to_owned())
        } else {
            panic!("GNU Go answered {command:?} outside GTP: {reply:?}")
        }
    }

    /// Sends a command that must succeed.
    ///
    /// # Panics
    /// If GNU Go answers with an error.
    pub fn ok(&mut self, command: &str) -> String {
        self.send(command)
            .unwrap_or_else(|e| panic!("GNU Go refused {command:?}: {e}"))
    }

    /// Whether GNU Go would let `color` play at `p` (an off-board point is an error reply,
    /// which counts as illegal).
    pub fn is_legal(&mut self, color: Color, p: Point) -> bool {
        let vertex = vertex(p, self.size);
        matches!(
            self.send(&format!("is_legal {color} {vertex}")).as_deref(),
            Ok("1")
        )
    }

    /// Every point where `color` may play.
    pub fn all_legal(&mut self, color: Color) -> BTreeSet<Point> {
        let reply = self.ok(&format!("all_legal {color}"));
        self.points(&reply)
    }

    /// Every stone of `color` on GNU Go's board.
    pub fn stones(&mut self, color: Color) -> BTreeSet<Point> {
        let reply = self.ok(&format!("list_stones {color}"));
        self.points(&reply)
    }

    /// The number of stones `color` has captured.
    pub fn captures(&mut self, color: Color) -> u32 {
        let reply = self.ok(&format!("captures {color}"));
        reply
            .parse()
            .unwrap_or_else(|_| panic!("captures reply {reply:?}"))
    }

    /// Plays a stone or, with `None`, a pass.
    ///
    /// # Errors
    /// GNU Go's error text when it refuses the move.
    pub fn play(&mut self, color: Color, at: Option<Point>) -> Result<(), String> {
        let vertex = at.map_or_else(|| "pass".to_owned(), |p| vertex(p, self.size));
        self.send(&format!("play {color} {vertex}")).map(drop)
    }

    /// Reads a space-separated list of vertices.
    fn points(&self, reply: &str) -> BTreeSet<Point> {
        reply
            .split_whitespace()
            .map(|v| {
                Point::from_gtp(v, self.size)
                    .unwrap_or_else(|| panic!("GNU Go vertex {v:?} off a {0}x{0} board", self.size))
            })
            .collect()
    }
}

/// The GTP vertex of `p`, also for points off the board (GNU Go must refuse those).
pub fn vertex(p: Point, size: u8) -> String {
    if p.x() < size && p.y() < size {
        p.to_gtp(size)
    } else {
        // Off the board: a column letter past the edge, or row 0 / a row past the top.
        let letters = b"ABCDEFGHJKLMNOPQRSTUVWXYZ";
        let column = char::from(letters[usize::from(p.x())]);
        let row = i32::from(size) - i32::from(p.y());
        format!("{column}{row}")
    }
}

impl Drop for GnuGo {
    fn drop(&mut self) {
        let _ = writeln!(self.stdin, "quit").and_then(|()| self.stdin.flush());
        if self.child.wait().is_err() {
            let _ = self.child.kill();
        }
    }
}
