//! The small form controls the table designer and its vector index section share.

use leptos::prelude::*;

/// A labelled text field showing `value`; typing calls `set`.
pub(super) fn text_input(value: Signal<String>, set: impl Fn(String) + 'static, testid: String, label: impl IntoView + 'static) -> impl IntoView {
    view! {
        <label class="mdl-field">
            <span class="mdl-label">{label}</span>
            <input
                type="text"
                class="mdl-input"
                data-testid=testid
                spellcheck="false"
                prop:value=move || value.get()
                on:input=move |ev| set(event_target_value(&ev))
            />
        </label>
    }
}

/// `<option value=v>label</option>` for each pair, the one `value` names selected. (Selected option by
/// option: a `<select>`'s own value is set before its options exist, and can only name one it has.)
pub(super) fn options(pairs: &'static [(&'static str, &'static str)], value: Signal<String>) -> impl IntoView {
    pairs
        .iter()
        .map(|(v, label)| {
            let v: &'static str = v;
            view! { <option value=v prop:selected=move || value.with(|x| x == v)>{*label}</option> }
        })
        .collect_view()
}
