//! The advisor's words: the English and Turkish tables hold the same keys with the same arguments,
//! every key the code says is in them (and every key in them is said), and Turkish reads as Turkish.


use advisor::check::coverage;
use advisor::words::CATALOG;
use advisor::{render, summary, Lang, Message};

#[test]
fn both_languages_have_every_key_with_the_same_arguments() {
    let problems = CATALOG.problems();
    assert!(problems.is_empty(), "{}", problems.iter().map(|p| p.to_string()).collect::<Vec<_>>().join("\n"));
}

/// The keys the source names, as `"finding.item_size.title"` literals.
fn keys_in_source() -> Vec<String> {
    const PREFIXES: [&str; 11] = ["finding.", "target.", "status.", "coverage", "pattern.", "draft.", "summary.", "size.", "dynamodb.", "index.", "keycond."];
    let mut out = Vec::new();
    let mut dirs = vec![std::path::PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/src"))];
    while let Some(dir) = dirs.pop() {
        for entry in std::fs::read_dir(&dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                dirs.push(path);
                continue;
            }
            if path.ends_with("words.rs") {
                continue;
            }
            let text = std::fs::read_to_string(&path).unwrap();
            // Every run between two quotes (not only between an opening and its closing quote, so
            // a '"' char literal cannot shift the pairing).
            let quotes: Vec<usize> = text.match_indices('"').map(|(i, _)| i).collect();
            for pair in quotes.windows(2) {
                let literal = &text[pair[0] + 1..pair[1]];
                let key_like = literal.bytes().all(|b| b.is_ascii_lowercase() || b == b'_' || b == b'.');
                if key_like && PREFIXES.iter().any(|p| literal.starts_with(p)) {
                    out.push(literal.to_string());
                }
            }
        }
    }
    out
}

#[test]
fn every_key_the_code_says_is_in_the_tables_and_every_key_is_said() {
    let used = keys_in_source();
    assert!(used.len() > 100, "{} keys found", used.len());
    for key in &used {
        for lang in Lang::ALL {
            assert!(CATALOG.template(key, lang).is_some(), "{key} is not in the {} table", lang.code());
        }
    }
    // Nested parts are named from other keys' code paths; the rest must appear in the source.
    for (key, _) in CATALOG.en {
        assert!(used.iter().any(|u| u == key), "{key} is in the tables but the code never says it");
    }
}

#[test]
fn turkish_writes_numbers_and_letters_its_own_way() {
    let m = Message::new("finding.filter_ratio.explanation").text("attribute", "İndirim").half_units("rcu", 2_469).count("returned", 12_000);
    assert_eq!(
        render(&m, Lang::Tr),
        "İndirim üzerindeki FilterExpression okumadan sonra çalışır; atılan her öğe yine de okunur ve ödenir (burada döndürülen 12.000 öğe için 1.234,5 RCU). Öğeleri filtre değil, anahtar koşulu seçmelidir."
    );
    assert_eq!(
        render(&m, Lang::En),
        "The FilterExpression on İndirim runs after the read, so every discarded item is still read and paid for (1,234.5 RCU here for 12,000 items returned); the key condition, not the filter, should select the items."
    );
    assert_eq!(render(&summary(&[], &[], 2), Lang::Tr), "Bulgu yok: tasarım, danışmanın denetlediği anti-pattern'lerin hiçbirine düşmüyor.");
    assert_eq!(render(&coverage(&[]), Lang::Tr), "0 desenden 0 tanesi tek istekle karşılanıyor");
    let dismissed = Message::new("summary.dismissed").count("open", 0).count("dismissed", 1_234);
    assert_eq!(render(&dismissed, Lang::Tr), "Açık bulgu yok (1.234 tanesi kapatıldı).");
    // A DynamoDB error stays as DynamoDB wrote it, inside a Turkish sentence.
    let e = Message::new("dynamodb.error").text("type", "ValidationException").text("message", "The table does not have the specified index: GSI1");
    let f = Message::new("finding.pattern_fails.explanation").part("error", e);
    assert_eq!(
        render(&f, Lang::Tr),
        "Desen, tasarımın karşılaması gerekenlerin bir parçası, ama isteği başarısız oluyor: ValidationException: The table does not have the specified index: GSI1. Bir anahtar tasarımı ancak her erişim deseni tek bir Query ya da GetItem'a karşılık geldiğinde tamamlanmış olur."
    );
    // No dotless/dotted i was lost to an ASCII case change anywhere in the Turkish table.
    for (key, t) in CATALOG.tr {
        assert!(!t.contains("Ý") && !t.contains("ý") && !t.contains("Þ") && !t.contains("Ð"), "{key}: mis-encoded Turkish");
    }
}
