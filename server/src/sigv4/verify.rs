//! Full SigV4 verification, for `--credentials KEY:SECRET`: the request must be signed with one of the
//! configured keys, for this server's region and the `dynamodb` service, within 15 minutes of the
//! server's clock — the checks DynamoDB makes, in its order and with its messages. Off by default: a
//! local emulator normally accepts any credentials.

use std::collections::HashMap;

use hmac::{Hmac, Mac};
use sha2::{Digest, Sha256};

use super::time::{format_amz_date, parse_amz_date, parse_http_date};
use crate::protocol::WireError;

type HmacSha256 = Hmac<Sha256>;

/// Signatures may be this far from the server's clock, either way.
const SKEW_SECS: i64 = 15 * 60;

/// Access key id -> secret access key.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Credentials {
    keys: HashMap<String, String>,
}

impl Credentials {
    pub fn new(pairs: impl IntoIterator<Item = (String, String)>) -> Self {
        Credentials { keys: pairs.into_iter().collect() }
    }

    pub fn is_empty(&self) -> bool {
        self.keys.is_empty()
    }
}

/// What the signature covers, borrowed from the HTTP request.
pub struct SignedRequest<'a> {
    pub method: &'a str,
    /// The path as sent (still percent-encoded).
    pub path: &'a str,
    pub query: Option<&'a str>,
    /// Every value of a header, by lowercase name.
    pub header: &'a dyn Fn(&str) -> Vec<&'a str>,
    pub body: &'a [u8],
}

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

fn hmac(key: &[u8], data: &[u8]) -> Vec<u8> {
    // HMAC accepts keys of any length, so this cannot fail.
    match HmacSha256::new_from_slice(key) {
        Ok(mut mac) => {
            mac.update(data);
            mac.finalize().into_bytes().to_vec()
        }
        Err(_) => Vec::new(),
    }
}

/// RFC 3986 encoding as SigV4 wants it: everything but unreserved characters.
fn uri_encode(s: &[u8], out: &mut String) {
    for &b in s {
        if b.is_ascii_alphanumeric() || matches!(b, b'-' | b'_' | b'.' | b'~') {
            out.push(char::from(b));
        } else {
            out.push_str(&format!("%{b:02X}"));
        }
    }
}

fn percent_decode(s: &str) -> Vec<u8> {
    let b = s.as_bytes();
    let hexval = |c: u8| char::from(c).to_digit(16);
    let mut out = Vec::with_capacity(b.len());
    let mut i = 0;
    while i < b.len() {
        if b[i] == b'%' && i + 2 < b.len() {
            if let (Some(h), Some(l)) = (hexval(b[i + 1]), hexval(b[i + 2])) {
                out.push((h * 16 + l) as u8);
                i += 3;
                continue;
            }
        }
        out.push(b[i]);
        i += 1;
    }
    out
}

/// Path segments encoded once more (services other than S3 double-encode).
fn canonical_uri(path: &str) -> String {
    if path.is_empty() {
        return "/".to_owned();
    }
    let mut out = String::new();
    for (i, segment) in path.split('/').enumerate() {
        if i > 0 {
            out.push('/');
        }
        uri_encode(segment.as_bytes(), &mut out);
    }
    out
}

fn canonical_query(query: Option<&str>) -> String {
    let mut pairs: Vec<(String, String)> = query
        .unwrap_or("")
        .split('&')
        .filter(|p| !p.is_empty())
        .map(|p| {
            let (k, v) = p.split_once('=').unwrap_or((p, ""));
            let (mut ek, mut ev) = (String::new(), String::new());
            uri_encode(&percent_decode(k), &mut ek);
            uri_encode(&percent_decode(v), &mut ev);
            (ek, ev)
        })
        .collect();
    pairs.sort();
    pairs.iter().map(|(k, v)| format!("{k}={v}")).collect::<Vec<_>>().join("&")
}

fn canonical_header_value(values: &[&str]) -> String {
    values.iter().map(|v| v.split_whitespace().collect::<Vec<_>>().join(" ")).collect::<Vec<_>>().join(",")
}

/// The canonical request and string to sign; exposed so tests can check them against published vectors.
pub fn string_to_sign(req: &SignedRequest<'_>, signed_headers: &str, amz_date: &str, scope: &str) -> (String, String) {
    let mut canonical = format!("{}\n{}\n{}\n", req.method, canonical_uri(req.path), canonical_query(req.query));
    for name in signed_headers.split(';') {
        canonical.push_str(&format!("{name}:{}\n", canonical_header_value(&(req.header)(name))));
    }
    let payload_hash = (req.header)("x-amz-content-sha256").first().map(|s| (*s).to_owned()).unwrap_or_else(|| hex(&Sha256::digest(req.body)));
    canonical.push_str(&format!("\n{signed_headers}\n{payload_hash}"));
    let sts = format!("AWS4-HMAC-SHA256\n{amz_date}\n{scope}\n{}", hex(&Sha256::digest(canonical.as_bytes())));
    (canonical, sts)
}

pub fn signature(secret: &str, date: &str, region: &str, service: &str, string_to_sign: &str) -> String {
    let k_date = hmac(format!("AWS4{secret}").as_bytes(), date.as_bytes());
    let k_region = hmac(&k_date, region.as_bytes());
    let k_service = hmac(&k_region, service.as_bytes());
    let k_signing = hmac(&k_service, b"aws4_request");
    hex(&hmac(&k_signing, string_to_sign.as_bytes()))
}

fn param<'a>(authorization: &'a str, name: &str) -> &'a str {
    authorization
        .split([',', ' '])
        .filter(|s| !s.is_empty())
        .skip(1)
        .find_map(|m| m.trim().split_once('=').filter(|(k, _)| *k == name).map(|(_, v)| v))
        .unwrap_or("")
}

fn invalid(message: String) -> WireError {
    WireError::auth("InvalidSignatureException", message)
}

fn constant_time_eq(a: &[u8], b: &[u8]) -> bool {
    a.len() == b.len() && a.iter().zip(b).fold(0u8, |acc, (x, y)| acc | (x ^ y)) == 0
}

/// Verify a header-signed request (its shape already passed [`super::auth::check`]).
pub fn verify(
    creds: &Credentials,
    region: &str,
    authorization: Option<&str>,
    req: &SignedRequest<'_>,
    now_secs: i64,
) -> Result<(), WireError> {
    let Some(auth) = authorization else {
        // Query-string (presigned) requests are not supported when signatures are verified.
        return Err(invalid("Query-string signatures are not accepted when the server verifies signatures".to_owned()));
    };
    let amz_date_header = (req.header)("x-amz-date").first().copied();
    let (date_text, signed_at) = match amz_date_header {
        Some(d) => (d.to_owned(), parse_amz_date(d)),
        None => {
            let d = (req.header)("date").first().copied().unwrap_or("");
            (d.to_owned(), parse_http_date(d))
        }
    };
    let Some(signed_at) = signed_at else {
        return Err(WireError::auth(
            "IncompleteSignatureException",
            format!("Date must be in ISO-8601 'basic format'. Got '{date_text}'. See http://en.wikipedia.org/wiki/ISO_8601"),
        ));
    };
    let amz_date = format_amz_date(signed_at);
    if signed_at < now_secs - SKEW_SECS {
        return Err(invalid(format!(
            "Signature expired: {amz_date} is now earlier than {} ({} - 15 min.)",
            format_amz_date(now_secs - SKEW_SECS),
            format_amz_date(now_secs)
        )));
    }
    if signed_at > now_secs + SKEW_SECS {
        return Err(invalid(format!(
            "Signature not yet current: {amz_date} is still later than {} ({} + 15 min.)",
            format_amz_date(now_secs + SKEW_SECS),
            format_amz_date(now_secs)
        )));
    }
    let signed_headers = param(auth, "SignedHeaders");
    if !signed_headers.split(';').any(|h| h.eq_ignore_ascii_case("host")) {
        return Err(invalid("'Host' must be a 'SignedHeader' in the AWS Authorization.".to_owned()));
    }
    let algorithm = auth.split_whitespace().next().unwrap_or("");
    if algorithm != "AWS4-HMAC-SHA256" {
        return Err(WireError::auth(
            "IncompleteSignatureException",
            format!("Unsupported AWS 'algorithm': '{algorithm}' (only AWS4-HMAC-SHA256 for now). "),
        ));
    }
    let credential = param(auth, "Credential").trim_end_matches('/');
    let parts: Vec<&str> = credential.split('/').collect();
    let [key_id, scope_date, scope_region, scope_service, terminator] = parts[..] else {
        return Err(WireError::auth(
            "IncompleteSignatureException",
            format!("Credential must have exactly 5 slash-delimited elements, e.g. keyid/date/region/service/term, got '{credential}'"),
        ));
    };
    let mut scope_errors = String::new();
    if scope_region != region {
        scope_errors.push_str(&format!("Credential should be scoped to a valid region, not '{scope_region}'. "));
    }
    if scope_service != "dynamodb" {
        scope_errors.push_str("Credential should be scoped to correct service: 'dynamodb'. ");
    }
    if terminator != "aws4_request" {
        scope_errors.push_str(&format!("Credential should be scoped with a valid terminator: 'aws4_request', not '{terminator}'. "));
    }
    if scope_date != &amz_date[..8] {
        scope_errors.push_str(&format!(
            "Date in Credential scope does not match YYYYMMDD from ISO-8601 version of date from HTTP: '{scope_date}' != '{}', from '{amz_date}'.",
            &amz_date[..8]
        ));
    }
    if !scope_errors.is_empty() {
        return Err(invalid(scope_errors.trim_end().to_owned()));
    }
    let Some(secret) = creds.keys.get(key_id) else {
        return Err(WireError::auth("UnrecognizedClientException", "The security token included in the request is invalid.".to_owned()));
    };
    let scope = format!("{scope_date}/{scope_region}/{scope_service}/{terminator}");
    // The string to sign uses the date exactly as the client sent it.
    let (canonical, sts) = string_to_sign(req, signed_headers, amz_date_header.unwrap_or(&amz_date), &scope);
    let expected = signature(secret, scope_date, scope_region, scope_service, &sts);
    if constant_time_eq(expected.as_bytes(), param(auth, "Signature").as_bytes()) {
        return Ok(());
    }
    Err(invalid(format!(
        "The request signature we calculated does not match the signature you provided. Check your AWS Secret Access Key \
         and signing method. Consult the service documentation for details.\n\nThe Canonical String for this request should \
         have been\n'{canonical}'\n\nThe String-to-Sign should have been\n'{sts}'\n"
    )))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// AWS's published example (General Reference, "Signature Version 4 signing process"): IAM ListUsers.
    #[test]
    fn published_example() {
        let headers = |name: &str| -> Vec<&str> {
            match name {
                "content-type" => vec!["application/x-www-form-urlencoded; charset=utf-8"],
                "host" => vec!["iam.amazonaws.com"],
                "x-amz-date" => vec!["20150830T123600Z"],
                _ => vec![],
            }
        };
        let req = SignedRequest { method: "GET", path: "/", query: Some("Action=ListUsers&Version=2010-05-08"), header: &headers, body: b"" };
        let (canonical, sts) = string_to_sign(&req, "content-type;host;x-amz-date", "20150830T123600Z", "20150830/us-east-1/iam/aws4_request");
        assert!(canonical.ends_with("e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"));
        assert!(sts.ends_with("f536975d06c0309214f805bb90ccff089219ecd68b2577efef23edd43b7e1a59"), "{sts}");
        let sig = signature("wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY", "20150830", "us-east-1", "iam", &sts);
        assert_eq!(sig, "5d672d79c15b13162d9279b0855cfba6789a8edb4c82c400e06b5924a6f2b5d7");
    }

    #[test]
    fn encoding() {
        assert_eq!(canonical_uri("/a b/%41"), "/a%20b/%2541");
        assert_eq!(canonical_query(Some("b=2&a=%7e&c")), "a=~&b=2&c=");
    }
}
