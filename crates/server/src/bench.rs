//! Load bench (later).
