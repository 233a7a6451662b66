//! Generates the `i18n` module (locales, keys, `t!`) from `locales/<lang>/<namespace>.json`.

use leptos_i18n_build::{Config, ParseOptions, TranslationsInfos};
use std::error::Error;
use std::path::PathBuf;

/// One namespace per feature folder, so a feature's words sit in one file per language.
pub const NAMESPACES: [&str; 11] =
    ["common", "shell", "modeler", "grid", "query", "heat", "patterns", "share", "gallery", "lessons", "dialog"];

fn main() -> Result<(), Box<dyn Error>> {
    println!("cargo::rerun-if-changed=build.rs");
    println!("cargo::rerun-if-changed=Cargo.toml");
    let out = PathBuf::from(std::env::var_os("OUT_DIR").ok_or("OUT_DIR is not set")?).join("i18n");
    // `interpolate_display`: `t_string!` with arguments, for attributes (`title`, `aria-label`) and text
    // built outside a view.
    let cfg = Config::new("en")?
        .add_locale("tr")?
        .add_namespaces(NAMESPACES)?
        .parse_options(ParseOptions::new().interpolate_display(true));
    let infos = TranslationsInfos::parse(cfg)?;
    infos.emit_diagnostics();
    infos.rerun_if_locales_changed();
    infos.generate_i18n_module(out)?;
    Ok(())
}
