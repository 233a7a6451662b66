//! Prints the share-link length of every template (a figure, not a test):
//! `cargo run --release -p dynamodel-formats --example share_lengths`.

use formats::gallery::TEMPLATES;
use formats::share::{encode, judge_length, View};

fn main() {
    println!("{:<32} {:>10} {:>10} {:>7}  verdict", "template", "JSON B", "link chars", "ratio");
    let (mut total_json, mut total_link) = (0usize, 0usize);
    for t in &TEMPLATES {
        let m = t.model().expect("templates are tested to read");
        let json = m.to_json().to_string().len();
        let link = encode(&m, &View { tab: Some("items".into()), table: m.tables[0].name().map(String::from) }).len();
        total_json += json;
        total_link += link;
        println!("{:<32} {:>10} {:>10} {:>6.1}%  {:?}", t.slug, json, link, 100.0 * link as f64 / json as f64, judge_length(link));
    }
    println!("{:<32} {:>10} {:>10} {:>6.1}%", "all", total_json, total_link, 100.0 * total_link as f64 / total_json as f64);
}
