//! A DAIDE language message as a tree of tokens, its encoding, and a text form for logs and
//! tests (`HLO ( ENG ) ( #5686 ) ( ( LVL #0 ) )`, strings as `'Albert'`).

use crate::tokens::{self, BRA, KET, TEXT};
use std::fmt::Write;

/// One element of a message: a token, an integer, a string, or a bracketed list.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Node {
    Tok(u16),
    Int(i32),
    Text(String),
    List(Vec<Node>),
}

/// How deep brackets may nest in a message that is read (issue 31). DAIDE's deepest
/// messages, press at the highest levels (`SND (…) (PRP (IFF (…) THN (AND (XDO (…)) …)))`),
/// nest about ten deep; the bound keeps every walk over a message read (its drop, clone,
/// encoding, text) a few dozen calls deep, whatever the other side sends. The server reads
/// its clients' messages a level shallower ([`crate::server::Limits::max_depth`]), so that a
/// reply quoting one (`HUH (…)`, `YES (…)`) is still read here.
pub const MAX_DEPTH: usize = 64;

/// Why a message could not be read.
#[derive(Debug, thiserror::Error, PartialEq, Eq)]
pub enum MsgError {
    #[error("unbalanced brackets")]
    Brackets,
    #[error("brackets nest deeper than {MAX_DEPTH}")]
    TooDeep,
    #[error("a message has an odd number of octets")]
    Odd,
    #[error("unknown token {0}")]
    Unknown(String),
    #[error("empty message")]
    Empty,
}

impl Node {
    pub fn list(items: Vec<Node>) -> Node {
        Node::List(items)
    }
    pub fn tok(name: &str) -> Node {
        Node::Tok(tokens::tok(name))
    }
    pub fn is(&self, name: &str) -> bool {
        matches!(self, Node::Tok(t) if Some(*t) == tokens::fixed(name))
    }
    /// The first thing inside brackets: `ENG` of `(ENG)`, `300` of `(300)`.
    pub fn inner(&self) -> Option<&Node> {
        self.as_list()?.first()
    }
    pub fn as_list(&self) -> Option<&[Node]> {
        match self {
            Node::List(l) => Some(l),
            _ => None,
        }
    }
    pub fn as_tok(&self) -> Option<u16> {
        match self {
            Node::Tok(t) => Some(*t),
            _ => None,
        }
    }
    pub fn as_int(&self) -> Option<i32> {
        match self {
            Node::Int(v) => Some(*v),
            _ => None,
        }
    }
    pub fn as_text(&self) -> Option<&str> {
        match self {
            Node::Text(s) => Some(s),
            _ => None,
        }
    }
    fn encode_into(&self, out: &mut Vec<u16>) {
        match self {
            Node::Tok(t) => out.push(*t),
            Node::Int(v) => out.push(tokens::int(*v as i64)),
            Node::Text(s) => out.extend(tokens::text(s)),
            Node::List(l) => {
                out.push(BRA);
                for n in l {
                    n.encode_into(out);
                }
                out.push(KET);
            }
        }
    }
}

/// A whole message: its top-level nodes (`HLO`, `(ENG)`, ...).
pub type Msg = Vec<Node>;

/// `HUH (ERR message)`: a message the server does not understand.
pub fn huh(msg: &[Node]) -> Msg {
    let mut inner = vec![Node::tok("ERR")];
    inner.extend(msg.iter().cloned());
    vec![Node::tok("HUH"), Node::List(inner)]
}

/// `TME (seconds)`.
pub fn tme(secs: i32) -> Msg {
    vec![Node::tok("TME"), Node::List(vec![Node::Int(secs)])]
}

/// The tokens of a message.
pub fn encode(msg: &[Node]) -> Vec<u16> {
    let mut out = Vec::new();
    for n in msg {
        n.encode_into(&mut out);
    }
    out
}

/// The octets of a message (big-endian tokens).
pub fn to_bytes(msg: &[Node]) -> Vec<u8> {
    encode(msg).iter().flat_map(|t| t.to_be_bytes()).collect()
}

/// The deepest nesting of brackets in a run of tokens, or `None` when they do not balance.
pub fn depth(toks: &[u16]) -> Option<usize> {
    let (mut d, mut max) = (0usize, 0usize);
    for &t in toks {
        if t == BRA {
            d += 1;
            max = max.max(d);
        } else if t == KET {
            d = d.checked_sub(1)?;
        }
    }
    (d == 0).then_some(max)
}

/// A message from its tokens: unbalanced brackets are [`MsgError::Brackets`], brackets
/// nested deeper than [`MAX_DEPTH`] [`MsgError::TooDeep`] (looked at before any tree is built).
pub fn decode(toks: &[u16]) -> Result<Msg, MsgError> {
    decode_within(toks, MAX_DEPTH)
}

/// [`decode`], with brackets nested at most `max_depth` deep (and never deeper than
/// [`MAX_DEPTH`]).
pub fn decode_within(toks: &[u16], max_depth: usize) -> Result<Msg, MsgError> {
    match depth(toks) {
        None => return Err(MsgError::Brackets),
        Some(d) if d > max_depth.min(MAX_DEPTH) => return Err(MsgError::TooDeep),
        Some(_) => {}
    }
    let mut stack: Vec<Vec<Node>> = vec![Vec::new()];
    let mut i = 0;
    while i < toks.len() {
        let t = toks[i];
        if t == BRA {
            stack.push(Vec::new());
        } else if t == KET {
            let done = stack.pop().ok_or(MsgError::Brackets)?;
            stack
                .last_mut()
                .ok_or(MsgError::Brackets)?
                .push(Node::List(done));
        } else if t >> 8 == TEXT as u16 {
            let mut bytes = Vec::new();
            while i < toks.len() && toks[i] >> 8 == TEXT as u16 {
                bytes.push(toks[i] as u8);
                i += 1;
            }
            stack
                .last_mut()
                .expect("a level")
                .push(Node::Text(String::from_utf8_lossy(&bytes).into_owned()));
            continue;
        } else if let Some(v) = tokens::int_value(t) {
            stack.last_mut().expect("a level").push(Node::Int(v));
        } else {
            stack.last_mut().expect("a level").push(Node::Tok(t));
        }
        i += 1;
    }
    if stack.len() != 1 {
        return Err(MsgError::Brackets);
    }
    let msg = stack.pop().expect("the top level");
    if msg.is_empty() {
        return Err(MsgError::Empty);
    }
    Ok(msg)
}

/// A message from its octets.
pub fn from_bytes(b: &[u8]) -> Result<Msg, MsgError> {
    from_bytes_within(b, MAX_DEPTH)
}

/// A message from its octets, its brackets nested at most `max_depth` deep.
pub fn from_bytes_within(b: &[u8], max_depth: usize) -> Result<Msg, MsgError> {
    if !b.len().is_multiple_of(2) {
        return Err(MsgError::Odd);
    }
    let toks: Vec<u16> = b
        .chunks(2)
        .map(|c| u16::from_be_bytes([c[0], c[1]]))
        .collect();
    decode_within(&toks, max_depth)
}

/// Names of tokens other than the fixed ones (powers, provinces).
pub trait Names {
    fn name_of(&self, token: u16) -> Option<String>;
    fn token_of(&self, name: &str) -> Option<u16>;
}

/// The text form of a message: tokens by name, `( ... )`, integers `#n`, strings `'...'`.
pub fn text(msg: &[Node], names: &dyn Names) -> String {
    fn go(n: &Node, names: &dyn Names, out: &mut String) {
        if !out.is_empty() {
            out.push(' ');
        }
        match n {
            Node::Tok(t) => match tokens::fixed_name(*t) {
                Some(s) => out.push_str(s),
                None => match names.name_of(*t) {
                    Some(s) => out.push_str(&s),
                    None => {
                        let _ = write!(out, "0x{t:04X}");
                    }
                },
            },
            Node::Int(v) => {
                let _ = write!(out, "#{v}");
            }
            Node::Text(s) => {
                let _ = write!(out, "'{s}'");
            }
            Node::List(l) => {
                out.push('(');
                for c in l {
                    go(c, names, out);
                }
                out.push_str(" )");
            }
        }
    }
    let mut out = String::new();
    for n in msg {
        go(n, names, &mut out);
    }
    out
}

/// The text form of a message's octets token by token, brackets as they come (balanced or
/// not, as in `PRN`): for logs and for messages that cannot be read as a tree.
pub fn text_of_tokens(b: &[u8], names: &dyn Names) -> String {
    let mut out = String::new();
    let toks: Vec<u16> = b
        .chunks(2)
        .map(|c| u16::from_be_bytes([c[0], *c.get(1).unwrap_or(&0)]))
        .collect();
    let mut i = 0;
    while i < toks.len() {
        if !out.is_empty() {
            out.push(' ');
        }
        let t = toks[i];
        if t == BRA {
            out.push('(');
        } else if t == KET {
            out.push(')');
        } else if t >> 8 == TEXT as u16 {
            let mut bytes = Vec::new();
            while i < toks.len() && toks[i] >> 8 == TEXT as u16 {
                bytes.push(toks[i] as u8);
                i += 1;
            }
            let _ = write!(out, "'{}'", String::from_utf8_lossy(&bytes));
            continue;
        } else if let Some(v) = tokens::int_value(t) {
            let _ = write!(out, "#{v}");
        } else {
            match tokens::fixed_name(t)
                .map(str::to_string)
                .or_else(|| names.name_of(t))
            {
                Some(s) => out.push_str(&s),
                None => {
                    let _ = write!(out, "0x{t:04X}");
                }
            }
        }
        i += 1;
    }
    out
}

/// A message from its text form (as [`text`] writes it; integers with or without `#`;
/// strings in single quotes or as letters spaced one by one in brackets are not read here).
pub fn parse_text(s: &str, names: &dyn Names) -> Result<Msg, MsgError> {
    let mut toks = Vec::new();
    let mut rest = s.trim();
    while !rest.is_empty() {
        if let Some(r) = rest.strip_prefix('\'') {
            let end = r.find('\'').ok_or(MsgError::Brackets)?;
            toks.extend(tokens::text(&r[..end]));
            rest = r[end + 1..].trim_start();
            continue;
        }
        let end = rest
            .find(|c: char| c.is_whitespace() || c == '(' || c == ')')
            .unwrap_or(rest.len());
        let (word, r) = if end == 0 {
            rest.split_at(1)
        } else {
            rest.split_at(end)
        };
        rest = r.trim_start();
        let t = match word {
            "(" => BRA,
            ")" => KET,
            w => {
                let num = w.strip_prefix('#').unwrap_or(w);
                if let Ok(v) = num.parse::<i64>() {
                    tokens::int(v)
                } else if let Some(t) = tokens::fixed(w).or_else(|| names.token_of(w)) {
                    t
                } else {
                    return Err(MsgError::Unknown(w.to_string()));
                }
            }
        };
        toks.push(t);
    }
    decode(&toks)
}

#[cfg(test)]
mod tests {
    use super::*;

    struct NoNames;
    impl Names for NoNames {
        fn name_of(&self, _: u16) -> Option<String> {
            None
        }
        fn token_of(&self, _: &str) -> Option<u16> {
            None
        }
    }

    #[test]
    fn a_message_survives_text_tokens_and_octets() {
        let m = parse_text("NME ( 'Albert' ) ( 'v6.0.1' )", &NoNames).unwrap();
        assert_eq!(m.len(), 3);
        assert_eq!(m[1], Node::List(vec![Node::Text("Albert".into())]));
        let b = to_bytes(&m);
        assert_eq!(&b[..2], &[0x48, 0x0C]);
        assert_eq!(from_bytes(&b).unwrap(), m);
        assert_eq!(text(&m, &NoNames), "NME ( 'Albert' ) ( 'v6.0.1' )");
        let t = parse_text("TME ( #300 )", &NoNames).unwrap();
        assert_eq!(t[1], Node::List(vec![Node::Int(300)]));
    }

    #[test]
    fn unbalanced_or_odd_messages_are_refused() {
        assert_eq!(from_bytes(&[0x40, 0x00]), Err(MsgError::Brackets));
        assert_eq!(from_bytes(&[0x40, 0x01]), Err(MsgError::Brackets));
        assert_eq!(from_bytes(&[0x48]), Err(MsgError::Odd));
        assert_eq!(from_bytes(&[]), Err(MsgError::Empty));
    }
}
