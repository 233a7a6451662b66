//! boto3's client API: `client.query(TableName=..., ...)`.

use alloc::format;
use alloc::string::{String, ToString};

use serde_json::Value;

use crate::{binary_set, binary_value, is_streams_action, snake_case, Endpoint};

pub fn generate(action: &str, input: &Value, endpoint: &Endpoint) -> String {
    let service = if is_streams_action(action) { "dynamodbstreams" } else { "dynamodb" };
    let client = match endpoint {
        Endpoint::Aws { region } => format!("boto3.client(\"{service}\", region_name={})", string(region)),
        Endpoint::Local { url, region } => format!(
            "boto3.client(\n    \"{service}\",\n    region_name={},\n    endpoint_url={},\n    aws_access_key_id=\"local\",\n    aws_secret_access_key=\"local\",\n)",
            string(region),
            string(url)
        ),
    };
    let mut args = String::new();
    let needs_base64 = mentions_binary(input);
    {
        for (k, v) in crate::ordered(input) {
            args.push_str("    ");
            // Parameter names are identifiers (`TableName`); anything else goes through **{...}.
            if k.chars().all(|c| c.is_ascii_alphanumeric()) {
                args.push_str(k);
                args.push('=');
            } else {
                args.push_str(&format!("**{{{}: ", string(k)));
            }
            literal(v, 1, &mut args);
            if !k.chars().all(|c| c.is_ascii_alphanumeric()) {
                args.push('}');
            }
            args.push_str(",\n");
        }
    }
    let call = if args.is_empty() { format!("client.{}()", snake_case(action)) } else { format!("client.{}(\n{args})", snake_case(action)) };
    let retries = action == crate::RETRIED_BATCH;
    let mut imports = String::new();
    if needs_base64 {
        imports.push_str("import base64\n");
    }
    imports.push_str("import json\n");
    if retries {
        imports.push_str("import random\nimport time\n");
    }
    imports.push_str("\nimport boto3");
    let retry = if retries { retry_loop(input) } else { String::new() };
    format!("{imports}\n\nclient = {client}\n\nresponse = {call}{retry}\nprint(json.dumps(response, indent=2, default=str))\n")
}

/// BatchWriteItem writes what the partitions can take and returns the rest in `UnprocessedItems`, with no
/// error: code that stops after one call loses those writes, so the generated code sends them again with
/// exponential backoff and jitter, as AWS's guide says, keeping the call's other parameters.
fn retry_loop(input: &Value) -> String {
    let mut rest = String::new();
    for (k, v) in crate::ordered(input) {
        if k != "RequestItems" && k.chars().all(|c| c.is_ascii_alphanumeric()) {
            rest.push_str(&format!(", {k}="));
            literal(v, 1, &mut rest);
        }
    }
    format!(
        "\n# {0} writes what the partitions can take and hands back the rest in UnprocessedItems, without an\n\
         # error: send them again, waiting longer each time (exponential backoff with jitter), until none is left.\n\
         delay = 0.05\n\
         while response.get(\"UnprocessedItems\"):\n    \
         time.sleep(delay * random.uniform(0.5, 1.5))\n    \
         delay = min(delay * 2, 5)\n    \
         response = client.{1}(RequestItems=response[\"UnprocessedItems\"]{rest})",
        crate::RETRIED_BATCH,
        snake_case(crate::RETRIED_BATCH)
    )
}

fn mentions_binary(v: &Value) -> bool {
    binary_value(v).is_some()
        || binary_set(v).is_some()
        || match v {
            Value::Object(m) => m.values().any(mentions_binary),
            Value::Array(a) => a.iter().any(mentions_binary),
            _ => false,
        }
}

/// A Python string literal (JSON's escapes are valid Python escapes).
fn string(s: &str) -> String {
    Value::String(s.to_string()).to_string()
}

fn bytes(b64: &str) -> String {
    format!("base64.b64decode({})", string(b64))
}

fn literal(v: &Value, depth: usize, out: &mut String) {
    if let Some(b) = binary_value(v) {
        out.push_str(&format!("{{\"B\": {}}}", bytes(b)));
        return;
    }
    if let Some(bs) = binary_set(v) {
        let items: alloc::vec::Vec<String> = bs.iter().map(|b| bytes(b)).collect();
        out.push_str(&format!("{{\"BS\": [{}]}}", items.join(", ")));
        return;
    }
    let pad = "    ".repeat(depth + 1);
    let end = "    ".repeat(depth);
    match v {
        Value::Null => out.push_str("None"),
        Value::Bool(true) => out.push_str("True"),
        Value::Bool(false) => out.push_str("False"),
        Value::Number(n) => out.push_str(&n.to_string()),
        Value::String(s) => out.push_str(&string(s)),
        Value::Object(m) if m.is_empty() => out.push_str("{}"),
        Value::Object(m) => {
            out.push_str("{\n");
            for (k, val) in m {
                out.push_str(&pad);
                out.push_str(&string(k));
                out.push_str(": ");
                literal(val, depth + 1, out);
                out.push_str(",\n");
            }
            out.push_str(&end);
            out.push('}');
        }
        Value::Array(a) if a.is_empty() => out.push_str("[]"),
        Value::Array(a) => {
            out.push_str("[\n");
            for val in a {
                out.push_str(&pad);
                literal(val, depth + 1, out);
                out.push_str(",\n");
            }
            out.push_str(&end);
            out.push(']');
        }
    }
}
