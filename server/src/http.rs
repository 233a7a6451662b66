//! HTTP/1.1 framing with hyper: read a bounded body within a deadline, hand head + bytes to the pure
//! protocol decoder, and frame the reply with the headers every DynamoDB response carries
//! (`x-amzn-RequestId`, `x-amz-crc32`) plus CORS.

use std::convert::Infallible;
use std::future::Future;
use std::sync::Arc;
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use bytes::Bytes;
use http_body_util::{BodyExt, Full, Limited};
use hyper::body::Incoming;
use hyper::header::{HeaderMap, HeaderName, HeaderValue, AUTHORIZATION, CONNECTION, CONTENT_LENGTH, CONTENT_TYPE, DATE};
use hyper::server::conn::http1;
use hyper::service::service_fn;
use hyper::{Request, Response, StatusCode};
use hyper_util::rt::{TokioIo, TokioTimer};
use tokio::net::TcpListener;

use crate::cors;
use crate::protocol::{self, Call, Decoded, Reply, RequestHead, MAX_BODY_BYTES};
use crate::request_id::RequestIds;
use crate::sigv4::verify::{self, Credentials, SignedRequest};
use crate::store::Store;

/// A client that has not sent its headers by then is dropped (slowloris).
const HEADER_TIMEOUT: Duration = Duration::from_secs(20);
/// Time allowed for a whole body; 16 MB at a modest local rate fits easily.
const BODY_TIMEOUT: Duration = Duration::from_secs(60);

const REQUEST_ID: HeaderName = HeaderName::from_static("x-amzn-requestid");
const CRC32: HeaderName = HeaderName::from_static("x-amz-crc32");

pub struct App {
    pub store: Arc<Store>,
    pub region: String,
    /// Empty: accept any well-formed signature.
    pub credentials: Credentials,
    /// One line per request on stderr (`--log`).
    pub log: bool,
    ids: RequestIds,
}

impl App {
    pub fn new(store: Arc<Store>, region: String, credentials: Credentials, log: bool) -> Self {
        App { store, region, credentials, log, ids: RequestIds::new() }
    }
}

pub fn now_millis() -> u64 {
    SystemTime::now().duration_since(UNIX_EPOCH).map(|d| d.as_millis() as u64).unwrap_or(0)
}

/// Header names as constants: looking one up by `&str` parses and hashes the name on every request.
const X_AMZ_TARGET: HeaderName = HeaderName::from_static("x-amz-target");
const X_AMZ_DATE: HeaderName = HeaderName::from_static("x-amz-date");

fn header<'a>(headers: &'a HeaderMap, name: &HeaderName) -> Option<&'a str> {
    headers.get(name).and_then(|v| v.to_str().ok())
}

enum BodyOutcome {
    Complete(Bytes),
    TooLarge,
    TimedOut,
    /// The client went away or sent a broken chunked body.
    Broken,
}

async fn read_body(headers: &HeaderMap, body: Incoming) -> BodyOutcome {
    let declared = header(headers, &CONTENT_LENGTH).and_then(|v| v.trim().parse::<u64>().ok());
    if declared.is_some_and(|n| n > MAX_BODY_BYTES as u64) {
        return BodyOutcome::TooLarge;
    }
    let mut collect = std::pin::pin!(Limited::new(body, MAX_BODY_BYTES).collect());
    // A small body has usually arrived with the head: then no deadline needs arming (a clock read and
    // a timer entry per request).
    let first = std::future::poll_fn(|cx| std::task::Poll::Ready(collect.as_mut().poll(cx))).await;
    let collected = match first {
        std::task::Poll::Ready(r) => r,
        std::task::Poll::Pending => match tokio::time::timeout(BODY_TIMEOUT, collect).await {
            Err(_) => return BodyOutcome::TimedOut,
            Ok(r) => r,
        },
    };
    match collected {
        Ok(collected) => BodyOutcome::Complete(collected.to_bytes()),
        Err(e) if e.downcast_ref::<http_body_util::LengthLimitError>().is_some() => BodyOutcome::TooLarge,
        Err(_) => BodyOutcome::Broken,
    }
}

async fn execute(app: &App, call: Call) -> Reply {
    let mut reply = match app.store.call(call.target, call.input, now_millis()).await {
        Ok(body) => Reply::json(200, body.into_bytes()),
        Err(e) => e.to_reply(),
    };
    reply.content_type = Some(call.content_type);
    reply
}

/// Decode a complete request (checking its signature when `--credentials` asks for it) and run it.
async fn answer(app: &App, parts: &hyper::http::request::Parts, bytes: &[u8]) -> Reply {
    let h = &parts.headers;
    let method = parts.method.as_str();
    let head = RequestHead {
        method,
        content_type: header(h, &CONTENT_TYPE),
        target: header(h, &X_AMZ_TARGET),
        authorization: header(h, &AUTHORIZATION),
        has_date: h.contains_key(&X_AMZ_DATE) || h.contains_key(DATE),
        query: parts.uri.query(),
    };
    let header_values = |name: &str| -> Vec<&str> { h.get_all(name).iter().filter_map(|v| v.to_str().ok()).collect() };
    let check_signature = || {
        if app.credentials.is_empty() {
            return Ok(());
        }
        let signed = SignedRequest { method, path: parts.uri.path(), query: parts.uri.query(), header: &header_values, body: bytes };
        let now_secs = i64::try_from(now_millis() / 1000).unwrap_or(i64::MAX);
        verify::verify(&app.credentials, &app.region, head.authorization, &signed, now_secs)
    };
    match protocol::decode_with(&head, bytes, &check_signature) {
        Ok(Decoded::Health) => Reply::health(&app.region),
        Ok(Decoded::Call(call)) => execute(app, call).await,
        Err(reply) => reply,
    }
}

async fn handle(app: &App, req: Request<Incoming>) -> Response<Full<Bytes>> {
    let started = app.log.then(std::time::Instant::now);
    let (parts, body) = req.into_parts();
    let method = parts.method.as_str();
    if cors::is_preflight(method, &parts.headers) {
        let mut headers = HeaderMap::new();
        cors::preflight_headers(&parts.headers, &mut headers);
        let reply = Reply { status: 200, content_type: None, body: Vec::new(), close: false };
        return frame(app, reply, headers, false);
    }
    let reply = match read_body(&parts.headers, body).await {
        BodyOutcome::TooLarge => Reply::too_large(),
        BodyOutcome::TimedOut => Reply::timed_out(),
        BodyOutcome::Broken => Reply { status: 400, content_type: None, body: Vec::new(), close: true },
        BodyOutcome::Complete(bytes) => answer(app, &parts, &bytes).await,
    };
    if let Some(started) = started {
        let target = header(&parts.headers, &X_AMZ_TARGET).unwrap_or("-");
        let error = if reply.status >= 400 { error_type(&reply.body) } else { String::new() };
        eprintln!("{method} {target} {} {error}({:.2} ms)", reply.status, started.elapsed().as_secs_f64() * 1000.0);
    }
    // Room for the headers `frame` adds, so the map is allocated once.
    let mut headers = HeaderMap::with_capacity(8);
    cors::response_headers(&parts.headers, &mut headers);
    frame(app, reply, headers, true)
}

/// The short `__type` of an error body, for the request log.
fn error_type(body: &[u8]) -> String {
    let parsed: Option<serde_json::Value> = serde_json::from_slice(body).ok();
    parsed
        .as_ref()
        .and_then(|v| v["__type"].as_str())
        .and_then(|t| t.rsplit('#').next())
        .map(|t| format!("{t} "))
        .unwrap_or_default()
}

fn frame(app: &App, reply: Reply, mut headers: HeaderMap, crc: bool) -> Response<Full<Bytes>> {
    if let Ok(id) = HeaderValue::from_bytes(&app.ids.next()) {
        headers.insert(REQUEST_ID, id);
    }
    if crc {
        headers.insert(CRC32, HeaderValue::from(protocol::crc32(&reply.body)));
    }
    if let Some(ct) = reply.content_type {
        headers.insert(CONTENT_TYPE, HeaderValue::from_static(ct));
    }
    headers.insert(CONTENT_LENGTH, HeaderValue::from(reply.body.len()));
    if reply.close {
        headers.insert(CONNECTION, HeaderValue::from_static("close"));
    }
    let mut response = Response::new(Full::new(Bytes::from(reply.body)));
    *response.status_mut() = StatusCode::from_u16(reply.status).unwrap_or(StatusCode::INTERNAL_SERVER_ERROR);
    *response.headers_mut() = headers;
    response
}

/// Accept connections until `shutdown` resolves.
pub async fn serve(listener: TcpListener, app: Arc<App>, shutdown: impl Future<Output = ()>) {
    tokio::pin!(shutdown);
    loop {
        let accepted = tokio::select! {
            _ = &mut shutdown => return,
            a = listener.accept() => a,
        };
        let stream = match accepted {
            Ok((stream, _)) => stream,
            Err(e) => {
                // Out of file descriptors and the like: back off instead of spinning or dying.
                eprintln!("dynamodel-server: accept failed: {e}");
                tokio::time::sleep(Duration::from_millis(50)).await;
                continue;
            }
        };
        let _ = stream.set_nodelay(true);
        let app = Arc::clone(&app);
        tokio::spawn(async move {
            let service = service_fn(move |req| {
                let app = Arc::clone(&app);
                async move { Ok::<_, Infallible>(handle(&app, req).await) }
            });
            let conn = http1::Builder::new()
                .timer(TokioTimer::new())
                .header_read_timeout(HEADER_TIMEOUT)
                .serve_connection(TokioIo::new(stream), service);
            // Connection-level errors (resets, malformed HTTP, timeouts) end that connection only.
            let _ = conn.await;
        });
    }
}
