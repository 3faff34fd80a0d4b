//! MarGo: 3D Go with balls stacked into pyramids (`rules/margo.md`).
