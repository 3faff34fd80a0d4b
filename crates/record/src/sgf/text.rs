//! Writing an SGF tree as text, deterministically: set-valued properties sorted, square
//! boards as `SZ[19]`, and no recursion, so that deep files cannot exhaust the stack.

use sgf_parse::SgfNode;
use sgf_parse::go::{Move, Point, Prop};

/// An SGF point: `a`..`z` then `A`..`Z`.
pub(crate) fn point(p: Point) -> String {
    let c = |v: u8| -> char {
        match v {
            0..=25 => char::from(b'a' + v),
            26..=51 => char::from(b'A' + v - 26),
            _ => '?',
        }
    };
    format!("{}{}", c(p.x), c(p.y))
}

fn escape(s: &str) -> String {
    s.replace('\\', "\\\\").replace(']', "\\]")
}

fn values(id: &str, mut items: Vec<String>) -> String {
    items.sort();
    if items.is_empty() {
        return format!("{id}[]");
    }
    let inner: Vec<String> = items.iter().map(|v| format!("[{v}]")).collect();
    format!("{id}{}", inner.concat())
}

fn points<'a>(id: &str, set: impl IntoIterator<Item = &'a Point>) -> String {
    values(id, set.into_iter().map(|p| point(*p)).collect())
}

fn mv(m: &Move) -> String {
    match m {
        Move::Pass => String::new(),
        Move::Move(p) => point(*p),
    }
}

/// One property as text; `None` for an identifier that is not valid FF\[4\].
fn prop(p: &Prop) -> Option<String> {
    let text = match p {
        Prop::B(m) => format!("B[{}]", mv(m)),
        Prop::W(m) => format!("W[{}]", mv(m)),
        Prop::SZ((w, h)) if w == h => format!("SZ[{w}]"),
        Prop::AB(s) => points("AB", s),
        Prop::AW(s) => points("AW", s),
        Prop::AE(s) => points("AE", s),
        Prop::CR(s) => points("CR", s),
        Prop::DD(s) => points("DD", s),
        Prop::MA(s) => points("MA", s),
        Prop::SL(s) => points("SL", s),
        Prop::SQ(s) => points("SQ", s),
        Prop::TR(s) => points("TR", s),
        Prop::VW(s) => points("VW", s),
        Prop::TB(s) => points("TB", s),
        Prop::TW(s) => points("TW", s),
        Prop::AR(s) | Prop::LN(s) => {
            let id = if matches!(p, Prop::AR(_)) { "AR" } else { "LN" };
            values(
                id,
                s.iter()
                    .map(|(a, b)| format!("{}:{}", point(*a), point(*b)))
                    .collect(),
            )
        }
        Prop::LB(s) => values(
            "LB",
            s.iter()
                .map(|(a, t)| format!("{}:{}", point(*a), escape(&t.text).replace(':', "\\:")))
                .collect(),
        ),
        Prop::Unknown(id, vals) | Prop::Invalid(id, vals) => {
            if id.is_empty() || !id.chars().all(|c| c.is_ascii_uppercase()) {
                return None;
            }
            let inner: Vec<String> = vals.iter().map(|v| format!("[{}]", escape(v))).collect();
            format!(
                "{id}{}",
                if inner.is_empty() {
                    "[]".to_owned()
                } else {
                    inner.concat()
                }
            )
        }
        other => other.to_string(),
    };
    Some(text)
}

fn node_text(node: &SgfNode<Prop>) -> String {
    let mut s = String::from(";");
    for p in node.properties() {
        if let Some(t) = prop(p) {
            s.push_str(&t);
        }
    }
    s
}

enum Work<'a> {
    Node(&'a SgfNode<Prop>, usize),
    Text(&'static str),
}

/// A game tree as SGF text: the root node on its own line, then about ten moves a line.
pub(crate) fn tree(root: &SgfNode<Prop>) -> String {
    let mut out = String::from("(");
    let mut stack = vec![Work::Text(")\n"), Work::Node(root, 0)];
    while let Some(w) = stack.pop() {
        let (node, n) = match w {
            Work::Text(t) => {
                out.push_str(t);
                continue;
            }
            Work::Node(node, n) => (node, n),
        };
        if n == 1 || (n > 1 && n % 10 == 1) {
            out.push('\n');
        }
        out.push_str(&node_text(node));
        let children: Vec<&SgfNode<Prop>> = node.children().collect();
        if let [only] = children.as_slice() {
            stack.push(Work::Node(only, n + 1));
        } else {
            for child in children.iter().rev() {
                stack.push(Work::Text(")"));
                stack.push(Work::Node(child, n + 1));
                stack.push(Work::Text("\n("));
            }
        }
    }
    out
}
