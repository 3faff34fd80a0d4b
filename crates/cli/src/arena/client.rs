//! One GTP engine seen from the controller's side: a child process spoken to over its
//! standard input and output, or stonefield's own engine in this process. Every answer has
//! a deadline, so a hung engine fails the match instead of hanging it.

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::time::Duration;

use anyhow::{Context, anyhow, bail};

use crate::gtp;

/// What a GTP answer can be: success (`=`) with its text, or failure (`?`) with the
/// engine's message. Transport failures (a dead or silent engine) are `Err` of the call.
pub type Answer = Result<String, String>;

/// A GTP engine.
pub trait Gtp {
    /// Sends one command and waits up to `timeout` for the answer.
    ///
    /// # Errors
    /// The engine died, closed its output or did not answer in time.
    fn send(&mut self, command: &str, timeout: Duration) -> anyhow::Result<Answer>;
}

/// An engine in a child process.
#[derive(Debug)]
pub struct Process {
    command_line: String,
    child: Child,
    stdin: ChildStdin,
    lines: Receiver<String>,
}

impl Process {
    /// Starts `command_line` (split as a POSIX shell would, without running a shell).
    ///
    /// # Errors
    /// An empty or unbalanced command line, or a program that cannot be started.
    pub fn spawn(command_line: &str) -> anyhow::Result<Process> {
        let words = shlex::split(command_line)
            .filter(|w| !w.is_empty())
            .ok_or_else(|| anyhow!("cannot split the engine command {command_line:?}"))?;
        let mut child = Command::new(&words[0])
            .args(&words[1..])
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .with_context(|| format!("cannot start {command_line:?}"))?;
        let stdin = child.stdin.take().context("engine stdin")?;
        let stdout = child.stdout.take().context("engine stdout")?;
        // A reader thread turns the blocking pipe into a channel that can time out.
        let (tx, lines) = mpsc::channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                let Ok(line) = line else { break };
                if tx.send(line).is_err() {
                    break;
                }
            }
        });
        Ok(Process {
            command_line: command_line.to_owned(),
            child,
            stdin,
            lines,
        })
    }
}

impl Gtp for Process {
    fn send(&mut self, command: &str, timeout: Duration) -> anyhow::Result<Answer> {
        let who = &self.command_line;
        writeln!(self.stdin, "{command}")
            .and_then(|()| self.stdin.flush())
            .with_context(|| format!("{who}: cannot send {command:?} (engine gone?)"))?;
        // Capped so that any --answer-timeout is a valid deadline.
        let deadline =
            std::time::Instant::now() + timeout.min(Duration::from_secs(365 * 24 * 3600));
        let mut text: Vec<String> = Vec::new();
        loop {
            let left = deadline.saturating_duration_since(std::time::Instant::now());
            let line = match self.lines.recv_timeout(left) {
                Ok(line) => line.replace('\r', ""),
                Err(RecvTimeoutError::Timeout) => {
                    bail!("{who}: no answer to {command:?} within {timeout:?}")
                }
                Err(RecvTimeoutError::Disconnected) => {
                    bail!("{who}: the engine closed its output after {command:?}")
                }
            };
            if line.trim().is_empty() {
                if text.is_empty() {
                    continue;
                }
                break;
            }
            text.push(line);
        }
        parse_answer(&text.join("\n")).with_context(|| format!("{who}: answer to {command:?}"))
    }
}

impl Drop for Process {
    fn drop(&mut self) {
        let _ = writeln!(self.stdin, "quit").and_then(|()| self.stdin.flush());
        for _ in 0..20 {
            if let Ok(Some(_)) = self.child.try_wait() {
                return;
            }
            std::thread::sleep(Duration::from_millis(10));
        }
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// stonefield's own engine, in this process (a referee needs no child process).
impl Gtp for gtp::Engine {
    fn send(&mut self, command: &str, _timeout: Duration) -> anyhow::Result<Answer> {
        let (reply, _) = self.handle(command);
        parse_answer(reply.as_deref().unwrap_or("= ").trim_end())
    }
}

/// `= text` or `? message` (an id after the sign is dropped).
fn parse_answer(text: &str) -> anyhow::Result<Answer> {
    let (ok, rest) = match text.chars().next() {
        Some('=') => (true, &text[1..]),
        Some('?') => (false, &text[1..]),
        _ => bail!("not a GTP answer: {text:?}"),
    };
    let rest = rest.trim_start_matches(|c: char| c.is_ascii_digit()).trim();
    Ok(if ok {
        Ok(rest.to_owned())
    } else {
        Err(rest.to_owned())
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn answers_are_read_with_and_without_ids() {
        assert_eq!(parse_answer("= C3").unwrap(), Ok("C3".into()));
        assert_eq!(parse_answer("=12 pass").unwrap(), Ok("pass".into()));
        assert_eq!(
            parse_answer("?3 illegal move").unwrap(),
            Err("illegal move".into())
        );
        assert_eq!(parse_answer("=").unwrap(), Ok(String::new()));
        assert!(parse_answer("hello").is_err());
    }

    #[test]
    fn a_missing_program_is_a_clear_error() {
        let e = Process::spawn("/nonexistent/engine --gtp").expect_err("no such program");
        assert!(format!("{e:#}").contains("/nonexistent/engine"), "{e:#}");
        assert!(Process::spawn("").is_err());
        assert!(Process::spawn("'unbalanced").is_err());
    }

    #[test]
    fn a_silent_engine_times_out() {
        // `cat` echoes the command back, which is not an answer; `sleep` never answers.
        let mut silent = Process::spawn("sleep 5").expect("sleep runs");
        let e = silent
            .send("name", Duration::from_millis(100))
            .expect_err("no answer");
        assert!(format!("{e:#}").contains("no answer"), "{e:#}");
    }

    #[test]
    fn the_in_process_engine_answers_like_a_child() {
        let mut engine = gtp::Engine::new(gtp::Options::playouts(50, 1));
        let t = Duration::from_secs(1);
        assert_eq!(engine.send("name", t).unwrap(), Ok("stonefield".into()));
        assert!(engine.send("play purple A1", t).unwrap().is_err());
    }
}
