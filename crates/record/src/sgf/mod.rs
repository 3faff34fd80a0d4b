//! SGF FF[4] for classic Go.
