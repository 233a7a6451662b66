//! Entry point of the wasm bundle Trunk builds: mount the shell and nothing else.

fn main() {
    console_error_panic_hook::set_once();
    app::ui::mount::mount_to_body(app::app);
}
