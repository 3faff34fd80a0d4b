//! A room's two chats: the players' (both seats) and the spectators' (every watcher), each
//! line told only to its channel's connections. A line is stored at the next place of the
//! game's chat before anyone is told; the room then reads every line after its last (its
//! own and other instances'), so all rooms of a game tell the same lines in the same order.

use stonefield_rules::Color;

use super::Room;
use crate::socket::protocol::{MAX_CHAT_CHARS, ServerMessage};
use crate::store::{Channel, ChatLine, StoreError, now_ms};

/// The most lines a game's chat holds (both channels): beyond, lines are refused as
/// `chat-full`, so that a game's chat stays a size a state and a record carry.
pub(super) const MAX_CHAT_LINES: usize = 1000;

/// How many of the channel's last lines a state carries (the record has them all).
pub(super) const STATE_CHAT_LINES: usize = 100;

/// How many times a line that lost its place to another instance's is tried again.
const TRIES: usize = 4;

/// The text of a chat line as stored: trimmed, 1 to [`MAX_CHAT_CHARS`] characters, no
/// control characters but newlines (a line is shown as plain text, never as markup).
///
/// # Errors
/// The refusal's reason and message.
pub(crate) fn chat_text(text: &str) -> Result<&str, (&'static str, String)> {
    let text = text.trim();
    if text.is_empty() {
        return Err(("chat-empty", "say something: the message is empty".into()));
    }
    let chars = text.chars().count();
    if chars > MAX_CHAT_CHARS {
        let message = format!("a message has at most {MAX_CHAT_CHARS} characters ({chars} sent)");
        return Err(("chat-too-long", message));
    }
    if text.chars().any(|c| c.is_control() && c != '\n') {
        let message = "a message is plain text: no control characters but newlines";
        return Err(("chat-control", message.into()));
    }
    Ok(text)
}

impl Room {
    /// The lines of `channel` a state carries: the last [`STATE_CHAT_LINES`].
    pub(super) fn chat_for(&self, channel: Channel) -> Vec<ChatLine> {
        let mut lines: Vec<ChatLine> = self
            .chat
            .iter()
            .rev()
            .filter(|l| l.channel == channel)
            .take(STATE_CHAT_LINES)
            .cloned()
            .collect();
        lines.reverse();
        lines
    }

    /// `text` said by the connection `conn` in `seat` (a watcher: `None`), in its channel.
    pub(super) async fn say(&mut self, conn: u64, seat: Option<Color>, text: &str) {
        let text = match chat_text(text) {
            Ok(text) => text.to_owned(),
            Err((reason, message)) => return self.refuse(conn, reason, &message),
        };
        if self.chat.len() >= MAX_CHAT_LINES {
            let message = format!("this game's chat is full ({MAX_CHAT_LINES} messages)");
            return self.refuse(conn, "chat-full", &message);
        }
        let from = match seat {
            Some(c) => self.row.names[c].clone().unwrap_or_else(|| c.name().into()),
            None => "spectator".into(),
        };
        for _ in 0..TRIES {
            let line = ChatLine {
                seq: self.chat_seq + 1,
                channel: Channel::of(seat),
                color: seat,
                from: from.clone(),
                text: text.clone(),
                at_ms: now_ms(),
                moves: i64::try_from(self.move_count()).unwrap_or(i64::MAX),
            };
            match self.store.add_chat(&self.row.id, &line).await {
                Ok(()) => {
                    // What was stored before it (by other instances) is told first.
                    if !self.catch_up_chat().await && line.seq == self.chat_seq + 1 {
                        self.chat_heard(line);
                    }
                    return;
                }
                Err(StoreError::Conflict) => {
                    self.catch_up_chat().await;
                }
                Err(e) => {
                    tracing::error!(game = %self.row.id, "storing a chat line failed: {e}");
                    return self.refuse(conn, "failed", "the message could not be sent; try again");
                }
            }
        }
        let message = "the chat kept changing: try again".to_owned();
        self.send_to(conn, &ServerMessage::Error { message });
    }

    /// Reads and tells the lines stored after the room's last; false if the store could
    /// not be read.
    pub(super) async fn catch_up_chat(&mut self) -> bool {
        match self.store.chat_after(&self.row.id, self.chat_seq).await {
            Ok(fresh) => {
                for line in fresh {
                    if line.seq > self.chat_seq {
                        self.chat_heard(line);
                    }
                }
                true
            }
            Err(e) => {
                tracing::warn!(game = %self.row.id, "reading the chat failed: {e}");
                false
            }
        }
    }

    /// A stored line: kept, and told to the connections of its channel.
    fn chat_heard(&mut self, line: ChatLine) {
        self.chat_seq = line.seq;
        let channel = line.channel;
        let text: std::sync::Arc<str> =
            ServerMessage::Chat(Box::new(line.clone())).to_text().into();
        self.chat.push(line);
        self.clients.retain(|c| {
            Channel::of(c.seat) != channel || c.out.send(std::sync::Arc::clone(&text)).is_ok()
        });
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn chat_text_is_trimmed_plain_text_of_limited_length() {
        assert_eq!(chat_text("  gg \n"), Ok("gg"));
        assert_eq!(chat_text("two\nlines"), Ok("two\nlines"));
        assert_eq!(chat_text(" \n ").unwrap_err().0, "chat-empty");
        let long = "é".repeat(MAX_CHAT_CHARS);
        assert_eq!(chat_text(&long), Ok(long.as_str()), "characters, not bytes");
        let longer = format!("{long}x");
        assert_eq!(chat_text(&longer).unwrap_err().0, "chat-too-long");
        assert_eq!(chat_text("bell\u{7}").unwrap_err().0, "chat-control");
        assert_eq!(chat_text("<b>hi</b>"), Ok("<b>hi</b>"), "kept as text");
    }
}
