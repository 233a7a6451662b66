//! CORS, so a page on localhost (the playground, or the AWS SDK in a browser) can call the server.
//! Preflights echo what the browser asks for — any header the SDK signs must be allowed, and the set
//! changes with SDK versions — and every response to a cross-origin call exposes the headers SDKs read.

use hyper::header::{HeaderMap, HeaderValue};

const EXPOSE: &str = "x-amzn-RequestId,x-amzn-ErrorType,x-amz-request-id,x-amz-id-2,x-amzn-ErrorMessage,x-amz-crc32,Date";
/// Two days, as DynamoDB's own endpoints allow browsers to cache a preflight.
const MAX_AGE: &str = "172800";

/// Whether this is a preflight: `OPTIONS` with an `Origin`. Other `OPTIONS` requests get DynamoDB's 404.
pub fn is_preflight(method: &str, request: &HeaderMap) -> bool {
    method == "OPTIONS" && request.contains_key(hyper::header::ORIGIN)
}

/// Headers for a preflight reply (status 200, empty body).
pub fn preflight_headers(request: &HeaderMap, out: &mut HeaderMap) {
    out.insert("access-control-allow-origin", HeaderValue::from_static("*"));
    if let Some(h) = request.get("access-control-request-headers") {
        out.insert("access-control-allow-headers", h.clone());
    }
    if let Some(m) = request.get("access-control-request-method") {
        out.insert("access-control-allow-methods", m.clone());
    }
    out.insert("access-control-max-age", HeaderValue::from_static(MAX_AGE));
}

/// Headers added to every reply to a request that carried an `Origin`.
pub fn response_headers(request: &HeaderMap, out: &mut HeaderMap) {
    if request.contains_key(hyper::header::ORIGIN) {
        out.insert("access-control-allow-origin", HeaderValue::from_static("*"));
        out.insert("access-control-expose-headers", HeaderValue::from_static(EXPOSE));
    }
}
