//! Topological Go: the tree-building game (`rules/topological.md`).
