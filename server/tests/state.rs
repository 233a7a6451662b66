//! `--state FILE` through the real binary: acknowledged writes survive SIGKILL, a damaged file stops the
//! server with a message and is left untouched, and a second server cannot take the same file.

mod common;

use common::{temp_dir, Server};

const CREATE: &str = r#"{"TableName":"things","BillingMode":"PAY_PER_REQUEST",
  "AttributeDefinitions":[{"AttributeName":"pk","AttributeType":"S"}],"KeySchema":[{"AttributeName":"pk","KeyType":"HASH"}]}"#;

fn get_n(server: &Server, key: &str) -> serde_json::Value {
    let r = server.call("GetItem", &format!(r#"{{"TableName":"things","Key":{{"pk":{{"S":"{key}"}}}},"ConsistentRead":true}}"#));
    assert_eq!(r.status, 200, "{}", r.text());
    r.json()["Item"]["n"].clone()
}

#[test]
fn acknowledged_writes_survive_a_kill() {
    let dir = temp_dir("kill");
    let state = dir.join("db.state");
    let state_arg = state.to_string_lossy().into_owned();
    let server = Server::start(&["--state", &state_arg]);
    assert_eq!(server.call("CreateTable", CREATE).status, 200);
    for i in 0..25 {
        let r = server.call("PutItem", &format!(r#"{{"TableName":"things","Item":{{"pk":{{"S":"k{}"}},"n":{{"N":"{i}"}}}}}}"#, i % 5));
        assert_eq!(r.status, 200, "{}", r.text());
    }
    server.kill9();
    let server = Server::start(&["--state", &state_arg]);
    assert_eq!(get_n(&server, "k4"), serde_json::json!({"N": "24"}));
    assert_eq!(get_n(&server, "k0"), serde_json::json!({"N": "20"}));
    // A stale temporary file from a write cut short is ignored (and replaced by the next write).
    drop(server);
    std::fs::write(dir.join("db.state.tmp"), b"half a snaps").unwrap_or_else(|e| panic!("{e}"));
    let server = Server::start(&["--state", &state_arg]);
    assert_eq!(get_n(&server, "k4"), serde_json::json!({"N": "24"}));
}

#[test]
fn damaged_state_is_reported_and_left_alone() {
    let dir = temp_dir("damaged");
    let state = dir.join("db.state");
    let state_arg = state.to_string_lossy().into_owned();
    let server = Server::start(&["--state", &state_arg]);
    assert_eq!(server.call("CreateTable", CREATE).status, 200);
    let status = server.stop();
    assert!(status.success(), "{status}");
    let good = std::fs::read(&state).unwrap_or_default();
    assert!(good.starts_with(b"DYNAMODEL-STATE 1 "));

    let mut flipped = good.clone();
    let last = flipped.len() - 2;
    flipped[last] ^= 0x20;
    let cases: [(&[u8], &str); 4] = [
        (&good[..good.len() - 10], "truncated"),
        (&flipped, "checksum mismatch"),
        (b"{\"tables\":[]}", "not a dynamodel state file"),
        (b"DYNAMODEL-STATE 7 2 00000000\n{}", "format version 7"),
    ];
    for (bytes, expected) in cases {
        std::fs::write(&state, bytes).unwrap_or_else(|e| panic!("{e}"));
        let err = Server::try_start(&["--state", &state_arg]).err().unwrap_or_else(|| panic!("started on a damaged file ({expected})"));
        assert!(err.contains(expected), "{expected}: {err}");
        assert!(err.contains("left untouched"), "{err}");
        assert_eq!(std::fs::read(&state).unwrap_or_default(), bytes, "the damaged file was modified");
    }
}

#[test]
fn one_server_per_state_file() {
    let dir = temp_dir("lock");
    let state_arg = dir.join("db.state").to_string_lossy().into_owned();
    let _first = Server::start(&["--state", &state_arg]);
    let err = Server::try_start(&["--state", &state_arg]).err().unwrap_or_default();
    assert!(err.contains("in use by another dynamodel-server"), "{err}");
}
