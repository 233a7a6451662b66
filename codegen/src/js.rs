//! AWS SDK for JavaScript v3: `new XCommand({...})` sent by a `DynamoDBClient`.

use alloc::format;
use alloc::string::{String, ToString};

use serde_json::Value;

use crate::{binary_set, binary_value, is_streams_action, Endpoint};

pub fn generate(action: &str, input: &Value, endpoint: &Endpoint) -> String {
    let (package, client) = if is_streams_action(action) {
        ("@aws-sdk/client-dynamodb-streams", "DynamoDBStreamsClient")
    } else {
        ("@aws-sdk/client-dynamodb", "DynamoDBClient")
    };
    let command = format!("{action}Command");
    let config = match endpoint {
        Endpoint::Aws { region } => format!("{{ region: {} }}", string(region)),
        Endpoint::Local { url, region } => format!(
            "{{\n  region: {},\n  endpoint: {},\n  credentials: {{ accessKeyId: \"local\", secretAccessKey: \"local\" }},\n}}",
            string(region),
            string(url)
        ),
    };
    let mut body = String::new();
    top_level(input, &mut body);
    if action == crate::RETRIED_BATCH {
        return format!(
            "import {{ {client}, {command} }} from \"{package}\";\n\nconst client = new {client}({config});\n\nlet response = await client.send(new {command}({body}));\n{}console.log(JSON.stringify(response, null, 2));\n",
            retry_loop(input, &command)
        );
    }
    format!(
        "import {{ {client}, {command} }} from \"{package}\";\n\nconst client = new {client}({config});\n\nconst response = await client.send(new {command}({body}));\nconsole.log(JSON.stringify(response, null, 2));\n"
    )
}

/// BatchWriteItem writes what the partitions can take and returns the rest in `UnprocessedItems`, with no
/// error: the generated code sends them again with exponential backoff and jitter, keeping the call's
/// other parameters.
fn retry_loop(input: &Value, command: &str) -> String {
    let mut rest = String::new();
    for (k, v) in crate::ordered(input) {
        if k != "RequestItems" && is_identifier(k) {
            rest.push_str(&format!(", {k}: "));
            literal(v, 1, &mut rest);
        }
    }
    format!(
        "// BatchWriteItem writes what the partitions can take and hands back the rest in UnprocessedItems, without\n\
         // an error: send them again, waiting longer each time (exponential backoff with jitter), until none is left.\n\
         let delay = 50;\n\
         while (response.UnprocessedItems && Object.keys(response.UnprocessedItems).length > 0) {{\n  \
         await new Promise((resolve) => setTimeout(resolve, delay * (0.5 + Math.random())));\n  \
         delay = Math.min(delay * 2, 5000);\n  \
         response = await client.send(new {command}({{ RequestItems: response.UnprocessedItems{rest} }}));\n\
         }}\n"
    )
}

fn string(s: &str) -> String {
    Value::String(s.to_string()).to_string()
}

fn buffer(b64: &str) -> String {
    format!("Buffer.from({}, \"base64\")", string(b64))
}

fn is_identifier(k: &str) -> bool {
    let mut chars = k.chars();
    chars.next().is_some_and(|c| c.is_ascii_alphabetic() || c == '_' || c == '$') && chars.all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '$')
}

/// A JavaScript literal of `v`, indented by `depth` levels; binary attribute values become Buffers.
fn literal(v: &Value, depth: usize, out: &mut String) {
    if let Some(b) = binary_value(v) {
        out.push_str(&format!("{{ B: {} }}", buffer(b)));
        return;
    }
    if let Some(bs) = binary_set(v) {
        let items: alloc::vec::Vec<String> = bs.iter().map(|b| buffer(b)).collect();
        out.push_str(&format!("{{ BS: [{}] }}", items.join(", ")));
        return;
    }
    let pad = "  ".repeat(depth + 1);
    let end = "  ".repeat(depth);
    match v {
        Value::Object(m) if m.is_empty() => out.push_str("{}"),
        Value::Object(m) => {
            out.push_str("{\n");
            for (k, val) in m {
                out.push_str(&pad);
                out.push_str(&if is_identifier(k) { k.clone() } else { string(k) });
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
        other => out.push_str(&other.to_string()),
    }
}

/// The command input, its parameters in [`crate::ordered`] order.
fn top_level(input: &Value, out: &mut String) {
    let entries = crate::ordered(input);
    if entries.is_empty() {
        out.push_str("{}");
        return;
    }
    out.push_str("{\n");
    for (k, val) in entries {
        out.push_str("  ");
        out.push_str(&if is_identifier(k) { k.clone() } else { string(k) });
        out.push_str(": ");
        literal(val, 1, out);
        out.push_str(",\n");
    }
    out.push('}');
}
