//! Does a request's answer match the one a check expects?
//!
//! The expected answer lists what matters, so a check can say "two items, in this order, for 0.5 RCU"
//! without repeating every attribute: objects are compared by the members they list (recursively),
//! arrays element by element, in order and of the same length (an `Items` list checks the sort
//! order), numbers by value (`1` matches `1.0`), everything else exactly. An expected `__type` asks
//! for an error of that type (`ConditionalCheckFailedException`), with its `message` if listed.

use alloc::format;
use alloc::string::{String, ToString};

use serde_json::Value;

use crate::message::Message;

/// `answer` is the engine's reply, or its error as (type, message); `label` names the request in the
/// result (a pattern's name, or `Query on T`). An error is shown as DynamoDB writes it, in every language.
pub fn judge(label: &Message, answer: &Result<Value, (String, String)>, expect: &Value) -> (bool, Message) {
    let success = || Message::new("check.answer.success");
    let wants_error = expect.get("__type").and_then(Value::as_str);
    match (answer, wants_error) {
        (Err((ty, msg)), Some(want)) => {
            let want_short = want.rsplit('#').next().unwrap_or(want);
            let message_ok = expect.get("message").and_then(Value::as_str).is_none_or(|m| m == msg);
            if ty == want_short && message_ok {
                (true, Message::new("check.answer.pass").part("request", label.clone()))
            } else {
                (false, Message::new("check.answer.error").part("request", label.clone()).text("found", format!("{ty}: {msg}")).text("expected", expected_error(expect)))
            }
        }
        (Err((ty, msg)), None) => (
            false,
            Message::new("check.answer.error").part("request", label.clone()).text("found", format!("{ty}: {msg}")).part("expected", success()),
        ),
        (Ok(_), Some(_)) => (
            false,
            Message::new("check.answer.error").part("request", label.clone()).part("found", success()).text("expected", expected_error(expect)),
        ),
        (Ok(actual), None) => match first_difference(expect, actual, String::new()) {
            None => (true, Message::new("check.answer.pass").part("request", label.clone())),
            Some(Difference { path, expected, found: Some(found) }) => (
                false,
                Message::new("check.answer.differs").part("request", label.clone()).text("member", path).text("found", found).text("expected", expected),
            ),
            Some(Difference { path, expected, found: None }) => {
                (false, Message::new("check.answer.missing").part("request", label.clone()).text("member", path).text("expected", expected))
            }
        },
    }
}

fn expected_error(expect: &Value) -> String {
    let ty = expect.get("__type").and_then(Value::as_str).unwrap_or_default();
    match expect.get("message").and_then(Value::as_str) {
        Some(m) => format!("{ty}: {m}"),
        None => ty.to_string(),
    }
}

struct Difference {
    path: String,
    expected: String,
    found: Option<String>,
}

fn join(path: &str, member: &str) -> String {
    if path.is_empty() {
        member.to_string()
    } else {
        format!("{path}.{member}")
    }
}

/// Where `actual` first fails to match `expect`, if it does.
fn first_difference(expect: &Value, actual: &Value, path: String) -> Option<Difference> {
    match (expect, actual) {
        (Value::Object(e), Value::Object(a)) => {
            for (k, ev) in e {
                let p = join(&path, k);
                match a.get(k) {
                    None => return Some(Difference { path: p, expected: ev.to_string(), found: None }),
                    Some(av) => {
                        if let Some(d) = first_difference(ev, av, p) {
                            return Some(d);
                        }
                    }
                }
            }
            None
        }
        (Value::Array(e), Value::Array(a)) => {
            if e.len() != a.len() {
                let p = if path.is_empty() { String::from("length") } else { format!("{path}.length") };
                return Some(Difference { path: p, expected: e.len().to_string(), found: Some(a.len().to_string()) });
            }
            e.iter().zip(a).enumerate().find_map(|(i, (ev, av))| first_difference(ev, av, format!("{path}[{i}]")))
        }
        (Value::Number(e), Value::Number(a)) => {
            let same = match (e.as_u64(), a.as_u64()) {
                (Some(x), Some(y)) => x == y,
                _ => e.as_f64() == a.as_f64(),
            };
            (!same).then(|| Difference { path, expected: e.to_string(), found: Some(a.to_string()) })
        }
        _ => (expect != actual).then(|| Difference { path, expected: expect.to_string(), found: Some(actual.to_string()) }),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::message::{render_en, render_tr};
    use serde_json::json;

    fn label() -> Message {
        Message::new("check.request.on").text("operation", "Query").text("target", "Shop")
    }

    fn check(answer: Result<Value, (String, String)>, expect: Value) -> (bool, String) {
        let (ok, m) = judge(&label(), &answer, &expect);
        (ok, render_en(&m))
    }

    #[test]
    fn listed_members_items_in_order_and_numbers_by_value() {
        let answer = json!({"Count": 2, "Items": [{"SK": {"S": "B"}, "x": {"N": "1"}}, {"SK": {"S": "A"}}], "ConsumedCapacity": {"TableName": "Shop", "CapacityUnits": 0.5}});
        assert!(check(Ok(answer.clone()), json!({"Count": 2, "ConsumedCapacity": {"CapacityUnits": 0.5}})).0);
        assert!(check(Ok(answer.clone()), json!({"Items": [{"SK": {"S": "B"}}, {"SK": {"S": "A"}}]})).0);
        assert_eq!(
            check(Ok(answer.clone()), json!({"Items": [{"SK": {"S": "A"}}, {"SK": {"S": "B"}}]})),
            (false, String::from("“Query on Shop” answers Items[0].SK.S = \"B\"; expected \"A\"."))
        );
        assert!(check(Ok(json!({"CapacityUnits": 1.0})), json!({"CapacityUnits": 1})).0);
        assert_eq!(
            check(Ok(answer.clone()), json!({"Items": [{"SK": {"S": "B"}}]})),
            (false, String::from("“Query on Shop” answers Items.length = 2; expected 1."))
        );
        assert_eq!(check(Ok(answer), json!({"LastEvaluatedKey": {}})), (false, String::from("“Query on Shop” answers no LastEvaluatedKey; expected {}.")));
    }

    #[test]
    fn errors_by_type() {
        let err = Err((String::from("ConditionalCheckFailedException"), String::from("The conditional request failed")));
        assert!(check(err.clone(), json!({"__type": "ConditionalCheckFailedException"})).0);
        assert!(check(err.clone(), json!({"__type": "com.amazonaws.dynamodb.v20120810#ConditionalCheckFailedException"})).0);
        assert_eq!(
            check(err, json!({"Attributes": {}})),
            (false, String::from("“Query on Shop” fails with ConditionalCheckFailedException: The conditional request failed; expected a successful answer."))
        );
        assert!(!check(Ok(json!({})), json!({"__type": "ValidationException"})).0);
    }

    #[test]
    fn in_turkish_dynamodbs_error_stays_as_dynamodb_writes_it() {
        let err = Err((String::from("ConditionalCheckFailedException"), String::from("The conditional request failed")));
        let (_, m) = judge(&label(), &err, &json!({"Attributes": {}}));
        assert_eq!(
            render_tr(&m),
            "“Shop üzerinde Query” yanıtı: ConditionalCheckFailedException: The conditional request failed; beklenen: başarılı bir yanıt."
        );
    }
}
