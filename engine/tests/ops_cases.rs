//! Data-driven operation cases: every file under tests/data/ops/ holds cases, each a sequence of
//! requests (DynamoDB JSON) with the exact expected response or error (format: `common/ops_check.rs`).
//! Capacity figures in the files are computed by hand from the item sizes (see the case names).

use std::fs;
use std::path::Path;

use crate::ops_check;

#[test]
fn ops_cases() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/ops");
    let mut files: Vec<_> = fs::read_dir(&dir).expect("tests/data/ops exists").flatten().map(|e| e.path()).collect();
    files.sort();
    let (mut passed, mut failures) = (0, Vec::new());
    for path in files.iter().filter(|p| p.extension().is_some_and(|e| e == "json")) {
        let text = fs::read_to_string(path).expect("readable case file");
        let file = path.file_name().and_then(|f| f.to_str()).unwrap_or("?").to_string();
        let (ok, mut bad) = ops_check::replay_text(&file, &text);
        passed += ok;
        failures.append(&mut bad);
    }
    assert!(passed + failures.len() > 0, "no cases found");
    assert!(failures.is_empty(), "{} of {} cases failed:\n\n{}", failures.len(), passed + failures.len(), failures.join("\n\n"));
    println!("{passed} cases passed");
}
