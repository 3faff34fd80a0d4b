//! Several instances on one shared (PostgreSQL) store: the listener that hears what other
//! instances stored, and the outages when no instance was alive.

pub mod notices;
pub mod outages;
