//! Game records: stonefield's JSON record, SGF for classic Go, and the replay report.
