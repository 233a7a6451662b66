//! A consistent "nothing here yet" block, so every empty area tells the user what to do next.

use crate::ui::prelude::*;

/// `title`: short heading, what is missing; `hint`: one or two sentences, how to get started.
pub fn empty_state(title: &str, hint: &str) -> View {
    el("div").class("empty-state").child(el("p").class("empty-title").text(title)).child(el("p").class("empty-hint").text(hint)).into()
}
