//! The form controls the request modes share: a text field, a choice and a checkbox, each showing a value
//! and handing what the user enters to a writer (the mode keeps its request JSON in step from there).

use leptos::prelude::*;

/// An `<input>` (or, `multiline`, a `<textarea>`) showing `value` and passing what is typed to `write`.
#[component]
pub fn TextField(
    /// The element's classes.
    classes: &'static str,
    testid: &'static str,
    #[prop(into)] value: Signal<String>,
    write: impl Fn(String) + 'static,
    /// Shown while the field is empty (none when "").
    #[prop(optional, into)]
    placeholder: Signal<String>,
    /// Whole numbers only: phones show a number pad.
    #[prop(optional)]
    numeric: bool,
    /// A `<textarea>` of this many rows instead of an `<input>` (0: an input).
    #[prop(optional)]
    rows: u32,
) -> impl IntoView {
    let placeholder = move || placeholder.with(|p| (!p.is_empty()).then(|| p.clone()));
    if rows > 0 {
        return view! {
            <textarea
                class=classes
                data-testid=testid
                placeholder=placeholder
                rows=rows.to_string()
                prop:value=move || value.get()
                on:input=move |ev| write(event_target_value(&ev))
            ></textarea>
        }
        .into_any();
    }
    view! {
        <input
            class=classes
            data-testid=testid
            placeholder=placeholder
            inputmode=numeric.then_some("numeric")
            prop:value=move || value.get()
            on:input=move |ev| write(event_target_value(&ev))
        />
    }
    .into_any()
}

/// A `<select>` of `options` (`(value, label)`), showing `value` and passing a choice to `write`.
///
/// The shown option is set on the options (`selected`), not on the select: a select's `value` set before
/// its options exist (Leptos sets an element's properties before adding its children) chooses nothing.
#[component]
pub fn Choice(
    testid: &'static str,
    #[prop(into)] value: Signal<String>,
    #[prop(into)] options: Signal<Vec<(String, String)>>,
    write: impl Fn(String) + 'static,
) -> impl IntoView {
    view! {
        <select class="mdl-input" data-testid=testid on:change=move |ev| write(event_target_value(&ev))>
            {move || {
                options
                    .get()
                    .into_iter()
                    .map(|(v, label)| {
                        let is = v.clone();
                        view! {
                            <option value=v prop:selected=move || value.with(|c| *c == is)>
                                {label}
                            </option>
                        }
                    })
                    .collect_view()
            }}
        </select>
    }
}

/// Options whose labels are their values.
pub fn plain_options(values: &[&str]) -> Signal<Vec<(String, String)>> {
    Signal::stored(values.iter().map(|v| (v.to_string(), v.to_string())).collect())
}

/// `<label class="q-check"><input type="checkbox"> label</label>`, checked while `value`.
#[component]
pub fn Check(testid: &'static str, #[prop(into)] label: Signal<String>, #[prop(into)] value: Signal<bool>, write: impl Fn(bool) + 'static) -> impl IntoView {
    view! {
        <label class="q-check">
            <input type="checkbox" data-testid=testid prop:checked=move || value.get() on:change=move |ev| write(event_target_checked(&ev))/>
            {label}
        </label>
    }
}
