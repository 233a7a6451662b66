//! The page's address, read once at start: `?embed=1&readonly=1&tab=…`, `?model=<url>`, `?template=`,
//! or a share link in the fragment (see `formats::launch`).
//!
//! Read once and kept because the page changes its own address: it drops a share link from the address
//! bar once it has read it (so a reload shows the user's own model), yet an embed stays an embed.

use formats::launch::Launch;

thread_local! {
    static LAUNCH: Launch = read();
}

fn read() -> Launch {
    let loc = gloo_utils::window().location();
    formats::launch::parse(&loc.search().unwrap_or_default(), &loc.hash().unwrap_or_default())
}

/// The page's launch options.
pub fn launch() -> Launch {
    LAUNCH.with(Clone::clone)
}

/// Drop the share link from the address bar once it has been read, so a reload shows the user's own
/// model rather than asking about the link again.
pub fn forget_fragment() {
    let w = gloo_utils::window();
    let loc = w.location();
    let url = format!("{}{}", loc.pathname().unwrap_or_default(), loc.search().unwrap_or_default());
    if let Ok(history) = w.history() {
        let _ = history.replace_state_with_url(&wasm_bindgen::JsValue::NULL, "", Some(&url));
    }
}

/// The page's address without query or fragment: the base of share links and embeds.
pub fn page_base() -> String {
    let loc = gloo_utils::window().location();
    format!("{}{}", loc.origin().unwrap_or_default(), loc.pathname().unwrap_or_default())
}
