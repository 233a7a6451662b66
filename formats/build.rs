//! Embeds the gallery's model files without their indentation: the files stay readable in the repository
//! (they are test data too), while the bundle carries only their tokens (~1.2 KB less, gzipped).
//!
//! Whitespace is dropped only outside strings, so every key, value and key order is kept byte for byte.

use std::path::Path;
use std::{env, fs};

const GALLERY: &str = "../engine/tests/data/models/gallery";

fn main() {
    println!("cargo:rerun-if-changed={GALLERY}");
    let out = Path::new(&env::var("OUT_DIR").expect("cargo sets OUT_DIR")).join("gallery");
    fs::create_dir_all(&out).expect("OUT_DIR is writable");
    let mut entries: Vec<_> = fs::read_dir(GALLERY).expect("the gallery folder exists").flatten().collect();
    entries.sort_by_key(|e| e.file_name());
    for entry in entries {
        let path = entry.path();
        if path.extension().is_some_and(|x| x == "json") {
            println!("cargo:rerun-if-changed={}", path.display());
            let text = fs::read_to_string(&path).expect("a gallery file is UTF-8");
            fs::write(out.join(entry.file_name()), minify(&text)).expect("OUT_DIR is writable");
        }
    }
}

/// JSON text without the whitespace between tokens.
fn minify(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let (mut in_string, mut escaped) = (false, false);
    for c in text.chars() {
        if in_string {
            out.push(c);
            if escaped {
                escaped = false;
            } else if c == '\\' {
                escaped = true;
            } else if c == '"' {
                in_string = false;
            }
        } else if c == '"' {
            in_string = true;
            out.push(c);
        } else if !c.is_whitespace() {
            out.push(c);
        }
    }
    out
}
