//! The protocol layer against the real binary, case by case from `data/protocol_cases.json`: status,
//! body, headers, and on every reply a request id and a correct `x-amz-crc32`.

use crate::common;

use std::io::Write;

use common::{read_response, Server};
use serde_json::Value;

fn build_request(case: &Value) -> Vec<u8> {
    let method = case["method"].as_str().unwrap_or("POST");
    let path = case["path"].as_str().unwrap_or("/");
    let body = case["body"].as_str().unwrap_or("");
    let mut headers: Vec<(String, String)> = vec![("Host".into(), "localhost".into())];
    if case["signed"].as_bool() == Some(true) {
        headers.push(("Content-Type".into(), "application/x-amz-json-1.0".into()));
        headers.push(("X-Amz-Date".into(), "20240101T000000Z".into()));
        headers.push((
            "Authorization".into(),
            "AWS4-HMAC-SHA256 Credential=AKID/20240101/us-east-1/dynamodb/aws4_request, SignedHeaders=host;x-amz-date, Signature=00"
                .into(),
        ));
    }
    if let Some(t) = case["target"].as_str() {
        headers.push(("X-Amz-Target".into(), t.into()));
    }
    if let Some(map) = case["headers"].as_object() {
        for (k, v) in map {
            headers.retain(|(name, _)| !name.eq_ignore_ascii_case(k));
            headers.push((k.clone(), v.as_str().unwrap_or("").to_owned()));
        }
    }
    let length = case["content_length"].as_u64().unwrap_or(body.len() as u64);
    let mut out = format!("{method} {path} HTTP/1.1\r\n");
    for (k, v) in headers {
        out.push_str(&format!("{k}: {v}\r\n"));
    }
    out.push_str(&format!("Content-Length: {length}\r\n\r\n{body}"));
    out.into_bytes()
}

#[test]
fn protocol_cases() {
    let cases: Vec<Value> = serde_json::from_str(include_str!("data/protocol_cases.json")).unwrap_or_else(|e| panic!("cases: {e}"));
    assert!(cases.len() >= 20);
    let server = Server::start(&[]);
    let mut failures = Vec::new();
    for case in &cases {
        let name = case["name"].as_str().unwrap_or("?");
        let r = server.raw(&build_request(case));
        let expect = &case["expect"];
        let mut problems = Vec::new();
        if Some(u64::from(r.status)) != expect["status"].as_u64() {
            problems.push(format!("status {} != {}", r.status, expect["status"]));
        }
        if let Some(text) = expect["text"].as_str() {
            if r.text() != text {
                problems.push(format!("body {:?} != {text:?}", r.text()));
            }
        }
        if !expect["json"].is_null() && r.json() != expect["json"] {
            problems.push(format!("json {} != {}", r.text(), expect["json"]));
        }
        for (k, v) in expect["headers"].as_object().into_iter().flatten() {
            if r.header(k) != v.as_str() {
                problems.push(format!("header {k}: {:?} != {v}", r.header(k)));
            }
        }
        if r.header("x-amzn-requestid").map(str::len) != Some(52) {
            problems.push("no 52-character x-amzn-RequestId".to_owned());
        }
        if r.status != 200 || !r.body.is_empty() {
            let crc = crc32fast::hash(&r.body).to_string();
            if r.header("x-amz-crc32") != Some(crc.as_str()) {
                problems.push(format!("x-amz-crc32 {:?} != {crc}", r.header("x-amz-crc32")));
            }
        }
        if !problems.is_empty() {
            failures.push(format!("{name}: {}", problems.join("; ")));
        }
    }
    assert!(failures.is_empty(), "{} of {} cases failed:\n{}", failures.len(), cases.len(), failures.join("\n"));
}

/// A body streamed past 16 MB without a Content-Length is cut off with 413, not buffered forever.
#[test]
fn chunked_body_over_the_limit() {
    let server = Server::start(&[]);
    let mut s = server.connect();
    let head = "POST / HTTP/1.1\r\nHost: x\r\nContent-Type: application/x-amz-json-1.0\r\nX-Amz-Target: DynamoDB_20120810.PutItem\r\nTransfer-Encoding: chunked\r\n\r\n";
    let _ = s.write_all(head.as_bytes());
    let chunk = vec![b' '; 1 << 20];
    for _ in 0..17 {
        if s.write_all(format!("{:x}\r\n", chunk.len()).as_bytes()).is_err() || s.write_all(&chunk).is_err() || s.write_all(b"\r\n").is_err() {
            break; // the server may close as soon as it has answered
        }
    }
    let r = read_response(&mut s);
    assert_eq!(r.status, 413);
}

/// A client that stalls mid-request holds only its own connection.
#[test]
fn slow_client_does_not_block_others() {
    let server = Server::start(&[]);
    let mut slow = server.connect();
    let _ = slow.write_all(b"POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 100\r\n\r\n{\"Tab");
    let mut half_headers = server.connect();
    let _ = half_headers.write_all(b"POST / HTTP/1.1\r\nHost: x\r\nX-Amz-Tar");
    let r = server.call("NoSuchAction", "{}");
    assert_eq!(r.status, 400);
    assert_eq!(r.json()["__type"], "com.amazon.coral.service#UnknownOperationException");
}

/// Broken HTTP is answered or dropped by the connection, never by taking the server down.
#[test]
fn garbage_bytes_do_not_kill_the_server() {
    let server = Server::start(&[]);
    for junk in [&b"\x00\x01\x02\xff\r\n\r\n"[..], b"GET\r\n\r\n", b"POST / HTTP/1.1\r\nContent-Length: -5\r\n\r\n", b"POST / HTTP/9.9\r\n\r\n"] {
        let mut s = server.connect();
        let _ = s.write_all(junk);
        let _ = s.shutdown(std::net::Shutdown::Write);
        let mut sink = Vec::new();
        let _ = std::io::Read::read_to_end(&mut s, &mut sink);
    }
    let r = server.raw(b"GET / HTTP/1.1\r\nHost: x\r\n\r\n");
    assert_eq!(r.status, 200);
}

/// With `--credentials`, the date and scope checks come first, in DynamoDB's order and wording.
#[test]
fn strict_signatures_check_date_then_host_then_scope() {
    let server = Server::start(&["--credentials", "AKID:secret"]);
    let r = server.call("ListTables", "{}");
    assert_eq!(r.json()["__type"], "com.amazon.coral.service#InvalidSignatureException");
    let message = r.json()["message"].as_str().unwrap_or("").to_owned();
    assert!(message.starts_with("Signature expired: 20240101T000000Z is now earlier than "), "{message}");
    assert!(message.ends_with(" - 15 min.)"), "{message}");

    let now = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map(|d| d.as_secs()).unwrap_or(0);
    let date = dynamodel_server::sigv4::time::format_amz_date(now as i64);
    let request = |signed_headers: &str, scope: &str| {
        let body = "{}";
        format!(
            "POST / HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/x-amz-json-1.0\r\nX-Amz-Target: DynamoDB_20120810.ListTables\r\n\
             X-Amz-Date: {date}\r\nAuthorization: AWS4-HMAC-SHA256 Credential=AKID/{scope}, SignedHeaders={signed_headers}, Signature=00\r\n\
             Content-Length: {}\r\n\r\n{body}",
            body.len()
        )
    };
    let r = server.raw(request("x-amz-date", &format!("{}/us-east-1/dynamodb/aws4_request", &date[..8])).as_bytes());
    assert_eq!(r.json()["message"], "'Host' must be a 'SignedHeader' in the AWS Authorization.");
    let r = server.raw(request("host;x-amz-date", &format!("{}/mars-1/s3/aws4_request", &date[..8])).as_bytes());
    assert_eq!(
        r.json()["message"],
        "Credential should be scoped to a valid region, not 'mars-1'. Credential should be scoped to correct service: 'dynamodb'."
    );
    let r = server.raw(request("host;x-amz-date", &format!("{}/us-east-1/dynamodb/aws4_request", &date[..8])).as_bytes());
    assert_eq!(r.json()["__type"], "com.amazon.coral.service#InvalidSignatureException");
    assert!(r.json()["message"].as_str().is_some_and(|m| m.starts_with("The request signature we calculated does not match")));
}

/// `--log`: one line per request with the target, status and error type.
#[test]
fn request_log() {
    let server = Server::start(&["--log"]);
    assert_eq!(server.call("ListTables", "{}").status, 200);
    assert_eq!(server.call("DescribeTable", r#"{"TableName":"nope"}"#).status, 400);
    let log = server.stop_with_stderr();
    let lines: Vec<&str> = log.lines().collect();
    assert!(lines.iter().any(|l| l.starts_with("POST DynamoDB_20120810.ListTables 200 (")), "{log}");
    assert!(lines.iter().any(|l| l.starts_with("POST DynamoDB_20120810.DescribeTable 400 ResourceNotFoundException (")), "{log}");
}
