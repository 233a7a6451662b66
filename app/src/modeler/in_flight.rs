//! The writes of the selected table still on their way to its GSIs, listed above the Items and Indexes
//! grids while the playground's index propagation delay holds them back (set beside the clock, in the
//! Query tab). Nothing is shown when no write is in flight.

use leptos::prelude::*;

use crate::model::propagation::{in_flight, InFlight};
use crate::state::use_modeler;

/// At most this many writes are listed; the count says how many more there are.
const SHOWN: usize = 8;

#[component]
pub fn InFlightWrites(#[prop(into)] testid: String) -> impl IntoView {
    let m = use_modeler();
    let writes = Memo::new(move |_| -> Vec<InFlight> {
        let Some(sel) = m.selected.get() else { return Vec::new() };
        m.state.with(|s| s.playground.table(sel).map(|t| in_flight(s.playground.database(), t.name())).unwrap_or_default())
    });
    view! {
        <Show when=move || !writes.with(Vec::is_empty)>
            <div class="mdl-in-flight" role="status" data-testid=testid.clone()>
                <strong>
                    {move || match writes.with(Vec::len) {
                        1 => String::from("1 write is still propagating to the GSIs."),
                        n => format!("{n} writes are still propagating to the GSIs."),
                    }}
                </strong>
                <ul>
                    {move || {
                        writes.with(|w| {
                            w.iter()
                                .take(SHOWN)
                                .map(|x| view! { <li class="mdl-in-flight-row" data-testid="in-flight-row" data-key=x.key.clone()>{x.text.clone()}</li> })
                                .collect_view()
                        })
                    }}
                </ul>
                {move || {
                    let more = writes.with(Vec::len).saturating_sub(SHOWN);
                    (more > 0).then(|| view! { <p class="mdl-muted">{format!("{more} more are on their way.")}</p> })
                }}
                <p class="mdl-muted">"Advance the clock in the Query tab to let them arrive."</p>
            </div>
        </Show>
    }
}
