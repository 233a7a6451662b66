//! Entry point of the wasm bundle Trunk builds: mount the app and nothing else.

fn main() {
    console_error_panic_hook::set_once();
    leptos::mount::mount_to_body(app::App);
}
