//! A lesson's Markdown as the HTML the app shows: the same CommonMark options the reader uses, with
//! everything a lesson file could use to reach outside its text taken out.
//!
//! A lesson arrives from anywhere (`?lesson=<url>`, a share link), so its text is data. The reader
//! refuses raw HTML, but the JSON form and the text between blocks are shown too: here raw HTML is
//! written as text, a link or image whose address is not `http(s):`, `mailto:`, relative or a fragment
//! is dropped (its words stay), links open in a new tab (an embed's frame stays on the lesson), and
//! headings lose the ids and classes that could clash with the page's own.

use alloc::string::String;

use pulldown_cmark::{CowStr, Event, Parser, Tag, TagEnd};
use pulldown_cmark_escape::{escape_href, escape_html};

use crate::markdown::options;

/// Whether a link or image address may be followed: `http:`, `https:`, `mailto:`, or one without a
/// scheme (relative to the page, or a `#fragment`).
pub fn safe_address(address: &str) -> bool {
    let lower = address.trim().to_ascii_lowercase();
    match lower.find(':') {
        // A colon after a slash, `?` or `#` is part of a path, not a scheme.
        Some(colon) if !lower[..colon].contains(['/', '?', '#']) => {
            matches!(&lower[..colon], "http" | "https" | "mailto")
        }
        _ => true,
    }
}

/// `markdown` as HTML that is safe to put into the page.
pub fn to_html(markdown: &str) -> String {
    let mut dropped_link = false;
    let mut dropped_image = false;
    let events = Parser::new_ext(markdown, options()).filter_map(|event| match event {
        Event::Html(text) | Event::InlineHtml(text) => Some(Event::Text(text)),
        Event::Start(Tag::Link { dest_url, title, .. }) => {
            if !safe_address(&dest_url) {
                dropped_link = true;
                return None;
            }
            let mut open = String::from("<a href=\"");
            let _ = escape_href(&mut open, &dest_url);
            if !title.is_empty() {
                open.push_str("\" title=\"");
                let _ = escape_html(&mut open, &title);
            }
            open.push_str("\" target=\"_blank\" rel=\"noopener noreferrer\">");
            Some(Event::InlineHtml(CowStr::from(open)))
        }
        Event::End(TagEnd::Link) => {
            if core::mem::take(&mut dropped_link) {
                None
            } else {
                Some(Event::InlineHtml(CowStr::Borrowed("</a>")))
            }
        }
        Event::Start(Tag::Image { ref dest_url, .. }) if !safe_address(dest_url) => {
            dropped_image = true;
            None
        }
        Event::End(TagEnd::Image) if core::mem::take(&mut dropped_image) => None,
        Event::Start(Tag::Heading { level, .. }) => Some(Event::Start(Tag::Heading { level, id: None, classes: alloc::vec::Vec::new(), attrs: alloc::vec::Vec::new() })),
        other => Some(other),
    });
    let mut out = String::new();
    pulldown_cmark::html::push_html(&mut out, events);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn markdown_becomes_html() {
        assert_eq!(to_html("Key on **`PK`**."), "<p>Key on <strong><code>PK</code></strong>.</p>\n");
        let table = to_html("| a | b |\n|---|---|\n| 1 | 2 |\n");
        assert!(table.starts_with("<table><thead>"), "{table}");
        assert_eq!(to_html("~~old~~"), "<p><del>old</del></p>\n");
    }

    #[test]
    fn raw_html_is_text() {
        for (md, html) in [
            ("<script>alert(1)</script>", "&lt;script&gt;alert(1)&lt;/script&gt;"),
            ("a <img src=x onerror=alert(1)> b", "<p>a &lt;img src=x onerror=alert(1)&gt; b</p>"),
            ("<div onclick=\"x\">\n\nhi\n\n</div>", "&lt;div onclick="),
        ] {
            let out = to_html(md);
            assert!(out.contains(html), "{md} → {out}");
            assert!(!out.contains("<script") && !out.contains("<img") && !out.contains("<div"), "{out}");
        }
    }

    #[test]
    fn only_safe_addresses_are_linked() {
        assert_eq!(
            to_html("[docs](https://aws.amazon.com/a?b=1&c=\"2\" \"The \\\"guide\\\"\")"),
            "<p><a href=\"https://aws.amazon.com/a?b=1&amp;c=%222%22\" title=\"The &quot;guide&quot;\" target=\"_blank\" rel=\"noopener noreferrer\">docs</a></p>\n"
        );
        assert_eq!(to_html("[x](javascript:alert(1))"), "<p>x</p>\n");
        assert_eq!(to_html("[x]( JavaScript:alert(1))"), "<p>x</p>\n");
        assert_eq!(to_html("<javascript:alert(1)>"), "<p>javascript:alert(1)</p>\n");
        assert_eq!(to_html("![a cat](data:image/png;base64,AAA)"), "<p>a cat</p>\n");
        assert!(to_html("![a cat](cat.png)").contains("<img src=\"cat.png\" alt=\"a cat\""));
        assert!(to_html("[step](#next)").contains("href=\"#next\""));
        assert!(to_html("[f](docs/a:b.md)").contains("href=\"docs/a:b.md\""));
        for (address, safe) in [("https://x", true), ("HTTP://x", true), ("mailto:a@b", true), ("/a", true), ("a/b:c", true), ("#x", true), ("vbscript:x", false), ("data:x", false), ("file:///etc", false)] {
            assert_eq!(safe_address(address), safe, "{address}");
        }
    }

    #[test]
    fn headings_lose_their_ids() {
        assert_eq!(to_html("### Why {#main .x}"), "<h3>Why</h3>\n");
    }
}
