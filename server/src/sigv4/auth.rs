//! The shape checks DynamoDB's front end applies to the `Authorization` header (or query-string
//! signature) before anything else, with its exact error types and wording. The signature itself is not
//! verified: a local emulator must accept any credentials.

use crate::protocol::errors::WireError;

const HEADER_PARAMS: [&str; 3] = ["Credential", "Signature", "SignedHeaders"];
const QUERY_PARAMS: [&str; 5] = ["X-Amz-Algorithm", "X-Amz-Credential", "X-Amz-Signature", "X-Amz-SignedHeaders", "X-Amz-Date"];

fn query_param<'a>(query: &'a str, name: &str) -> Option<&'a str> {
    query.split('&').find_map(|pair| {
        let (k, v) = pair.split_once('=').unwrap_or((pair, ""));
        (k == name).then_some(v)
    })
}

/// The values of [`HEADER_PARAMS`] among the `Key=Value` members after the algorithm, separated by
/// commas and/or spaces (the first occurrence of each), read in one pass: every request carries one.
fn header_params(authorization: &str) -> [Option<&str>; 3] {
    let mut found = [None; 3];
    let members = authorization.split([',', ' ']).filter(|s| !s.is_empty()).skip(1);
    for member in members {
        let (k, v) = member.split_once('=').unwrap_or((member, ""));
        if let Some(slot) = HEADER_PARAMS.iter().position(|p| *p == k).and_then(|i| found.get_mut(i)) {
            slot.get_or_insert(v);
        }
    }
    found
}

/// Accept a request that carries a well-formed SigV4 signature (any keys); reject it as DynamoDB does
/// otherwise.
pub fn check(authorization: Option<&str>, has_date: bool, query: Option<&str>) -> Result<(), WireError> {
    let query_auth = query.is_some_and(|q| query_param(q, "X-Amz-Algorithm").is_some());
    if authorization.is_some() && query_auth {
        return Err(WireError::auth(
            "InvalidSignatureException",
            "Found both 'X-Amz-Algorithm' as a query-string param and 'Authorization' as HTTP header.".to_owned(),
        ));
    }
    let header = match authorization {
        Some(h) if h.trim().starts_with("AWS4-") => Some(h),
        Some(_) => return Err(missing_token()),
        None if query_auth => None,
        None => return Err(missing_token()),
    };

    let mut message = String::new();
    match header {
        Some(h) => {
            let params = header_params(h);
            for (p, v) in HEADER_PARAMS.iter().zip(params) {
                if v.is_none_or(str::is_empty) {
                    message.push_str(&format!("Authorization header requires '{p}' parameter. "));
                }
            }
            if !has_date {
                message.push_str("Authorization header requires existence of either a 'X-Amz-Date' or a 'Date' header. ");
            }
            if message.is_empty() {
                return check_credential(params[0].unwrap_or(""));
            }
            message.push_str("Authorization=");
            message.push_str(h);
        }
        None => {
            let q = query.unwrap_or("");
            for p in QUERY_PARAMS {
                if query_param(q, p).is_none_or(str::is_empty) {
                    message.push_str(&format!("AWS query-string parameters must include '{p}'. "));
                }
            }
            if message.is_empty() {
                return Ok(());
            }
            message.push_str("Re-examine the query-string parameters.");
        }
    }
    Err(WireError::auth("IncompleteSignatureException", message))
}

/// `keyid/date/region/service/aws4_request`; trailing slashes are ignored, as DynamoDB does.
fn check_credential(credential: &str) -> Result<(), WireError> {
    let trimmed = credential.trim_end_matches('/');
    if trimmed.split('/').count() == 5 {
        return Ok(());
    }
    Err(WireError::auth(
        "IncompleteSignatureException",
        format!(
            "Credential must have exactly 5 slash-delimited elements, e.g. keyid/date/region/service/term, got '{trimmed}'"
        ),
    ))
}

fn missing_token() -> WireError {
    WireError::auth("MissingAuthenticationTokenException", "Request is missing Authentication Token".to_owned())
}

#[cfg(test)]
mod tests {
    use super::*;

    const GOOD: &str = "AWS4-HMAC-SHA256 Credential=AKID/20240101/us-east-1/dynamodb/aws4_request, \
        SignedHeaders=content-type;host;x-amz-date;x-amz-target, Signature=abcdef";

    fn kind(r: Result<(), WireError>) -> String {
        match r {
            Ok(()) => "ok".into(),
            Err(e) => e.short_type().to_owned(),
        }
    }

    #[test]
    fn accepts_any_signed_request() {
        assert_eq!(kind(check(Some(GOOD), true, None)), "ok");
        let q = "X-Amz-Algorithm=AWS4-HMAC-SHA256&X-Amz-Credential=a%2Fb%2Fc%2Fd%2Fe&X-Amz-Signature=x&X-Amz-SignedHeaders=host&X-Amz-Date=20240101T000000Z";
        assert_eq!(kind(check(None, false, Some(q))), "ok");
    }

    #[test]
    fn rejects_like_dynamodb() {
        assert_eq!(kind(check(None, true, None)), "MissingAuthenticationTokenException");
        assert_eq!(kind(check(Some("Basic abc"), true, None)), "MissingAuthenticationTokenException");
        assert_eq!(kind(check(Some(GOOD), true, Some("X-Amz-Algorithm=x"))), "InvalidSignatureException");
        let e = check(Some("AWS4-HMAC-SHA256 Signature=x"), false, None).err();
        assert_eq!(
            e.and_then(|e| e.message),
            Some("Authorization header requires 'Credential' parameter. Authorization header requires 'SignedHeaders' parameter. \
                  Authorization header requires existence of either a 'X-Amz-Date' or a 'Date' header. \
                  Authorization=AWS4-HMAC-SHA256 Signature=x".to_owned())
        );
        let bad_scope = "AWS4-HMAC-SHA256 Credential=a/b/c/d, SignedHeaders=host, Signature=x";
        assert_eq!(kind(check(Some(bad_scope), true, None)), "IncompleteSignatureException");
        assert_eq!(kind(check(None, true, Some("X-Amz-Algorithm=AWS4-HMAC-SHA256"))), "IncompleteSignatureException");
    }
}
