//! A real server process per test (the built binary on a free port) and a raw HTTP/1.1 client, so tests
//! can send exactly the bytes a broken or hostile client would.
#![allow(dead_code)]

use std::io::{BufRead, BufReader, Read, Write};
use std::net::{SocketAddr, TcpStream};
use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::time::Duration;

pub struct Server {
    child: Child,
    pub addr: SocketAddr,
}

impl Server {
    pub fn start(extra: &[&str]) -> Server {
        Self::try_start(extra).unwrap_or_else(|e| panic!("server did not start: {e}"))
    }

    /// Start with `dir` as the working directory.
    pub fn start_in(dir: &Path, extra: &[&str]) -> Server {
        Self::spawn(Some(dir), extra).unwrap_or_else(|e| panic!("server did not start: {e}"))
    }

    /// Start the binary; `Err` carries its stderr when it exits instead of listening.
    pub fn try_start(extra: &[&str]) -> Result<Server, String> {
        Self::spawn(None, extra)
    }

    fn spawn(dir: Option<&Path>, extra: &[&str]) -> Result<Server, String> {
        let mut command = Command::new(env!("CARGO_BIN_EXE_dynamodel-server"));
        if let Some(dir) = dir {
            command.current_dir(dir);
        }
        let mut child = command
            .args(["--port", "0", "--threads", "2"])
            .args(extra)
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .map_err(|e| e.to_string())?;
        let stdout = child.stdout.take().ok_or("no stdout")?;
        let mut line = String::new();
        BufReader::new(stdout).read_line(&mut line).map_err(|e| e.to_string())?;
        let Some(addr) = line.trim().strip_prefix("listening on http://") else {
            let mut err = String::new();
            if let Some(mut e) = child.stderr.take() {
                let _ = e.read_to_string(&mut err);
            }
            let status = child.wait().map_err(|e| e.to_string())?;
            return Err(format!("exit {status}: {err}"));
        };
        let addr = addr.parse().map_err(|e| format!("{e}: {line}"))?;
        Ok(Server { child, addr })
    }

    pub fn connect(&self) -> TcpStream {
        let s = TcpStream::connect(self.addr).unwrap_or_else(|e| panic!("connect: {e}"));
        let _ = s.set_read_timeout(Some(Duration::from_secs(30)));
        s
    }

    /// Send raw bytes on a fresh connection and read one response.
    pub fn raw(&self, request: &[u8]) -> Response {
        let mut s = self.connect();
        s.write_all(request).unwrap_or_else(|e| panic!("write: {e}"));
        read_response(&mut s)
    }

    /// A signed-looking DynamoDB call.
    pub fn call(&self, action: &str, body: &str) -> Response {
        self.raw(&signed_request(&format!("DynamoDB_20120810.{action}"), body.as_bytes()))
    }

    /// Stop with SIGTERM (graceful: the state file is flushed) and wait.
    pub fn stop(mut self) -> std::process::ExitStatus {
        let _ = Command::new("kill").arg("-TERM").arg(self.child.id().to_string()).status();
        self.child.wait().unwrap_or_else(|e| panic!("wait: {e}"))
    }

    /// Stop gracefully and return everything the server wrote to stderr.
    pub fn stop_with_stderr(mut self) -> String {
        let _ = Command::new("kill").arg("-TERM").arg(self.child.id().to_string()).status();
        let mut err = String::new();
        if let Some(mut e) = self.child.stderr.take() {
            let _ = e.read_to_string(&mut err);
        }
        let _ = self.child.wait();
        err
    }

    pub fn kill9(mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

pub fn signed_request(target: &str, body: &[u8]) -> Vec<u8> {
    let mut r = format!(
        "POST / HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/x-amz-json-1.0\r\nX-Amz-Target: {target}\r\n\
         X-Amz-Date: 20240101T000000Z\r\nAuthorization: AWS4-HMAC-SHA256 Credential=AKID/20240101/us-east-1/dynamodb/aws4_request, \
         SignedHeaders=content-type;host;x-amz-date;x-amz-target, Signature=00\r\nContent-Length: {}\r\n\r\n",
        body.len()
    )
    .into_bytes();
    r.extend_from_slice(body);
    r
}

#[derive(Debug)]
pub struct Response {
    pub status: u16,
    pub headers: Vec<(String, String)>,
    pub body: Vec<u8>,
}

impl Response {
    pub fn header(&self, name: &str) -> Option<&str> {
        self.headers.iter().find(|(k, _)| k.eq_ignore_ascii_case(name)).map(|(_, v)| v.as_str())
    }

    pub fn json(&self) -> serde_json::Value {
        serde_json::from_slice(&self.body).unwrap_or(serde_json::Value::Null)
    }

    pub fn text(&self) -> String {
        String::from_utf8_lossy(&self.body).into_owned()
    }
}

pub fn read_response(s: &mut TcpStream) -> Response {
    let mut reader = BufReader::new(s);
    let mut status_line = String::new();
    reader.read_line(&mut status_line).unwrap_or_else(|e| panic!("status line: {e}"));
    let status = status_line.split(' ').nth(1).and_then(|c| c.parse().ok()).unwrap_or_else(|| panic!("bad status line {status_line:?}"));
    let mut headers = Vec::new();
    loop {
        let mut line = String::new();
        reader.read_line(&mut line).unwrap_or_else(|e| panic!("header: {e}"));
        let line = line.trim_end();
        if line.is_empty() {
            break;
        }
        if let Some((k, v)) = line.split_once(':') {
            headers.push((k.trim().to_owned(), v.trim().to_owned()));
        }
    }
    let len: usize = headers
        .iter()
        .find(|(k, _)| k.eq_ignore_ascii_case("content-length"))
        .and_then(|(_, v)| v.parse().ok())
        .unwrap_or(0);
    let mut body = vec![0; len];
    reader.read_exact(&mut body).unwrap_or_else(|e| panic!("body: {e}"));
    Response { status, headers, body }
}

pub fn temp_dir(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("dynamodel-server-test-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap_or_else(|e| panic!("temp dir: {e}"));
    dir
}

pub fn exists(p: &Path) -> bool {
    p.exists()
}
