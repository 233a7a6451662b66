//! The page's address decides what opens: table-driven cases.

use formats::launch::{parse, percent_decode, Source, UrlRefusal};

#[test]
fn plain_visit_opens_the_saved_model() {
    let l = parse("", "");
    assert_eq!((l.embed, l.read_only, l.tab.clone(), l.source.clone()), (false, false, None, Source::Saved));
    assert_eq!(parse("?", "#").source, Source::Saved);
    assert_eq!(parse("", "#section").source, Source::Saved, "an ordinary anchor is no share link");
}

#[test]
fn embed_options() {
    let l = parse("?embed=1&readonly=1&tab=indexes", "#m1.abc");
    assert!(l.embed && l.read_only);
    assert_eq!(l.tab.as_deref(), Some("indexes"));
    assert_eq!(l.source, Source::Link("m1.abc".into()));
    assert!(!parse("?readonly=1", "").read_only, "read-only is an embed option only");
    assert_eq!(parse("?embed=1&tab=patterns", "").tab.as_deref(), Some("patterns"));
    assert_eq!(parse("?embed=1&tab=%3Cb%3E", "").tab, None, "a tab is a plain word");
    assert!(parse("?embed", "").embed);
    assert!(!parse("?embed=0", "").embed);
}

#[test]
fn language_for_a_link_or_an_embed() {
    for (search, lang) in [
        ("?lang=tr", Some("tr")),
        ("?embed=1&lang=EN", Some("en")),
        ("?lang=", None),
        ("?lang=turkish", None),
        ("?lang=t%C4", None),
        ("", None),
    ] {
        assert_eq!(parse(search, "").lang.as_deref(), lang, "{search}");
    }
}

#[test]
fn share_links_win_over_parameters() {
    assert_eq!(parse("?model=https://x/m.json&template=menu", "#m1.zz").source, Source::Link("m1.zz".into()));
    assert_eq!(parse("?model=https://x/m.json&template=menu", "").source, Source::Url("https://x/m.json".into()));
    assert_eq!(parse("?template=menu", "").source, Source::Template("menu".into()));
}

#[test]
fn model_urls() {
    assert_eq!(parse("?model=https%3A%2F%2Fexample.org%2Fa%20b.json", "").source, Source::Url("https://example.org/a b.json".into()));
    assert_eq!(parse("?model=models/shop.json", "").source, Source::Url("models/shop.json".into()));
    assert_eq!(parse("?model=HTTP://h/m.json", "").source, Source::Url("HTTP://h/m.json".into()));
    for bad in ["javascript:alert(1)", "data:application/json,{}", "file:///etc/passwd", " JavaScript:x"] {
        let l = parse(&format!("?model={bad}"), "");
        assert_eq!(l.source, Source::Saved, "{bad}");
        assert!(matches!(l.refused_url, Some(UrlRefusal::Scheme(_))), "{bad}");
    }
    let long = format!("?model=https://h/{}", "a".repeat(3000));
    assert_eq!(parse(&long, "").refused_url, Some(UrlRefusal::TooLong));
}

#[test]
fn percent_decoding() {
    assert_eq!(percent_decode("a%20b+c"), "a b c");
    assert_eq!(percent_decode("%zz%4"), "%zz%4");
    assert_eq!(percent_decode("%C3%A7"), "ç");
    assert_eq!(percent_decode("%"), "%");
}
