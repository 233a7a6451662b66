//! One feature asking another to act, without importing it: the asking side sets a signal, the acting
//! side watches it (an effect in its component), acts, and clears it.

use std::sync::Arc;

use engine::model::Model;
use leptos::prelude::*;

#[derive(Clone, Copy)]
pub struct Requests {
    /// Open the model's access pattern `i` in the Query tab (from the Access patterns tab's
    /// "Open in builder"). The Query tab takes it, opens the pattern and switches to itself.
    pub open_pattern: RwSignal<Option<usize>>,
    /// Open the lesson a model file carried (its `lesson` member), continuing from that model as it was
    /// opened. Set when such a model is opened; the lessons feature takes it and opens its panel.
    pub open_lesson: RwSignal<Option<Arc<Model>>>,
}

impl Requests {
    pub fn new() -> Requests {
        Requests { open_pattern: RwSignal::new(None), open_lesson: RwSignal::new(None) }
    }
}

impl Default for Requests {
    fn default() -> Self {
        Requests::new()
    }
}
