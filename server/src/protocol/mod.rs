//! DynamoDB's JSON 1.0 protocol, free of any HTTP library: a request head plus body bytes go in, either a
//! decoded call or the exact reply DynamoDB would give comes out. Keeping it pure makes the decoder the
//! unit that property tests and fuzzing hammer.
//!
//! The order of checks follows DynamoDB's front end (as dynalite measured it against the real service):
//! method and content type, then JSON syntax, then the target, then authentication, then the body's shape.

pub mod errors;
pub mod target;

use engine::api::typed::{Request, TypedInput};
use serde_json::Value;

use crate::sigv4::auth;
pub use errors::WireError;
pub use target::{parse_target, Service, Target};

/// The content type DynamoDB speaks; `application/json` is accepted too and echoed back.
pub const AMZ_JSON: &str = "application/x-amz-json-1.0";
pub const PLAIN_JSON: &str = "application/json";

/// DynamoDB's largest request (BatchWriteItem/BatchGetItem total) is 16 MB; the front end refuses more.
pub const MAX_BODY_BYTES: usize = 16 * 1024 * 1024;

/// What the HTTP layer needs to know about a request, borrowed from its headers.
#[derive(Debug, Clone, Copy, Default)]
pub struct RequestHead<'a> {
    pub method: &'a str,
    pub content_type: Option<&'a str>,
    pub target: Option<&'a str>,
    pub authorization: Option<&'a str>,
    /// An `X-Amz-Date` or `Date` header is present.
    pub has_date: bool,
    /// The raw query string, if any (query-string SigV4).
    pub query: Option<&'a str>,
}

/// A request that passed the protocol checks.
// Unboxed: decoded once per request and moved straight on, which costs less than an allocation.
#[allow(clippy::large_enum_variant)]
#[derive(Debug, Clone, PartialEq)]
pub enum Decoded {
    /// `GET /`: DynamoDB's health answer.
    Health,
    Call(Call),
}

#[derive(Debug, Clone, PartialEq)]
pub struct Call {
    pub target: Target,
    /// The body: typed already for the hot actions' common requests, else its JSON.
    pub input: Request,
    /// Content type for the reply (DynamoDB echoes `application/json` when the client used it).
    pub content_type: &'static str,
}

/// A complete reply, before HTTP framing and the per-response headers (request id, crc32, CORS).
#[derive(Debug, Clone, PartialEq)]
pub struct Reply {
    pub status: u16,
    pub content_type: Option<&'static str>,
    pub body: Vec<u8>,
    /// Close the connection after replying (the rest of the request was not read).
    pub close: bool,
}

impl Reply {
    pub fn json(status: u16, body: Vec<u8>) -> Self {
        Reply { status, content_type: Some(AMZ_JSON), body, close: false }
    }

    /// Anything but a JSON POST: DynamoDB answers 404 with this fixed XML-looking body.
    pub fn not_found() -> Self {
        Reply { status: 404, content_type: None, body: b"<UnknownOperationException/>\n".to_vec(), close: false }
    }

    /// Over [`MAX_BODY_BYTES`]: 413 with an empty body, and the connection is not reused.
    pub fn too_large() -> Self {
        Reply { status: 413, content_type: None, body: Vec::new(), close: true }
    }

    /// The body was not received in time.
    pub fn timed_out() -> Self {
        Reply { status: 408, content_type: None, body: Vec::new(), close: true }
    }

    pub fn health(region: &str) -> Self {
        Reply {
            status: 200,
            content_type: Some("text/plain"),
            body: format!("healthy: dynamodb.{region}.amazonaws.com ").into_bytes(),
            close: false,
        }
    }
}

/// botocore checks every DynamoDB response against this header.
pub fn crc32(body: &[u8]) -> u32 {
    crc32fast::hash(body)
}

fn media_type(content_type: Option<&str>) -> &str {
    content_type.and_then(|c| c.split(';').next()).map(str::trim).unwrap_or("")
}

/// Decode one request, accepting any well-formed signature. Never panics, whatever the bytes.
pub fn decode(head: &RequestHead<'_>, body: &[u8]) -> Result<Decoded, Reply> {
    decode_with(head, body, &|| Ok(()))
}

/// Decode one request; `verify_signature` runs where DynamoDB checks the signature itself (after its
/// shape, before the body's shape).
pub fn decode_with(
    head: &RequestHead<'_>,
    body: &[u8],
    verify_signature: &dyn Fn() -> Result<(), WireError>,
) -> Result<Decoded, Reply> {
    if head.method.eq_ignore_ascii_case("GET") {
        return Ok(Decoded::Health);
    }
    let media = media_type(head.content_type);
    let is_json = media.eq_ignore_ascii_case(AMZ_JSON) || media.eq_ignore_ascii_case(PLAIN_JSON);
    if head.method != "POST" || (!body.is_empty() && !is_json) {
        return Err(Reply::not_found());
    }
    let content_type = if media.eq_ignore_ascii_case(PLAIN_JSON) { PLAIN_JSON } else { AMZ_JSON };
    let with_type = |e: WireError| {
        let mut r = e.to_reply();
        r.content_type = Some(content_type);
        r
    };

    let target = parse_target(head.target);
    // The hot actions' common bodies go straight to their typed inputs (valid JSON, so no syntax error
    // to report); anything else is parsed as JSON here and read by the engine.
    let typed = target.filter(|t| t.service == Service::DynamoDb).and_then(|t| TypedInput::read(t.action, body));
    let parsed = match typed {
        Some(typed) => Some(Request::Typed(typed)),
        None if body.is_empty() => None,
        None => match serde_json::from_slice::<Value>(body) {
            Ok(v) => Some(Request::Json(v)),
            Err(_) => return Err(with_type(WireError::serialization(None))),
        },
    };
    let target = target.ok_or_else(|| with_type(WireError::unknown_operation()))?;
    auth::check(head.authorization, head.has_date, head.query).map_err(with_type)?;
    verify_signature().map_err(with_type)?;

    let input = match parsed {
        None => return Err(with_type(WireError::serialization(None))),
        Some(typed @ Request::Typed(_)) => typed,
        // The top level is a structure: DynamoDB reads `null` as an empty one.
        Some(Request::Json(Value::Null)) => Request::Json(Value::Object(serde_json::Map::new())),
        Some(json @ Request::Json(Value::Object(_))) => json,
        Some(Request::Json(Value::Array(_))) => {
            return Err(with_type(WireError::serialization(Some("Start of list found where not expected"))))
        }
        Some(Request::Json(_)) => return Err(with_type(WireError::serialization(Some("Expected null")))),
    };
    Ok(Decoded::Call(Call { target, input, content_type }))
}
