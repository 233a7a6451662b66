//! Write a state file holding the benchmark's table (`bench`: `pk` S, `sk` N) with N items shaped like
//! `bench/mixed.lua`'s (`pk` k1..kN, `sk` 0, a counter and a 64-byte payload), so the benchmarks can
//! measure a large database without loading it through HTTP first.
//!
//! Usage: seed_state FILE N [--snapshot]   (`--snapshot`: the snapshot format of earlier servers)

use std::process::ExitCode;

use dynamodel_server::state;
use engine::db::Database;
use serde_json::json;

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let (Some(path), Some(n)) = (args.first(), args.get(1).and_then(|n| n.parse::<u64>().ok())) else {
        eprintln!("usage: seed_state FILE N [--snapshot]");
        return ExitCode::from(2);
    };
    let snapshot = args.iter().any(|a| a == "--snapshot");
    let now = 1_700_000_000_000;
    let mut db = Database::default();
    let create = json!({"TableName": "bench", "BillingMode": "PAY_PER_REQUEST",
        "AttributeDefinitions": [{"AttributeName": "pk", "AttributeType": "S"}, {"AttributeName": "sk", "AttributeType": "N"}],
        "KeySchema": [{"AttributeName": "pk", "KeyType": "HASH"}, {"AttributeName": "sk", "KeyType": "RANGE"}]});
    if let Err(e) = db.execute("CreateTable", &create, now) {
        eprintln!("seed_state: {e}");
        return ExitCode::from(1);
    }
    let payload = "x".repeat(64);
    for i in 1..=n {
        let item = json!({"pk": {"S": format!("k{i}")}, "sk": {"N": "0"}, "n": {"N": i.to_string()}, "payload": {"S": payload}});
        if let Err(e) = db.execute("PutItem", &json!({"TableName": "bench", "Item": item}), now) {
            eprintln!("seed_state: {e}");
            return ExitCode::from(1);
        }
    }
    let path = std::path::Path::new(path);
    let _ = std::fs::remove_file(path);
    let written = if snapshot {
        state::legacy::encode(&db.snapshot()).map_err(|e| e.to_string()).and_then(|b| std::fs::write(path, b).map_err(|e| e.to_string()))
    } else {
        state::open(path).map_err(|e| e.to_string()).and_then(|o| state::initialize(&o.file, &db).map_err(|e| e.to_string())).and_then(|()| {
            // Everything is in the database: leave one file, as a server stopped cleanly does.
            state::wal::paths_of(path).iter().try_for_each(std::fs::remove_file).map_err(|e| e.to_string())
        })
    };
    match written {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("seed_state: {}: {e}", path.display());
            ExitCode::from(1)
        }
    }
}
