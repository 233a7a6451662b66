//! Crash safety of `--state`: writers under load, the server killed with SIGKILL at random moments
//! many times and restarted on the same file. After every restart each acknowledged write is there,
//! each acknowledged delete is not, every counter equals the sum of its acknowledged increments, a
//! batch or a transaction cut short by the kill is there whole or not at all — and the file always
//! opens.

use crate::common;

use std::collections::BTreeMap;
use std::io::{BufRead, BufReader, Read, Write};
use std::net::{SocketAddr, TcpStream};
use std::time::Duration;

use common::{signed_request, temp_dir, Server};
use rand_xoshiro::rand_core::{Rng, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;
use serde_json::{json, Value};

const WRITERS: usize = 6;
const CYCLES: usize = 24;
const TABLE: &str = "crash";

/// A keep-alive connection that reports a dead server as an error instead of panicking.
struct Client {
    stream: BufReader<TcpStream>,
}

impl Client {
    fn connect(addr: SocketAddr) -> std::io::Result<Client> {
        let s = TcpStream::connect(addr)?;
        s.set_read_timeout(Some(Duration::from_secs(20)))?;
        Ok(Client { stream: BufReader::new(s) })
    }

    fn call(&mut self, action: &str, body: &Value) -> Result<Value, String> {
        let req = signed_request(&format!("DynamoDB_20120810.{action}"), body.to_string().as_bytes());
        self.stream.get_mut().write_all(&req).map_err(|e| e.to_string())?;
        let mut line = String::new();
        self.stream.read_line(&mut line).map_err(|e| e.to_string())?;
        let status: u16 = line.split(' ').nth(1).and_then(|s| s.parse().ok()).ok_or("connection closed")?;
        let mut len = 0;
        loop {
            let mut h = String::new();
            self.stream.read_line(&mut h).map_err(|e| e.to_string())?;
            let h = h.trim_end();
            if h.is_empty() {
                break;
            }
            if let Some((k, v)) = h.split_once(':') {
                if k.eq_ignore_ascii_case("content-length") {
                    len = v.trim().parse().map_err(|_| "bad length")?;
                }
            }
        }
        let mut body = vec![0; len];
        self.stream.read_exact(&mut body).map_err(|e| e.to_string())?;
        let v: Value = serde_json::from_slice(&body).map_err(|e| e.to_string())?;
        if status != 200 {
            // A refused request changed nothing: the test's requests are all valid, so this is a failure.
            panic!("{action} answered {status}: {v}");
        }
        Ok(v)
    }
}

#[derive(Debug, Clone)]
enum Op {
    Put(String, u64),
    Delete(String),
    Increment,
    /// Three new items in one BatchWriteItem.
    Batch(Vec<(String, u64)>),
    /// A new item and an increment in one TransactWriteItems.
    Transact(String, u64),
}

/// What one writer knows is durable: its items and its counter, and the one request in flight when
/// the server died, whose effect is unknown.
#[derive(Debug, Default, Clone)]
struct Known {
    items: BTreeMap<String, u64>,
    counter: u64,
    in_flight: Option<Op>,
}

fn put_item(key: &str, v: u64) -> Value {
    json!({"pk": {"S": key}, "v": {"N": v.to_string()}, "g": {"S": format!("g{}", v % 7)}, "pad": {"S": "p".repeat((v % 200) as usize)}})
}

fn increment(writer: usize) -> Value {
    json!({"TableName": TABLE, "Key": {"pk": {"S": format!("counter-{writer}")}}, "UpdateExpression": "ADD n :one",
           "ExpressionAttributeValues": {":one": {"N": "1"}}})
}

fn request(writer: usize, op: &Op) -> (&'static str, Value) {
    match op {
        Op::Put(k, v) => ("PutItem", json!({"TableName": TABLE, "Item": put_item(k, *v)})),
        Op::Delete(k) => ("DeleteItem", json!({"TableName": TABLE, "Key": {"pk": {"S": k}}})),
        Op::Increment => ("UpdateItem", increment(writer)),
        Op::Batch(items) => {
            let puts: Vec<Value> = items.iter().map(|(k, v)| json!({"PutRequest": {"Item": put_item(k, *v)}})).collect();
            ("BatchWriteItem", json!({"RequestItems": {TABLE: puts}}))
        }
        Op::Transact(k, v) => (
            "TransactWriteItems",
            json!({"TransactItems": [{"Put": {"TableName": TABLE, "Item": put_item(k, *v)}}, {"Update": increment(writer)}]}),
        ),
    }
}

/// Apply an acknowledged op to what is known.
fn acknowledge(known: &mut Known, op: &Op) {
    match op {
        Op::Put(k, v) => drop(known.items.insert(k.clone(), *v)),
        Op::Delete(k) => drop(known.items.remove(k)),
        Op::Increment => known.counter += 1,
        Op::Batch(items) => known.items.extend(items.iter().cloned()),
        Op::Transact(k, v) => {
            known.items.insert(k.clone(), *v);
            known.counter += 1;
        }
    }
}

/// One writer until the server dies: returns what it knows.
fn write_until_killed(addr: SocketAddr, writer: usize, mut known: Known, seed: u64, next_id: &mut u64, acked: &mut usize) -> Known {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
    let Ok(mut client) = Client::connect(addr) else { return known };
    loop {
        *next_id += 1;
        let id = *next_id;
        let key = |n: u64| format!("w{writer}-{n}");
        let op = match rng.next_u64() % 10 {
            0..=3 => Op::Put(key(id), id),
            4 | 5 => match known.items.keys().nth((rng.next_u64() % (known.items.len() as u64 + 1)) as usize) {
                Some(k) => Op::Delete(k.clone()),
                None => Op::Increment,
            },
            6 | 7 => Op::Increment,
            8 => Op::Batch((0..3).map(|i| (format!("{}-{i}", key(id)), id)).collect()),
            _ => Op::Transact(key(id), id),
        };
        let (action, body) = request(writer, &op);
        match client.call(action, &body) {
            Ok(_) => {
                acknowledge(&mut known, &op);
                *acked += 1;
            }
            Err(_) => {
                known.in_flight = Some(op);
                return known;
            }
        }
    }
}

fn scan_all(server: &Server) -> BTreeMap<String, Value> {
    let mut out = BTreeMap::new();
    let mut start: Option<Value> = None;
    loop {
        let mut body = json!({"TableName": TABLE, "ConsistentRead": true});
        if let Some(s) = start.take() {
            body["ExclusiveStartKey"] = s;
        }
        let r = server.call("Scan", &body.to_string());
        assert_eq!(r.status, 200, "{}", r.text());
        let page = r.json();
        for item in page["Items"].as_array().into_iter().flatten() {
            out.insert(item["pk"]["S"].as_str().unwrap_or_default().to_owned(), item.clone());
        }
        match page.get("LastEvaluatedKey") {
            Some(k) => start = Some(k.clone()),
            None => return out,
        }
    }
}

fn number(item: Option<&Value>, attr: &str) -> Option<u64> {
    item?.get(attr)?.get("N")?.as_str()?.parse().ok()
}

/// Check the restarted server against what each writer knows, settle each in-flight op by what the
/// server holds (it either happened whole or not at all), and return the settled knowledge.
fn verify(server: &Server, writers: Vec<Known>, cycle: usize) -> Vec<Known> {
    let stored = scan_all(server);
    let mut settled = Vec::new();
    for (w, mut known) in writers.into_iter().enumerate() {
        let ctx = format!("cycle {cycle}, writer {w}");
        let counter = number(stored.get(&format!("counter-{w}")), "n").unwrap_or(0);
        let has = |k: &str, v: u64| number(stored.get(k), "v") == Some(v);
        match known.in_flight.take() {
            Some(Op::Put(k, v)) if has(&k, v) => drop(known.items.insert(k, v)),
            Some(Op::Delete(k)) if !stored.contains_key(&k) => drop(known.items.remove(&k)),
            Some(Op::Increment) if counter == known.counter + 1 => known.counter += 1,
            None | Some(Op::Put(..) | Op::Delete(_) | Op::Increment) => {}
            Some(Op::Batch(items)) => {
                let present = items.iter().filter(|(k, v)| has(k, *v)).count();
                assert!(present == 0 || present == items.len(), "{ctx}: a batch cut by the kill is partly there ({present} of 3)");
                if present == items.len() {
                    known.items.extend(items);
                }
            }
            Some(Op::Transact(k, v)) => {
                let (item, incremented) = (has(&k, v), counter == known.counter + 1);
                assert_eq!(item, incremented, "{ctx}: a transaction cut by the kill is partly there");
                if item {
                    known.items.insert(k, v);
                    known.counter += 1;
                }
            }
        }
        assert_eq!(counter, known.counter, "{ctx}: the counter is not the sum of its acknowledged increments");
        let prefix = format!("w{w}-");
        let held: BTreeMap<String, u64> = stored
            .iter()
            .filter(|(k, _)| k.starts_with(&prefix))
            .map(|(k, item)| (k.clone(), number(Some(item), "v").unwrap_or(u64::MAX)))
            .collect();
        for (k, v) in &known.items {
            assert_eq!(held.get(k), Some(v), "{ctx}: acknowledged write of {k} lost");
        }
        for k in held.keys() {
            assert!(known.items.contains_key(k), "{ctx}: {k} is there though its delete was acknowledged (or it was never written)");
        }
        settled.push(known);
    }
    settled
}

#[test]
fn acknowledged_writes_survive_repeated_sigkill() {
    let dir = temp_dir("crash");
    let state = dir.join("crash.db").to_string_lossy().into_owned();
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(0x5eed);
    let mut writers = vec![Known::default(); WRITERS];
    let mut next_ids = vec![0u64; WRITERS];
    let mut acknowledged = 0;
    for cycle in 0..CYCLES {
        let server = Server::start(&["--state", &state]);
        if cycle == 0 {
            let create = json!({"TableName": TABLE, "BillingMode": "PAY_PER_REQUEST",
                "AttributeDefinitions": [{"AttributeName": "pk", "AttributeType": "S"}, {"AttributeName": "g", "AttributeType": "S"}],
                "KeySchema": [{"AttributeName": "pk", "KeyType": "HASH"}],
                "GlobalSecondaryIndexes": [{"IndexName": "byG", "KeySchema": [{"AttributeName": "g", "KeyType": "HASH"}], "Projection": {"ProjectionType": "ALL"}}]});
            assert_eq!(server.call("CreateTable", &create.to_string()).status, 200);
        }
        writers = verify(&server, writers, cycle);
        let addr = server.addr;
        let handles: Vec<_> = writers
            .iter()
            .cloned()
            .zip(next_ids.iter().copied())
            .enumerate()
            .map(|(w, (known, mut next))| {
                let seed = rng.next_u64();
                std::thread::spawn(move || {
                    let mut acked = 0;
                    let known = write_until_killed(addr, w, known, seed, &mut next, &mut acked);
                    (known, next, acked)
                })
            })
            .collect();
        std::thread::sleep(Duration::from_millis(60 + rng.next_u64() % 340));
        server.kill9();
        writers.clear();
        next_ids.clear();
        for h in handles {
            let (known, next, acked) = h.join().unwrap_or_else(|_| panic!("a writer panicked"));
            writers.push(known);
            next_ids.push(next);
            acknowledged += acked;
        }
    }
    let server = Server::start(&["--state", &state]);
    verify(&server, writers, CYCLES);
    assert!(acknowledged > 0, "no write was acknowledged: the test exercised nothing");
}
