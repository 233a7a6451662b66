//! Lexing: expression text to tokens, whitespace included.
//!
//! Whitespace is kept as tokens because DynamoDB's syntax errors quote the neighbourhood of the bad token
//! verbatim (`near: "= 5"`), spaces and all; the parser skips it.

use alloc::vec::Vec;

/// What a token is. Keywords (`AND`, `SET`, ...) are plain [`Tok::Ident`]s: whether a word is a keyword
/// depends on where it stands, so the parser decides.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Tok {
    /// `abc`, `x_1`, `AND` — a letter, then letters, digits, `_`.
    Ident,
    /// `#name` — an ExpressionAttributeNames placeholder.
    Name,
    /// `:value` — an ExpressionAttributeValues placeholder.
    Value,
    /// `12` — only meaningful as a list index.
    Number,
    LParen,
    RParen,
    LBracket,
    RBracket,
    Comma,
    Dot,
    Eq,
    Ne,
    Lt,
    Le,
    Gt,
    Ge,
    Plus,
    Minus,
    /// A run of spaces, tabs, carriage returns and newlines.
    Ws,
    /// Any other character (`!`, `é`, a lone `#`): always a syntax error where the parser meets it.
    Unknown,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Token {
    pub kind: Tok,
    pub start: usize,
    pub end: usize,
}

impl Token {
    pub fn text<'s>(&self, src: &'s str) -> &'s str {
        src.get(self.start..self.end).unwrap_or("")
    }
}

fn is_ident_part(c: u8) -> bool {
    c.is_ascii_alphanumeric() || c == b'_'
}

fn is_ws(c: u8) -> bool {
    matches!(c, b' ' | b'\t' | b'\r' | b'\n')
}

/// Split `src` into tokens. Never fails: unknown characters become [`Tok::Unknown`] tokens so the
/// parser can report them with DynamoDB's token/near wording.
pub(crate) fn lex(src: &str) -> Vec<Token> {
    let bytes = src.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    while i < bytes.len() {
        let c = bytes[i];
        let start = i;
        let kind = if is_ws(c) {
            while i < bytes.len() && is_ws(bytes[i]) {
                i += 1;
            }
            Tok::Ws
        } else if c.is_ascii_alphabetic() {
            // A name starts with a letter: DynamoDB's lexer does not take `_abc` as one token, and
            // reports `Syntax error; token: "_", near: "SET _abc"`.
            while i < bytes.len() && is_ident_part(bytes[i]) {
                i += 1;
            }
            Tok::Ident
        } else if c.is_ascii_digit() {
            while i < bytes.len() && bytes[i].is_ascii_digit() {
                i += 1;
            }
            Tok::Number
        } else if (c == b'#' || c == b':') && bytes.get(i + 1).is_some_and(|&n| is_ident_part(n)) {
            i += 1;
            while i < bytes.len() && is_ident_part(bytes[i]) {
                i += 1;
            }
            if c == b'#' {
                Tok::Name
            } else {
                Tok::Value
            }
        } else {
            let two = bytes.get(i + 1).copied();
            let (kind, len) = match (c, two) {
                (b'<', Some(b'>')) => (Tok::Ne, 2),
                (b'<', Some(b'=')) => (Tok::Le, 2),
                (b'>', Some(b'=')) => (Tok::Ge, 2),
                (b'<', _) => (Tok::Lt, 1),
                (b'>', _) => (Tok::Gt, 1),
                (b'=', _) => (Tok::Eq, 1),
                (b'(', _) => (Tok::LParen, 1),
                (b')', _) => (Tok::RParen, 1),
                (b'[', _) => (Tok::LBracket, 1),
                (b']', _) => (Tok::RBracket, 1),
                (b',', _) => (Tok::Comma, 1),
                (b'.', _) => (Tok::Dot, 1),
                (b'+', _) => (Tok::Plus, 1),
                (b'-', _) => (Tok::Minus, 1),
                _ => {
                    // One whole UTF-8 character, so slicing stays on char boundaries.
                    let len = src[i..].chars().next().map_or(1, char::len_utf8);
                    (Tok::Unknown, len)
                }
            };
            i += len;
            kind
        };
        out.push(Token { kind, start, end: i });
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn kinds(s: &str) -> Vec<Tok> {
        lex(s).iter().map(|t| t.kind).collect()
    }

    #[test]
    fn tokens() {
        assert_eq!(kinds("a.b[2] <> :v"), [
            Tok::Ident,
            Tok::Dot,
            Tok::Ident,
            Tok::LBracket,
            Tok::Number,
            Tok::RBracket,
            Tok::Ws,
            Tok::Ne,
            Tok::Ws,
            Tok::Value
        ]);
        assert_eq!(kinds("#n<=é"), [Tok::Name, Tok::Le, Tok::Unknown]);
        assert_eq!(kinds("# :"), [Tok::Unknown, Tok::Ws, Tok::Unknown]);
        assert_eq!(kinds("_a1 #_ :_"), [Tok::Unknown, Tok::Ident, Tok::Ws, Tok::Name, Tok::Ws, Tok::Value]);
    }
}
