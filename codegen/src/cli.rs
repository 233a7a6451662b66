//! The AWS CLI: `aws dynamodb query --table-name Shop --key-condition-expression '...'`, every value
//! quoted for a POSIX shell, structures as compact JSON (which the CLI accepts for any structure).

use alloc::format;
use alloc::string::{String, ToString};
use alloc::vec::Vec;

use serde_json::Value;

use crate::{is_streams_action, kebab_case, Endpoint};

/// Commands the CLI paginates on its own: `--no-paginate` makes it send exactly this one request,
/// so the output is the one page the playground showed.
fn paginated(action: &str) -> bool {
    matches!(action, "Query" | "Scan" | "ListTables" | "ListTagsOfResource" | "ListStreams")
}

/// Single-quote `s` for a POSIX shell (a `'` inside becomes `'\''`).
pub fn shell_quote(s: &str) -> String {
    if !s.is_empty() && s.chars().all(|c| c.is_ascii_alphanumeric() || "-_./:=,@%+".contains(c)) {
        return s.to_string();
    }
    format!("'{}'", s.replace('\'', "'\\''"))
}

pub fn generate(action: &str, input: &Value, endpoint: &Endpoint) -> String {
    let service = if is_streams_action(action) { "dynamodbstreams" } else { "dynamodb" };
    let mut parts: Vec<String> = Vec::new();
    parts.push(format!("aws {service} {}", kebab_case(action)));
    {
        for (k, v) in crate::ordered(input) {
            let flag = kebab_case(k);
            match v {
                Value::Bool(true) => parts.push(format!("--{flag}")),
                Value::Bool(false) => parts.push(format!("--no-{flag}")),
                Value::String(s) => parts.push(format!("--{flag} {}", shell_quote(s))),
                Value::Number(n) => parts.push(format!("--{flag} {n}")),
                Value::Null => {}
                other => parts.push(format!("--{flag} {}", shell_quote(&other.to_string()))),
            }
        }
    }
    if paginated(action) {
        parts.push(String::from("--no-paginate"));
    }
    match endpoint {
        Endpoint::Aws { region } => parts.push(format!("--region {}", shell_quote(region))),
        Endpoint::Local { url, region } => {
            parts.push(format!("--endpoint-url {}", shell_quote(url)));
            parts.push(format!("--region {}", shell_quote(region)));
        }
    }
    let mut out = parts.join(" \\\n    ");
    out.push('\n');
    if action == crate::RETRIED_BATCH {
        // The CLI makes one call; what it could not write comes back in UnprocessedItems, without an error.
        out.push_str(
            "# BatchWriteItem hands back what the partitions could not take in UnprocessedItems, without an error:\n\
             # run the command again with that map as --request-items, waiting longer each time, until it is empty.\n",
        );
    }
    out
}
