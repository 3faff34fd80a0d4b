//! The error of input the user gave that cannot be used, told apart from the others by its
//! exit status.

use std::fmt;

/// Input the user gave that cannot be used (a missing file, a malformed record): exit
/// status 2. The message names the file and the place in it.
#[derive(Debug)]
pub struct BadInput(pub String);

impl fmt::Display for BadInput {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for BadInput {}
