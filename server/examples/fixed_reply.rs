//! The benchmark's ceiling: the same hyper/tokio stack as the server, answering every request with a
//! fixed body and doing no other work. `bench/bench.sh` runs the same wrk script against it and against
//! dynamodel-server, so the gap between the two figures is the cost of the protocol and the engine.
//!
//! Usage: fixed_reply [PORT]  (prints `listening on http://ADDR` like the server)

use std::convert::Infallible;
use std::io::Write;

use bytes::Bytes;
use http_body_util::{BodyExt, Full};
use hyper::server::conn::http1;
use hyper::service::service_fn;
use hyper::{Request, Response};
use hyper_util::rt::TokioIo;
use tokio::net::TcpListener;

/// The server's allocator, so the two differ only in the work done per request.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

const REPLY: &[u8] = br#"{"Item":{"pk":{"S":"k1"},"sk":{"N":"0"},"payload":{"S":"0123456789abcdef0123456789abcdef"}}}"#;

async fn reply(req: Request<hyper::body::Incoming>) -> Result<Response<Full<Bytes>>, Infallible> {
    // Read the body like the real server does, so both pay the same transport cost.
    let _ = req.into_body().collect().await;
    let mut r = Response::new(Full::new(Bytes::from_static(REPLY)));
    r.headers_mut().insert("content-type", hyper::header::HeaderValue::from_static("application/x-amz-json-1.0"));
    Ok(r)
}

fn main() -> std::io::Result<()> {
    let port: u16 = std::env::args().nth(1).and_then(|p| p.parse().ok()).unwrap_or(0);
    let rt = tokio::runtime::Builder::new_multi_thread().enable_all().build()?;
    rt.block_on(async move {
        let listener = TcpListener::bind(("127.0.0.1", port)).await?;
        println!("listening on http://{}", listener.local_addr()?);
        std::io::stdout().flush()?;
        loop {
            let (stream, _) = listener.accept().await?;
            let _ = stream.set_nodelay(true);
            tokio::spawn(async move {
                let _ = http1::Builder::new().serve_connection(TokioIo::new(stream), service_fn(reply)).await;
            });
        }
    })
}
