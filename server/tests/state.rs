//! `--state FILE` through the real binary: acknowledged writes survive SIGKILL, a damaged file stops the
//! server with a message naming the problem and is left as it was, a snapshot file of earlier servers
//! is migrated, and a second server cannot take the same file.

use crate::common;

use common::{temp_dir, Server};

const CREATE: &str = r#"{"TableName":"things","BillingMode":"PAY_PER_REQUEST",
  "AttributeDefinitions":[{"AttributeName":"pk","AttributeType":"S"}],"KeySchema":[{"AttributeName":"pk","KeyType":"HASH"}]}"#;

fn get_n(server: &Server, key: &str) -> serde_json::Value {
    let r = server.call("GetItem", &format!(r#"{{"TableName":"things","Key":{{"pk":{{"S":"{key}"}}}},"ConsistentRead":true}}"#));
    assert_eq!(r.status, 200, "{}", r.text());
    r.json()["Item"]["n"].clone()
}

fn put(server: &Server, key: &str, n: u64, note: &str) {
    let r = server.call("PutItem", &format!(r#"{{"TableName":"things","Item":{{"pk":{{"S":"{key}"}},"n":{{"N":"{n}"}},"note":{{"S":"{note}"}}}}}}"#));
    assert_eq!(r.status, 200, "{}", r.text());
}

#[test]
fn acknowledged_writes_survive_a_kill() {
    let dir = temp_dir("kill");
    let state_arg = dir.join("db.state").to_string_lossy().into_owned();
    let server = Server::start(&["--state", &state_arg]);
    assert_eq!(server.call("CreateTable", CREATE).status, 200);
    for i in 0..25 {
        put(&server, &format!("k{}", i % 5), i, "");
    }
    server.kill9();
    let server = Server::start(&["--state", &state_arg]);
    assert_eq!(get_n(&server, "k4"), serde_json::json!({"N": "24"}));
    assert_eq!(get_n(&server, "k0"), serde_json::json!({"N": "20"}));
    assert_eq!(server.call("DeleteItem", r#"{"TableName":"things","Key":{"pk":{"S":"k4"}}}"#).status, 200);
    server.kill9();
    let server = Server::start(&["--state", &state_arg]);
    assert_eq!(get_n(&server, "k4"), serde_json::Value::Null);
    assert_eq!(get_n(&server, "k3"), serde_json::json!({"N": "23"}));
}

/// Start on `bytes` written at `path`; the start must fail with `expected` in its message and leave
/// the file's content as it was.
fn refused(path: &std::path::Path, bytes: &[u8], expected: &str) {
    std::fs::write(path, bytes).unwrap_or_else(|e| panic!("{e}"));
    let arg = path.to_string_lossy().into_owned();
    let err = Server::try_start(&["--state", &arg]).err().unwrap_or_else(|| panic!("started on a damaged file ({expected})"));
    assert!(err.contains(expected), "{expected}: {err}");
    assert!(err.contains("left untouched"), "{err}");
    assert!(std::fs::read(path).unwrap_or_default() == bytes, "the damaged file was modified ({expected})");
}

#[test]
fn damaged_state_is_reported_and_left_alone() {
    let dir = temp_dir("damaged");
    let state = dir.join("db.state");
    let state_arg = state.to_string_lossy().into_owned();
    let server = Server::start(&["--state", &state_arg]);
    assert_eq!(server.call("CreateTable", CREATE).status, 200);
    put(&server, "a", 1, "MARKER-ONE-MARKER");
    let status = server.stop();
    assert!(status.success(), "{status}");
    let good = std::fs::read(&state).unwrap_or_default();
    assert!(good.starts_with(b"redb"));

    let at = good.windows(10).position(|w| w == b"MARKER-ONE").unwrap_or_else(|| panic!("item not found in the file"));
    let mut flipped = good.clone();
    flipped[at + 3] ^= 0x20;
    refused(&state, &flipped, "table things: an item fails its check");
    refused(&state, b"{\"tables\":[]}", "is not a dynamodel state database");
    refused(&state, &good[..good.len() / 2], "is damaged");

    // The undamaged file still opens.
    std::fs::write(&state, &good).unwrap_or_else(|e| panic!("{e}"));
    let server = Server::start(&["--state", &state_arg]);
    assert_eq!(get_n(&server, "a"), serde_json::json!({"N": "1"}));
}

#[test]
fn damaged_snapshot_files_are_not_migrated() {
    let dir = temp_dir("damaged-v1");
    let state = dir.join("db.state");
    let mut db = engine::db::Database::default();
    let created = db.execute("CreateTable", &serde_json::from_str(CREATE).unwrap_or_default(), 0);
    assert!(created.is_ok(), "{created:?}");
    let good = dynamodel_server::state::legacy::encode(&db.snapshot()).unwrap_or_default();
    let mut flipped = good.clone();
    let last = flipped.len() - 2;
    flipped[last] ^= 0x20;
    refused(&state, &good[..good.len() - 10], "truncated");
    refused(&state, &flipped, "checksum mismatch");
    refused(&state, b"DYNAMODEL-STATE 7 2 00000000\n{}", "snapshot format version 7");
    assert!(!dir.join("db.state.v1-backup").exists());
}

#[test]
fn snapshot_files_are_migrated() {
    let dir = temp_dir("migrate");
    let state = dir.join("db.state");
    let state_arg = state.to_string_lossy().into_owned();
    let mut db = engine::db::Database::default();
    let run = |db: &mut engine::db::Database, action: &str, input: &str| {
        let r = db.execute(action, &serde_json::from_str(input).unwrap_or_default(), 1_700_000_000_000);
        assert!(r.is_ok(), "{action}: {r:?}");
    };
    run(&mut db, "CreateTable", CREATE);
    for i in 0..50 {
        run(&mut db, "PutItem", &format!(r#"{{"TableName":"things","Item":{{"pk":{{"S":"k{i}"}},"n":{{"N":"{i}"}}}}}}"#));
    }
    run(&mut db, "TagResource", r#"{"ResourceArn":"arn:aws:dynamodb:us-east-1:000000000000:table/things","Tags":[{"Key":"team","Value":"blue"}]}"#);
    let snapshot = dynamodel_server::state::legacy::encode(&db.snapshot()).unwrap_or_default();
    std::fs::write(&state, &snapshot).unwrap_or_else(|e| panic!("{e}"));

    let server = Server::start(&["--state", &state_arg]);
    assert_eq!(get_n(&server, "k49"), serde_json::json!({"N": "49"}));
    let tags = server.call("ListTagsOfResource", r#"{"ResourceArn":"arn:aws:dynamodb:us-east-1:000000000000:table/things"}"#);
    assert_eq!(tags.json()["Tags"], serde_json::json!([{"Key": "team", "Value": "blue"}]));
    let err = server.stop_with_stderr();
    assert!(err.contains("migrated") && err.contains("1 tables, 50 items"), "{err}");
    assert_eq!(std::fs::read(dir.join("db.state.v1-backup")).unwrap_or_default(), snapshot);
    assert!(std::fs::read(&state).unwrap_or_default().starts_with(b"redb"));
    let server = Server::start(&["--state", &state_arg]);
    assert_eq!(get_n(&server, "k7"), serde_json::json!({"N": "7"}));
}

#[test]
fn one_server_per_state_file() {
    let dir = temp_dir("lock");
    let state_arg = dir.join("db.state").to_string_lossy().into_owned();
    let _first = Server::start(&["--state", &state_arg]);
    let err = Server::try_start(&["--state", &state_arg]).err().unwrap_or_default();
    assert!(err.contains("in use by another dynamodel-server"), "{err}");
}

#[test]
fn a_new_state_file_may_be_empty_or_the_default() {
    let dir = temp_dir("fresh");
    // An empty file, as `mktemp` makes.
    let empty = dir.join("empty.db");
    std::fs::write(&empty, b"").unwrap_or_else(|e| panic!("{e}"));
    let server = Server::start(&["--state", &empty.to_string_lossy()]);
    assert_eq!(server.call("CreateTable", CREATE).status, 200);
    put(&server, "x", 5, "");
    assert!(server.stop().success());
    let server = Server::start(&["--state", &empty.to_string_lossy()]);
    assert_eq!(get_n(&server, "x"), serde_json::json!({"N": "5"}));
    drop(server);

    // `--state` alone: ./dynamodel.db in the working directory.
    let server = Server::start_in(&dir, &["--state"]);
    assert_eq!(server.call("CreateTable", CREATE).status, 200);
    assert!(server.stop().success());
    assert!(std::fs::read(dir.join("dynamodel.db")).unwrap_or_default().starts_with(b"redb"));
}

#[test]
fn a_model_seeds_only_a_new_state_file() {
    let dir = temp_dir("model");
    let model = dir.join("model.json");
    let body = serde_json::json!({"version": 1, "name": "m", "tables": [{
        "definition": serde_json::from_str::<serde_json::Value>(CREATE).unwrap_or_default(),
        "items": [{"pk": {"S": "seeded"}, "n": {"N": "1"}}]}]});
    std::fs::write(&model, body.to_string()).unwrap_or_else(|e| panic!("{e}"));
    let (state, model) = (dir.join("db.state").to_string_lossy().into_owned(), model.to_string_lossy().into_owned());
    let server = Server::start(&["--state", &state, "--model", &model]);
    assert_eq!(get_n(&server, "seeded"), serde_json::json!({"N": "1"}));
    assert_eq!(server.call("DeleteItem", r#"{"TableName":"things","Key":{"pk":{"S":"seeded"}}}"#).status, 200);
    server.kill9();
    let server = Server::start(&["--state", &state, "--model", &model]);
    assert_eq!(get_n(&server, "seeded"), serde_json::Value::Null);
    assert!(server.stop_with_stderr().contains("was not applied"));
}
