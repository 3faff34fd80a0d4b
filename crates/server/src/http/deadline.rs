//! Time bounds on what a client holds open once its request's headers are in (hyper bounds
//! those): a request body must arrive by a deadline ([`BodyDeadline`]), and a connection
//! whose client takes nothing of what it is sent for as long is closed ([`Stalled`]): an
//! HTTP answer read a byte at a time, or a WebSocket that never reads.

use std::future::Future;
use std::io;
use std::pin::Pin;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::task::{Context, Poll};
use std::time::Duration;

use hyper::body::{Body, Bytes, Frame, Incoming, SizeHint};
use tokio::io::{AsyncRead, AsyncWrite, ReadBuf};
use tokio::time::Sleep;

/// Why a request body could not be read.
#[derive(Debug, thiserror::Error)]
pub enum BodyError {
    /// The connection failed while the body was arriving.
    #[error(transparent)]
    Read(#[from] hyper::Error),
    /// The body had not all arrived by its deadline.
    #[error("the request body did not arrive within {0} s")]
    Late(u64),
}

/// A request body that must have arrived `limit` after the headers; past that, reading it
/// fails with [`BodyError::Late`] and the flag given to [`BodyDeadline::new`] is set, so
/// that the answer can say so (408) whatever the handler made of the failure.
#[derive(Debug)]
pub struct BodyDeadline {
    inner: Incoming,
    deadline: Pin<Box<Sleep>>,
    limit: Duration,
    expired: Arc<AtomicBool>,
}

impl BodyDeadline {
    /// `inner`, due within `limit` from now; `expired` is set if it is not.
    pub fn new(inner: Incoming, limit: Duration, expired: Arc<AtomicBool>) -> BodyDeadline {
        BodyDeadline {
            inner,
            deadline: Box::pin(tokio::time::sleep(limit)),
            limit,
            expired,
        }
    }
}

impl Body for BodyDeadline {
    type Data = Bytes;
    type Error = BodyError;

    fn poll_frame(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
    ) -> Poll<Option<Result<Frame<Bytes>, BodyError>>> {
        let this = &mut *self;
        if let Poll::Ready(frame) = Pin::new(&mut this.inner).poll_frame(cx) {
            return Poll::Ready(frame.map(|f| f.map_err(BodyError::Read)));
        }
        if this.deadline.as_mut().poll(cx).is_ready() {
            this.expired.store(true, Ordering::Release);
            return Poll::Ready(Some(Err(BodyError::Late(this.limit.as_secs()))));
        }
        Poll::Pending
    }

    fn is_end_stream(&self) -> bool {
        self.inner.is_end_stream()
    }

    fn size_hint(&self) -> SizeHint {
        self.inner.size_hint()
    }
}

/// A connection whose writes fail once one has waited `limit` for the client to take
/// anything (its receive window stays shut): the connection then closes, WebSocket or not.
/// Reads pass through: hyper bounds a request's headers, [`BodyDeadline`] its body, and a
/// WebSocket's pings its silence.
#[derive(Debug)]
pub struct Stalled<T> {
    io: T,
    limit: Duration,
    /// Set while a write waits: when it gives up.
    waiting: Option<Pin<Box<Sleep>>>,
}

impl<T> Stalled<T> {
    /// `io`, whose writes may wait at most `limit`.
    pub fn new(io: T, limit: Duration) -> Stalled<T> {
        Stalled {
            io,
            limit,
            waiting: None,
        }
    }

    /// `poll` as it is, unless it has been pending for `limit`.
    fn bounded<R>(
        &mut self,
        cx: &mut Context<'_>,
        poll: Poll<io::Result<R>>,
    ) -> Poll<io::Result<R>> {
        if poll.is_ready() {
            self.waiting = None;
            return poll;
        }
        let limit = self.limit;
        let waiting = self
            .waiting
            .get_or_insert_with(|| Box::pin(tokio::time::sleep(limit)));
        if waiting.as_mut().poll(cx).is_ready() {
            self.waiting = None;
            let message = format!("the client took nothing for {} s", limit.as_secs());
            return Poll::Ready(Err(io::Error::new(io::ErrorKind::TimedOut, message)));
        }
        Poll::Pending
    }
}

impl<T: AsyncRead + Unpin> AsyncRead for Stalled<T> {
    fn poll_read(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &mut ReadBuf<'_>,
    ) -> Poll<io::Result<()>> {
        Pin::new(&mut self.io).poll_read(cx, buf)
    }
}

impl<T: AsyncWrite + Unpin> AsyncWrite for Stalled<T> {
    fn poll_write(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &[u8],
    ) -> Poll<io::Result<usize>> {
        let poll = Pin::new(&mut self.io).poll_write(cx, buf);
        self.bounded(cx, poll)
    }

    fn poll_write_vectored(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        bufs: &[io::IoSlice<'_>],
    ) -> Poll<io::Result<usize>> {
        let poll = Pin::new(&mut self.io).poll_write_vectored(cx, bufs);
        self.bounded(cx, poll)
    }

    fn is_write_vectored(&self) -> bool {
        self.io.is_write_vectored()
    }

    fn poll_flush(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        let poll = Pin::new(&mut self.io).poll_flush(cx);
        self.bounded(cx, poll)
    }

    fn poll_shutdown(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        let poll = Pin::new(&mut self.io).poll_shutdown(cx);
        self.bounded(cx, poll)
    }
}
