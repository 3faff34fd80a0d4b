//! Continuous Go (Sugo): stones are discs placed anywhere on a polygon board
//! (`rules/continuous.md`).
