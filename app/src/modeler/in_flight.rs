//! The writes of the selected table still on their way to its GSIs, listed above the Items and Indexes
//! grids while the playground's index propagation delay holds them back (set beside the clock, in the
//! Query tab). Nothing is shown when no write is in flight.

use leptos::prelude::*;

use crate::i18n::{t, td_string, use_i18n, Locale};
use crate::model::propagation::{clock_time, in_flight, InFlight};
use crate::state::use_modeler;

/// One write in flight, in words: what it is, and when it reaches which GSIs.
fn row_text(locale: Locale, x: &InFlight) -> String {
    let indexes = messages::format_arg(&messages::Arg::And(x.indexes.clone()), crate::language::words(locale), &|m| m.key.to_string());
    let (key, time) = (x.key.clone(), clock_time(x.reaches_at));
    if x.deletes {
        td_string!(locale, modeler.in_flight_delete, key, indexes, time).to_string()
    } else {
        td_string!(locale, modeler.in_flight_write, key, indexes, time).to_string()
    }
}

/// At most this many writes are listed; the count says how many more there are.
const SHOWN: usize = 8;

#[component]
pub fn InFlightWrites(#[prop(into)] testid: String) -> impl IntoView {
    let m = use_modeler();
    let i18n = use_i18n();
    let writes = Memo::new(move |_| -> Vec<InFlight> {
        let Some(sel) = m.selected.get() else { return Vec::new() };
        m.state.with(|s| s.playground.table(sel).map(|t| in_flight(s.playground.database(), t.name())).unwrap_or_default())
    });
    view! {
        <Show when=move || !writes.with(Vec::is_empty)>
            <div class="mdl-in-flight" role="status" data-testid=testid.clone()>
                <strong>
                    {move || match writes.with(Vec::len) {
                        1 => td_string!(i18n.get_locale(), modeler.in_flight_one).to_string(),
                        n => td_string!(i18n.get_locale(), modeler.in_flight_many, count = crate::language::numbers::count(i18n.get_locale(), n as u64)).to_string(),
                    }}
                </strong>
                <ul>
                    {move || {
                        writes.with(|w| {
                            w.iter()
                                .take(SHOWN)
                                .map(|x| view! { <li class="mdl-in-flight-row" data-testid="in-flight-row" data-key=x.key.clone()>{row_text(i18n.get_locale(), x)}</li> })
                                .collect_view()
                        })
                    }}
                </ul>
                {move || {
                    let more = writes.with(Vec::len).saturating_sub(SHOWN);
                    (more > 0).then(|| view! { <p class="mdl-muted">{td_string!(i18n.get_locale(), modeler.in_flight_more, more = crate::language::numbers::count(i18n.get_locale(), more as u64)).to_string()}</p> })
                }}
                <p class="mdl-muted">{t!(i18n, modeler.in_flight_advance)}</p>
            </div>
        </Show>
    }
}
