//! Phase 1: statement text to tokens.
//!
//! PartiQL's lexical rules as DynamoDB applies them: keywords in any case, `"quoted"` names (case kept,
//! `""` for a quote inside), `'strings'` (`''` for a quote inside), numbers with an optional fraction and
//! exponent, `?` parameters, `<<` / `>>` around bags, `--` line comments and `/* */` block comments.
//! A character that starts no token is a lexing error; the parser turns it into DynamoDB's
//! "Statement wasn't well formed" answer.

use alloc::string::String;
use alloc::vec::Vec;

/// One token; `Ident` keeps the text as written (keywords are recognised by the parser, case-insensitively).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Tok {
    /// An unquoted name or keyword.
    Ident(String),
    /// A `"double-quoted"` name.
    Quoted(String),
    /// A `'single-quoted'` string literal.
    Str(String),
    /// A number literal, as written (`12`, `1.5`, `15E-1`).
    Num(String),
    /// `?`
    Param,
    LParen,
    RParen,
    LBracket,
    RBracket,
    LBrace,
    RBrace,
    /// `<<`
    LBag,
    /// `>>`
    RBag,
    Comma,
    Dot,
    Colon,
    Semi,
    Star,
    Plus,
    Minus,
    Eq,
    /// `<>` or `!=`
    Ne,
    Lt,
    Le,
    Gt,
    Ge,
}

/// A lexing failure: the byte offset of the character that starts no token (or of an unterminated
/// string, name or comment).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct LexError {
    pub at: usize,
}

/// Split `src` into tokens. Linear in the input; never panics.
pub fn lex(src: &str) -> Result<Vec<Tok>, LexError> {
    let b = src.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    while i < b.len() {
        let c = b[i];
        match c {
            b' ' | b'\t' | b'\n' | b'\r' | 0x0c => i += 1,
            b'-' if b.get(i + 1) == Some(&b'-') => {
                while i < b.len() && b[i] != b'\n' {
                    i += 1;
                }
            }
            b'/' if b.get(i + 1) == Some(&b'*') => {
                let start = i;
                i += 2;
                loop {
                    if i + 1 >= b.len() {
                        return Err(LexError { at: start });
                    }
                    if b[i] == b'*' && b[i + 1] == b'/' {
                        i += 2;
                        break;
                    }
                    i += 1;
                }
            }
            b'\'' | b'"' => {
                let (text, next) = quoted(src, i, c)?;
                out.push(if c == b'\'' { Tok::Str(text) } else { Tok::Quoted(text) });
                i = next;
            }
            b'0'..=b'9' => {
                let next = number_end(b, i);
                out.push(Tok::Num(String::from(&src[i..next])));
                i = next;
            }
            b'.' if b.get(i + 1).is_some_and(u8::is_ascii_digit) && !matches!(out.last(), Some(Tok::Ident(_) | Tok::Quoted(_) | Tok::RBracket)) => {
                let next = number_end(b, i);
                out.push(Tok::Num(String::from(&src[i..next])));
                i = next;
            }
            b'a'..=b'z' | b'A'..=b'Z' | b'_' | b'$' => {
                let start = i;
                while i < b.len() && (b[i].is_ascii_alphanumeric() || b[i] == b'_' || b[i] == b'$') {
                    i += 1;
                }
                out.push(Tok::Ident(String::from(&src[start..i])));
            }
            _ => {
                let two = b.get(i + 1).copied();
                let (tok, len) = match (c, two) {
                    (b'<', Some(b'<')) => (Tok::LBag, 2),
                    (b'>', Some(b'>')) => (Tok::RBag, 2),
                    (b'<', Some(b'>')) | (b'!', Some(b'=')) => (Tok::Ne, 2),
                    (b'<', Some(b'=')) => (Tok::Le, 2),
                    (b'>', Some(b'=')) => (Tok::Ge, 2),
                    (b'<', _) => (Tok::Lt, 1),
                    (b'>', _) => (Tok::Gt, 1),
                    (b'=', _) => (Tok::Eq, 1),
                    (b'?', _) => (Tok::Param, 1),
                    (b'(', _) => (Tok::LParen, 1),
                    (b')', _) => (Tok::RParen, 1),
                    (b'[', _) => (Tok::LBracket, 1),
                    (b']', _) => (Tok::RBracket, 1),
                    (b'{', _) => (Tok::LBrace, 1),
                    (b'}', _) => (Tok::RBrace, 1),
                    (b',', _) => (Tok::Comma, 1),
                    (b'.', _) => (Tok::Dot, 1),
                    (b':', _) => (Tok::Colon, 1),
                    (b';', _) => (Tok::Semi, 1),
                    (b'*', _) => (Tok::Star, 1),
                    (b'+', _) => (Tok::Plus, 1),
                    (b'-', _) => (Tok::Minus, 1),
                    _ => return Err(LexError { at: i }),
                };
                out.push(tok);
                i += len;
            }
        }
    }
    Ok(out)
}

/// A quoted string or name starting at `start` (the quote); a doubled quote stands for one.
fn quoted(src: &str, start: usize, q: u8) -> Result<(String, usize), LexError> {
    let b = src.as_bytes();
    let mut i = start + 1;
    let mut text = String::new();
    let mut seg = i;
    loop {
        if i >= b.len() {
            return Err(LexError { at: start });
        }
        if b[i] == q {
            text.push_str(&src[seg..i]);
            if b.get(i + 1) == Some(&q) {
                text.push(q as char);
                i += 2;
                seg = i;
                continue;
            }
            return Ok((text, i + 1));
        }
        i += 1;
    }
}

/// The end of a number literal: digits, an optional fraction, an optional exponent.
fn number_end(b: &[u8], mut i: usize) -> usize {
    while i < b.len() && b[i].is_ascii_digit() {
        i += 1;
    }
    if i < b.len() && b[i] == b'.' {
        i += 1;
        while i < b.len() && b[i].is_ascii_digit() {
            i += 1;
        }
    }
    if i < b.len() && (b[i] == b'e' || b[i] == b'E') {
        let mut j = i + 1;
        if j < b.len() && (b[j] == b'+' || b[j] == b'-') {
            j += 1;
        }
        if j < b.len() && b[j].is_ascii_digit() {
            while j < b.len() && b[j].is_ascii_digit() {
                j += 1;
            }
            i = j;
        }
    }
    i
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tokens_of_a_statement() {
        let t = lex("SELECT \"a\"\"b\", x FROM t WHERE s = 'it''s' AND n <> -1.5e3 -- note\n AND v IN <<1>> /* c */ ;").unwrap();
        assert_eq!(t[1], Tok::Quoted("a\"b".into()));
        assert!(t.contains(&Tok::Str("it's".into())));
        assert!(t.contains(&Tok::Num("1.5e3".into())));
        assert!(t.contains(&Tok::LBag) && t.contains(&Tok::RBag) && t.contains(&Tok::Ne));
        assert_eq!(t.last(), Some(&Tok::Semi));
    }

    #[test]
    fn unterminated_and_unknown() {
        assert_eq!(lex("'abc"), Err(LexError { at: 0 }));
        assert_eq!(lex("a /* x"), Err(LexError { at: 2 }));
        assert_eq!(lex("a # b"), Err(LexError { at: 2 }));
    }
}
