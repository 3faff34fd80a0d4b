//! What a new-game form may offer for each variant: board sizes or board presets, rule
//! presets with their komi, the defaults a game takes when the `rules` object leaves an option
//! out, which of komi, handicap and snap apply, and a short help text. Every value comes from
//! the rules crate or from the variant's `read_rules`, so the form and the server agree.

use serde_json::{Map, Value, json};
use stonefield_rules::classic::{self, Handicap, Rules};
use stonefield_rules::continuous::{BoardShape, Preset, SnapMode};
use stonefield_rules::{margo, topological};

use crate::Variant;
use crate::variants::{
    CONTINUOUS_MAX_HANDICAP, classic_rules, continuous_rules, margo_rules, topological_rules,
};

/// The options of every variant, as `GET /api/variants` answers them:
/// `{"variants": [{"variant", "help", "board": {"key", "values", "default"}, "presets":
/// [{"name", "komi"}], "preset_default", "komi", "handicap": {"max"}, "snap", "options"}]}`.
/// A `null` `komi` or `handicap` (and an empty `presets` or `snap`) means the option does not
/// apply. `options` are the variant's other rules, each `{"key", "kind": "integer" |
/// "boolean", "label", "help", "default"}` (integers also `min` and `max`), sent under their
/// key in the `rules` object.
pub fn describe() -> Value {
    let variants: Vec<Value> = Variant::ALL.into_iter().map(describe_variant).collect();
    json!({ "variants": variants })
}

/// The options of one variant (see [`describe`]).
pub fn describe_variant(variant: Variant) -> Value {
    let empty = Map::new();
    match variant {
        Variant::Classic => {
            let defaults = classic_rules(&empty).expect("the default classic rules");
            let presets: Vec<Value> = Rules::PRESETS
                .into_iter()
                .map(|name| {
                    let rules = Rules::preset(name, defaults.board_size).expect("a listed preset");
                    json!({ "name": name, "komi": rules.komi })
                })
                .collect();
            json!({
                "variant": variant.name(),
                "help": classic_help(),
                "board": sizes(classic::MIN_SIZE, classic::MAX_SIZE, defaults.board_size),
                "presets": presets,
                "preset_default": Rules::DEFAULT_PRESET,
                "komi": defaults.komi,
                "handicap": { "max": Handicap::MAX_STONES },
                "snap": [],
                "options": [],
            })
        }
        Variant::Continuous => {
            let defaults = continuous_rules(&empty).expect("the default continuous rules");
            let default_board = match defaults.board {
                BoardShape::Preset(p) => p.to_string(),
                BoardShape::Polygon(_) => Preset::default().to_string(),
            };
            let boards: Vec<String> = Preset::ALL.iter().map(ToString::to_string).collect();
            let snap: Vec<&str> = SnapMode::ALL.into_iter().map(SnapMode::name).collect();
            json!({
                "variant": variant.name(),
                "help": continuous_help(defaults.komi),
                "board": { "key": "board", "values": boards, "default": default_board },
                "presets": [],
                "preset_default": null,
                "komi": defaults.komi,
                "handicap": { "max": CONTINUOUS_MAX_HANDICAP },
                "snap": snap,
                "options": [],
            })
        }
        Variant::Margo => {
            let defaults = margo_rules(&empty).expect("the default MarGo rules");
            json!({
                "variant": variant.name(),
                "help": margo_help(defaults.board_size),
                "board": sizes(margo::MIN_SIZE, margo::MAX_SIZE, defaults.board_size),
                "presets": [],
                "preset_default": null,
                "komi": null,
                "handicap": null,
                "snap": [],
                "options": margo_options(&defaults),
            })
        }
        Variant::Topological => {
            let defaults = topological_rules(&empty).expect("the default Topological rules");
            json!({
                "variant": variant.name(),
                "help": topological_help(defaults.reserve_stones()),
                "board": sizes(topological::MIN_SIZE, topological::MAX_SIZE, defaults.board_size()),
                "presets": [],
                "preset_default": null,
                "komi": null,
                "handicap": null,
                "snap": [],
                "options": [reserve_option(defaults.board_size(), defaults.reserve_stones())],
            })
        }
    }
}

/// MarGo's rule switches that online games play, with the book's values as defaults.
fn margo_options(defaults: &margo::MargoRules) -> Vec<Value> {
    let flag = |key: &str, label: &str, default: bool, help: &str| json!({ "key": key, "kind": "boolean", "label": label, "default": default, "help": help });
    // The swap is left out: it exchanges the players' seats, which online games do not do.
    vec![
        flag(
            "first_capture_wins",
            "First capture wins",
            defaults.first_capture_wins,
            "The book's beginner's game: the first capture ends the game.",
        ),
        flag(
            "buried_hidden",
            "Buried balls connect nothing",
            defaults.buried_hidden,
            "As in the book: a ball with a ball straight above it, two levels up, has no \
             contacts. Off, as in the original program, it keeps them.",
        ),
        flag(
            "bridge_cutting",
            "Bridges cut",
            defaults.bridge_cutting,
            "As in the book: a bridge of two opponent balls cuts the contact below it. Off is \
             for study only.",
        ),
    ]
}

/// Topological Go's reserve stones: from none to as many as the default board allows
/// (a smaller board allows fewer, and the server says so).
fn reserve_option(size: u8, default: u32) -> Value {
    let max = (default..=1000)
        .take_while(|&r| topological::TopoRules::new(u32::from(size), r).is_ok())
        .last()
        .unwrap_or(default);
    json!({
        "key": "reserve_stones",
        "kind": "integer",
        "label": "Reserve stones",
        "default": default,
        "min": 0,
        "max": max,
        "help": "Stones each player must place away from their own trees; whoever has not \
                 placed them all when the game ends loses.",
    })
}

/// Every side from `min` to `max`, sent as `board_size`.
fn sizes(min: u8, max: u8, default: u8) -> Value {
    let values: Vec<u8> = (min..=max).collect();
    json!({ "key": "board_size", "values": values, "default": default })
}

fn classic_help() -> String {
    let presets: Vec<String> = Rules::PRESETS
        .into_iter()
        .filter_map(|name| Rules::preset(name, 19).ok().map(|r| (name, r)))
        .map(|(name, r)| {
            let count = if r.mark_dead {
                ""
            } else {
                ", no dead-stone removal"
            };
            format!(
                "{name} ({} scoring, {} ko, suicide {}, komi {}{count})",
                r.scoring, r.ko, r.suicide, r.komi
            )
        })
        .collect();
    format!(
        "Go as players know it, on a square board of {}x{} to {}x{} lines. Black moves first; \
         a group without liberties is captured. The rule preset sets ko, suicide, scoring and \
         komi: {}. A handicap is 0 or 2 to {} stones; on the standard points it needs a board \
         of 7x7 or more.",
        classic::MIN_SIZE,
        classic::MIN_SIZE,
        classic::MAX_SIZE,
        classic::MAX_SIZE,
        presets.join("; "),
        Handicap::MAX_STONES,
    )
}

fn continuous_help(komi: f64) -> String {
    let boards: Vec<String> = Preset::ALL.iter().map(ToString::to_string).collect();
    format!(
        "Stones are discs placed anywhere on a polygon board ({}): a stone may touch others but \
         not overlap them or the edge. Touching stones of one colour connect, and a group with \
         no free room around it is captured. On the game page a snap mode turns your click into \
         a point: nearest (the pointer itself if a stone fits there, else the nearest legal \
         point), own (the nearest legal point touching one of your stones) or opponent (the \
         nearest touching an opponent's stone). Komi {komi} by default; a handicap of N lets \
         Black place N stones anywhere first, and komi becomes 0.5.",
        boards.join(", "),
    )
}

fn margo_help(default: u8) -> String {
    format!(
        "Balls stack into pyramids on a grid of n x n holes ({}..{}; {default} is standard, 4 \
         Spargo, 6 for beginners, 8 large). A ball goes into an empty hole of the bottom level, \
         or on top of four balls of any colour that form a square. White moves first; there is \
         no passing, no komi and no handicap. Balls touch side by side on one level or when one \
         rests on another; a bridge of two opponent balls over a contact cuts it, and a buried \
         ball (with a ball straight above it, two levels up) connects nothing. A group with no \
         empty hole next to its bottom-level balls is captured, but balls that an opponent's \
         ball rests on stay as zombies.",
        margo::MIN_SIZE,
        margo::MAX_SIZE,
    )
}

fn topological_help(reserve: u32) -> String {
    format!(
        "Grow trees of stones on an N x N grid ({}..{}). Each player starts with two opposite \
         corners; White moves first. A normal stone must touch one of your stones \
         orthogonally; a reserve stone ({reserve} each) must touch none of yours and starts a \
         new tree. Whoever has not placed all {reserve} reserve stones when the game ends (two \
         passes) loses (if both, the trees decide). Points enclosed by either player are \
         closed to both. The longest tree wins, Black counting +1; no komi and no handicap.",
        topological::MIN_SIZE,
        topological::MAX_SIZE,
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn variant(name: &str) -> Value {
        describe()["variants"]
            .as_array()
            .unwrap()
            .iter()
            .find(|v| v["variant"] == name)
            .cloned()
            .unwrap_or_else(|| panic!("{name} described"))
    }

    #[test]
    fn every_variant_is_described_once() {
        let all = describe();
        let names: Vec<&str> = all["variants"]
            .as_array()
            .unwrap()
            .iter()
            .map(|v| v["variant"].as_str().unwrap())
            .collect();
        assert_eq!(names, ["classic", "continuous", "margo", "topological"]);
    }

    #[test]
    fn classic_presets_carry_their_komi() {
        let c = variant("classic");
        for p in c["presets"].as_array().unwrap() {
            let rules = Rules::preset(p["name"].as_str().unwrap(), 19).unwrap();
            assert_eq!(p["komi"], rules.komi);
        }
        assert_eq!(c["presets"][0]["name"], "chinese");
        assert_eq!(c["komi"], 7.5);
        assert_eq!(c["board"]["default"], 19);
        assert_eq!(c["handicap"]["max"], 9);
    }

    #[test]
    fn every_offered_value_reads_as_rules() {
        for v in describe()["variants"].as_array().unwrap() {
            let name = v["variant"].as_str().unwrap();
            let key = v["board"]["key"].as_str().unwrap();
            let values = v["board"]["values"].as_array().unwrap();
            assert!(values.contains(&v["board"]["default"]), "{name}");
            for value in values {
                let mut rules = Map::new();
                rules.insert(key.into(), value.clone());
                let ok = match name {
                    "classic" => classic_rules(&rules).is_ok(),
                    "continuous" => continuous_rules(&rules).is_ok(),
                    "margo" => margo_rules(&rules).is_ok(),
                    _ => topological_rules(&rules).is_ok(),
                };
                assert!(ok, "{name} {value}");
            }
        }
    }

    #[test]
    fn margo_and_topological_sizes_and_what_does_not_apply() {
        let m = variant("margo");
        let sizes = m["board"]["values"].as_array().unwrap();
        assert_eq!(sizes.first(), Some(&json!(2)));
        assert_eq!(sizes.last(), Some(&json!(13)));
        assert_eq!(m["board"]["default"], 7);
        assert!(m["komi"].is_null() && m["handicap"].is_null());
        let t = variant("topological");
        assert_eq!(t["board"]["default"], 10);
        assert_eq!(t["board"]["values"][0], 6);
        assert!(t["help"].as_str().unwrap().contains("reserve"));
        let c = variant("continuous");
        assert_eq!(c["board"]["default"], "square-13");
        assert_eq!(c["options"], json!([]));
        assert_eq!(c["snap"], json!(["nearest", "own", "opponent"]));
    }

    #[test]
    fn every_option_reads_as_rules_at_its_default_and_its_bounds() {
        for v in describe()["variants"].as_array().unwrap() {
            let name = v["variant"].as_str().unwrap();
            for o in v["options"].as_array().unwrap() {
                let key = o["key"].as_str().unwrap();
                let values = match o["kind"].as_str().unwrap() {
                    "boolean" => vec![json!(true), json!(false)],
                    _ => vec![o["min"].clone(), o["default"].clone(), o["max"].clone()],
                };
                for value in values {
                    let mut rules = Map::new();
                    rules.insert(key.into(), value.clone());
                    let ok = match name {
                        "margo" => margo_rules(&rules).is_ok(),
                        "topological" => topological_rules(&rules).is_ok(),
                        _ => false,
                    };
                    assert!(ok, "{name} {key} {value}");
                }
                assert!(
                    !o["label"].as_str().unwrap().is_empty()
                        && !o["help"].as_str().unwrap().is_empty()
                );
            }
        }
        let t = variant("topological");
        let reserve = &t["options"][0];
        assert_eq!(
            (reserve["key"].as_str(), reserve["default"].as_u64()),
            (Some("reserve_stones"), Some(5))
        );
        let mut too_many = Map::new();
        too_many.insert(
            "reserve_stones".into(),
            json!(reserve["max"].as_u64().unwrap() + 1),
        );
        assert!(
            topological_rules(&too_many).is_err(),
            "max is the largest the default board takes"
        );
        let m = variant("margo");
        let keys: Vec<&str> = m["options"]
            .as_array()
            .unwrap()
            .iter()
            .map(|o| o["key"].as_str().unwrap())
            .collect();
        assert_eq!(
            keys,
            ["first_capture_wins", "buried_hidden", "bridge_cutting"]
        );
    }
}
