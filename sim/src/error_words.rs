//! The simulator's faults in English and Turkish: whole sentences with `{argument}` holes.
//!
//! What serde or the engine says (`missing field `shape``, `ValidationException: …`) arrives as a
//! text argument and stays English and verbatim, as DynamoDB writes it; only the frame is translated.
//! The crate's tests render every fault in both languages.

use messages::Catalog;

pub const CATALOG: Catalog = Catalog { en: EN, tr: TR };

const EN: &[(&str, &str)] = &[
    ("error.pattern", "pattern '{pattern}': {problem}"),
    ("error.engine", "pattern '{pattern}': {kind}: {message}"),
    ("error.refused", "{kind}: {message}"),
    ("error.not_object", "workload: expected an object"),
    ("error.field.root", "workload: {detail}"),
    ("error.field", "{path}: {detail}"),
    ("error.duration", "duration_seconds must be from 1 to {max} ({days} days)"),
    ("error.pattern_count", "a workload has 1 to {max} patterns"),
    ("error.top_keys", "top_keys is at most {max}"),
    ("error.settings_table", "tables: table '{table}' does not exist"),
    ("error.auto_scaling", "auto_scaling: target_percent must be from {min} to {max}"),
    ("error.rate", "rate: every rate must be a number from 0 to {max} per second (and a wave's period above 0)"),
    ("error.zipf", "zipf: s must be a number from 0 to {max}"),
    ("error.hot_key", "hot_key: percent must be from 0 to {max}"),
    ("error.key_space", "the key space (key_count times every range and choice) exceeds {max} distinct keys"),
    ("error.template.close", "template '{template}': '}' without '{'"),
    ("error.template.open", "template '{template}': '{' without '}'"),
    ("error.template.not_range", "template '{template}': placeholder '{placeholder}' is not a range of whole numbers like {0..9}"),
    ("error.template.reversed", "template '{template}': placeholder '{placeholder}' ends before it starts"),
    ("error.template.too_wide", "template '{template}': placeholder '{placeholder}' is too wide"),
    ("error.template.empty_choice", "template '{template}': placeholder '{placeholder}' has an empty choice"),
    ("error.template.not_name", "template '{template}': placeholder '{placeholder}' is not a name, a range {a..b}, a choice {x|y} or {times}"),
    ("error.template.second_id", "template '{template}': placeholder '{placeholder}' names a second key id; a pattern draws one id, already called '{first}'"),
    ("error.key_binary", "key attribute '{attribute}' is binary; templates make S and N keys only"),
    ("error.item_attribute", "item attribute '{attribute}': {detail}"),
    ("error.no_table", "table '{table}' does not exist"),
    ("error.at_least_one", "key_count and batch_size must be at least 1"),
    ("error.batch_max", "{op} takes at most {max} items per request"),
    ("error.scan_key", "a Scan takes no key"),
    ("error.no_such_index", "no such index"),
    ("error.query_hash_template", "a Query needs a template for every partition key attribute: '{attribute}'"),
    ("error.query_hash_alone", "a Query's key is its partition key attributes ({attributes}) alone"),
    ("error.no_index", "table '{table}' has no index '{index}'"),
    ("error.query_pk_template", "a Query needs a template for the partition key '{attribute}'"),
    ("error.query_pk_alone", "a Query's key is its partition key '{attribute}' alone"),
    ("error.index_not_query", "only a Query reads an index"),
    ("error.key_template", "the key needs a template for '{attribute}'"),
    ("error.key_extra", "the key has attributes that are not the table's key ({attributes})"),
    ("error.item_key", "'{attribute}' is a key attribute: give it in `key`"),
    ("error.not_number", "'{text}' is not a number"),
    ("error.table_gone", "table '{table}' is gone"),
    ("error.query_no_key", "a Query needs a key"),
    ("error.unknown_target", "a charge on an unknown target (table {table})"),
    ("error.unknown_target.index", "a charge on an unknown target (table {table}, index {index})"),
];

const TR: &[(&str, &str)] = &[
    ("error.pattern", "'{pattern}' deseni: {problem}"),
    ("error.engine", "'{pattern}' deseninden kurulan istek reddedildi: {kind}: {message}"),
    ("error.refused", "istek reddedildi: {kind}: {message}"),
    ("error.not_object", "iş yükü: bir JSON nesnesi bekleniyordu"),
    ("error.field.root", "iş yükü okunamadı: {detail}"),
    ("error.field", "{path} alanı okunamadı: {detail}"),
    ("error.duration", "duration_seconds 1 ile {max} ({days} gün) arasında olmalı"),
    ("error.pattern_count", "bir iş yükünde 1 ile {max} arasında desen olur"),
    ("error.top_keys", "top_keys en fazla {max} olabilir"),
    ("error.settings_table", "tables: '{table}' adında bir tablo yok"),
    ("error.auto_scaling", "auto_scaling: target_percent {min} ile {max} arasında olmalı"),
    ("error.rate", "hız: her hız saniyede 0 ile {max} arasında bir sayı olmalı (dalganın periyodu da 0'dan büyük)"),
    ("error.zipf", "zipf: s, 0 ile {max} arasında bir sayı olmalı"),
    ("error.hot_key", "hot_key: percent, 0 ile {max} arasında olmalı"),
    ("error.key_space", "anahtar uzayı (key_count çarpı her aralık ve seçenek) {max} farklı anahtarı aşıyor"),
    ("error.template.close", "'{template}' şablonu: '}' açılmamış bir yer tutucuyu kapatıyor"),
    ("error.template.open", "'{template}' şablonu: '{' ile açılan yer tutucu '}' ile kapanmıyor"),
    ("error.template.not_range", "'{template}' şablonu: '{placeholder}' yer tutucusu {0..9} gibi tam sayılardan oluşan bir aralık değil"),
    ("error.template.reversed", "'{template}' şablonu: '{placeholder}' yer tutucusu başladığı yerden önce bitiyor"),
    ("error.template.too_wide", "'{template}' şablonu: '{placeholder}' yer tutucusu çok geniş"),
    ("error.template.empty_choice", "'{template}' şablonu: '{placeholder}' yer tutucusunda boş bir seçenek var"),
    ("error.template.not_name", "'{template}' şablonu: '{placeholder}' yer tutucusu bir ad, {a..b} gibi bir aralık, {x|y} gibi bir seçenek ya da {times} değil"),
    ("error.template.second_id", "'{template}' şablonu: '{placeholder}' yer tutucusu ikinci bir anahtar kimliği adlandırıyor; bir desen tek kimlik çeker ve onun adı zaten '{first}'"),
    ("error.key_binary", "'{attribute}' anahtar özniteliği binary (B) türünde; şablonlar yalnızca S ve N anahtarları üretir"),
    ("error.item_attribute", "'{attribute}' öğe özniteliği: {detail}"),
    ("error.no_table", "'{table}' adında bir tablo yok"),
    ("error.at_least_one", "key_count ve batch_size en az 1 olmalı"),
    ("error.batch_max", "{op} istek başına en fazla {max} öğe alır"),
    ("error.scan_key", "Scan anahtar almaz"),
    ("error.no_such_index", "böyle bir indeks yok"),
    ("error.query_hash_template", "Query, partition key'in her özniteliği için bir şablon ister: '{attribute}'"),
    ("error.query_hash_alone", "Query'nin anahtarı yalnızca partition key öznitelikleridir ({attributes})"),
    ("error.no_index", "'{table}' tablosunda '{index}' adında bir indeks yok"),
    ("error.query_pk_template", "Query, '{attribute}' partition key'i için bir şablon ister"),
    ("error.query_pk_alone", "Query'nin anahtarı yalnızca '{attribute}' partition key'idir"),
    ("error.index_not_query", "bir indeksi yalnızca Query okur"),
    ("error.key_template", "anahtar, '{attribute}' için bir şablon ister"),
    ("error.key_extra", "anahtarda tablonun anahtarı ({attributes}) dışında öznitelikler var"),
    ("error.item_key", "'{attribute}' bir anahtar özniteliği: onu `key` içinde verin"),
    ("error.not_number", "'{text}' bir sayı değil"),
    ("error.table_gone", "'{table}' tablosu artık yok"),
    ("error.query_no_key", "Query bir anahtar ister"),
    ("error.unknown_target", "bilinmeyen bir hedefe kapasite harcandı ({table} tablosu)"),
    ("error.unknown_target.index", "bilinmeyen bir hedefe kapasite harcandı ({table} tablosu, {index} indeksi)"),
];

#[cfg(test)]
mod tests {
    use alloc::collections::BTreeSet;
    use alloc::string::{String, ToString};
    use alloc::vec::Vec;

    use messages::{holes, Lang, Message};

    use super::*;
    use crate::error_words;
    use crate::error::SimError;
    use crate::template::Vars;

    /// Every `error.` key the crate's code names: the sources that raise faults, read as text.
    fn keys_in_code() -> BTreeSet<&'static str> {
        let sources = [
            include_str!("error.rs"),
            include_str!("workload.rs"),
            include_str!("pricing.rs"),
            include_str!("distribution.rs"),
            include_str!("template.rs"),
            include_str!("runner.rs"),
            include_str!("rate.rs"),
        ];
        let mut keys = BTreeSet::new();
        for s in sources {
            for (i, _) in s.match_indices("\"error.") {
                let rest = &s[i + 1..];
                if let Some(end) = rest.find('"') {
                    keys.insert(&rest[..end]);
                }
            }
        }
        keys
    }

    #[test]
    fn the_tables_match_and_every_fault_has_words() {
        assert_eq!(CATALOG.problems(), Vec::new());
        let in_catalog: BTreeSet<&str> = EN.iter().map(|(k, _)| *k).collect();
        let in_code = keys_in_code();
        assert_eq!(in_code.difference(&in_catalog).collect::<Vec<_>>(), Vec::<&&str>::new(), "keys the code raises without words");
        assert_eq!(in_catalog.difference(&in_code).collect::<Vec<_>>(), Vec::<&&str>::new(), "words no code raises");
    }

    #[test]
    fn every_fault_renders_in_both_languages() {
        for (key, en) in EN {
            let mut m = Message::new(key);
            for name in holes(en) {
                m = if name == "problem" { m.part(name, Message::new("error.scan_key")) } else { m.text(name, "ARG") };
            }
            for lang in Lang::ALL {
                let text = CATALOG.try_render(&m, lang).unwrap_or_else(|p| panic!("{key}: {p}"));
                assert!(!text.is_empty() && !text.contains("error."), "{key} ({}): {text}", lang.code());
            }
            assert_ne!(CATALOG.render(&m, Lang::En), CATALOG.render(&m, Lang::Tr), "{key} is not translated");
        }
    }

    #[test]
    fn a_fault_reads_in_each_language_with_foreign_words_verbatim() {
        let e = Vars::new(10).compile("POST#{postId").expect_err("unclosed");
        assert_eq!(e.to_string(), "template 'POST#{postId': '{' without '}'");
        assert_eq!(e.render(Lang::Tr), "'POST#{postId' şablonu: '{' ile açılan yer tutucu '}' ile kapanmıyor");
        let engine = SimError::Engine { pattern: String::from("p"), kind: String::from("ValidationException"), message: String::from("One or more parameter values were invalid") };
        assert_eq!(engine.to_string(), "pattern 'p': ValidationException: One or more parameter values were invalid");
        assert_eq!(engine.render(Lang::Tr), "'p' deseninden kurulan istek reddedildi: ValidationException: One or more parameter values were invalid");
        assert_eq!(engine.pattern(), Some("p"));
        assert_eq!(error_words::CATALOG.render(&engine.problem(), Lang::En), "ValidationException: One or more parameter values were invalid");
        let framed = crate::error::in_pattern("orders", Vars::new(1).compile("{9..1}").expect_err("reversed"));
        assert_eq!(framed.pattern(), Some("orders"));
        assert_eq!(framed.to_string(), "pattern 'orders': template '{9..1}': placeholder '{9..1}' ends before it starts");
        assert_eq!(framed.render(Lang::Tr), "'orders' deseni: '{9..1}' şablonu: '{9..1}' yer tutucusu başladığı yerden önce bitiyor");
        assert_eq!(framed.problem().key, "error.template.reversed");
        let zipf = crate::distribution::Sampler::new(&crate::distribution::Distribution::Zipf { s: 20.0 }, 3).expect_err("s out of range");
        assert_eq!(zipf.to_string(), "zipf: s must be a number from 0 to 10");
        assert_eq!(zipf.render(Lang::Tr), "zipf: s, 0 ile 10 arasında bir sayı olmalı");
        let rate = crate::rate::Rate::Constant { per_second: -1.0 }.check().expect_err("negative");
        assert!(rate.render(Lang::Tr).contains("10.000.000") && rate.to_string().contains("10,000,000"), "{rate}");
    }
}
