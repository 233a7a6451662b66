//! The view layer (`app::ui`) in headless Chromium: elements and bindings follow their signals, regions
//! free what their old content held, keyed lists keep a row's nodes, and unmounting stops everything.
#![cfg(target_arch = "wasm32")]

mod common;

use std::cell::Cell;
use std::rc::Rc;

use app::ui::mount::mount_to;
use app::ui::prelude::*;
use common::settle;
use wasm_bindgen::JsCast;
use wasm_bindgen_test::{wasm_bindgen_test, wasm_bindgen_test_configure};
use web_sys::{Element, HtmlElement};

wasm_bindgen_test_configure!(run_in_browser);

fn container() -> Element {
    let doc = web_sys::window().unwrap().document().unwrap();
    let c = doc.create_element("div").unwrap();
    doc.body().unwrap().append_child(&c).unwrap();
    c
}

fn find(root: &Element, id: &str) -> Option<HtmlElement> {
    root.query_selector(&format!("[data-testid=\"{id}\"]")).unwrap().map(|e| e.unchecked_into())
}

fn text_of(root: &Element, id: &str) -> String {
    find(root, id).and_then(|e| e.text_content()).unwrap_or_default()
}

#[wasm_bindgen_test]
fn static_tree_has_its_attributes_text_and_children() {
    let root = container();
    let _m = mount_to(&root, || {
        el("section")
            .class("a b")
            .tid("sec")
            .attr("aria-label", "Section")
            .child(el("h3").text("Title"))
            .child(el("p").tid("p").text("one ").text("two"))
            .children(["x", "y"])
            .child(None::<View>)
            .child(vec![el("i").text("1"), el("i").text("2")])
            .into()
    });
    let sec = find(&root, "sec").unwrap();
    assert_eq!(sec.class_name(), "a b");
    assert_eq!(sec.get_attribute("aria-label").as_deref(), Some("Section"));
    assert_eq!(text_of(&root, "p"), "one two");
    assert_eq!(sec.text_content().unwrap(), "Titleone twoxy12");
}

#[wasm_bindgen_test]
async fn bindings_follow_their_signals() {
    let root = container();
    let n = RwSignal::new(1);
    let _m = mount_to(&root, move || {
        el("div")
            .tid("d")
            .dyn_text(move || format!("n={}", n.get()))
            .dyn_attr("data-n", move || (n.get() % 2 == 1).then(|| n.get().to_string()))
            .dyn_flag("hidden", move || n.get() > 2)
            .dyn_class("big", move || n.get() >= 2)
            .into()
    });
    let d = find(&root, "d").unwrap();
    assert_eq!(d.text_content().unwrap(), "n=1");
    assert_eq!(d.get_attribute("data-n").as_deref(), Some("1"));
    assert!(!d.hidden());
    assert!(!d.class_list().contains("big"));
    n.set(2);
    settle().await;
    assert_eq!(d.text_content().unwrap(), "n=2");
    assert_eq!(d.get_attribute("data-n"), None);
    assert!(d.class_list().contains("big"));
    n.set(3);
    settle().await;
    assert!(d.hidden());
    assert_eq!(d.get_attribute("data-n").as_deref(), Some("3"));
}

#[wasm_bindgen_test]
async fn an_input_follows_its_signal_and_reports_typing() {
    let root = container();
    let v = RwSignal::new(String::from("a"));
    let _m = mount_to(&root, move || el("input").tid("in").dyn_value(move || v.get()).on_input(move |s| v.set(s)).into());
    let input: web_sys::HtmlInputElement = find(&root, "in").unwrap().unchecked_into();
    assert_eq!(input.value(), "a");
    input.set_value("abc");
    input.dispatch_event(&web_sys::Event::new("input").unwrap()).unwrap();
    settle().await;
    assert_eq!(v.get_untracked(), "abc");
    v.set(String::from("z"));
    settle().await;
    assert_eq!(input.value(), "z");
}

#[wasm_bindgen_test]
async fn a_region_rebuilds_and_frees_what_the_old_content_held() {
    let root = container();
    let outer = RwSignal::new(0);
    let inner = RwSignal::new(0);
    let runs = Rc::new(Cell::new(0));
    let clicks = Rc::new(Cell::new(0));
    let (r, c) = (runs.clone(), clicks.clone());
    let _m = mount_to(&root, move || {
        el("div")
            .child(el("span").text("before"))
            .dyn_child(move || {
                let o = outer.get();
                let (r, c) = (r.clone(), c.clone());
                el("b")
                    .tid(&format!("b{o}"))
                    .dyn_text(move || {
                        r.set(r.get() + 1);
                        format!("{o}/{}", inner.get())
                    })
                    .on_click(move |_| c.set(c.get() + 1))
                    .into()
            })
            .child(el("span").text("after"))
            .into()
    });
    assert_eq!(text_of(&root, "b0"), "0/0");
    assert_eq!(runs.get(), 1);
    outer.set(1);
    settle().await;
    assert!(find(&root, "b0").is_none(), "the old content is gone");
    assert_eq!(text_of(&root, "b1"), "1/0");
    assert_eq!(runs.get(), 2);
    // Only the new content's binding follows `inner`: the old one was freed.
    inner.set(5);
    settle().await;
    assert_eq!(text_of(&root, "b1"), "1/5");
    assert_eq!(runs.get(), 3);
    find(&root, "b1").unwrap().click();
    assert_eq!(clicks.get(), 1);
    assert_eq!(root.text_content().unwrap(), "before1/5after");
}

#[wasm_bindgen_test]
async fn show_rebuilds_only_when_its_condition_flips() {
    let root = container();
    let n = RwSignal::new(0);
    let builds = Rc::new(Cell::new(0));
    let b = builds.clone();
    let _m = mount_to(&root, move || {
        let b = b.clone();
        el("div")
            .child(show_else(
                move || n.get() > 0,
                move || {
                    b.set(b.get() + 1);
                    el("p").tid("yes").into()
                },
                || el("p").tid("no").into(),
            ))
            .into()
    });
    assert!(find(&root, "no").is_some());
    n.set(1);
    settle().await;
    settle().await;
    assert!(find(&root, "yes").is_some() && find(&root, "no").is_none());
    n.set(2);
    settle().await;
    settle().await;
    assert_eq!(builds.get(), 1, "still true: not rebuilt");
    n.set(0);
    settle().await;
    settle().await;
    assert!(find(&root, "no").is_some() && find(&root, "yes").is_none());
}

#[wasm_bindgen_test]
async fn keyed_rows_keep_their_nodes_through_moves_and_free_when_gone() {
    let root = container();
    let items = RwSignal::new(vec![1u32, 2, 3]);
    let tick = RwSignal::new(0);
    let live = Rc::new(Cell::new(0));
    let l = live.clone();
    let _m = mount_to(&root, move || {
        let l = l.clone();
        el("ul")
            .tid("ul")
            .child(each(
                move || items.get(),
                |i| *i,
                move |i| {
                    let l = l.clone();
                    el("li")
                        .tid(&format!("li{i}"))
                        .dyn_text(move || {
                            l.set(l.get() + 1);
                            format!("{i}:{}", tick.get())
                        })
                        .into()
                },
            ))
            .into()
    });
    let ul = find(&root, "ul").unwrap();
    assert_eq!(ul.text_content().unwrap(), "1:02:03:0");
    let two = find(&root, "li2").unwrap();
    two.set_attribute("data-mark", "kept").unwrap();
    items.set(vec![3, 2, 4]);
    settle().await;
    assert_eq!(ul.text_content().unwrap(), "3:02:04:0");
    assert_eq!(find(&root, "li2").unwrap().get_attribute("data-mark").as_deref(), Some("kept"), "row 2 kept its node");
    assert!(find(&root, "li1").is_none());
    // Three rows follow `tick` now; the removed row's binding does not run.
    live.set(0);
    tick.set(1);
    settle().await;
    assert_eq!(live.get(), 3);
    assert_eq!(ul.text_content().unwrap(), "3:12:14:1");
    items.set(vec![]);
    settle().await;
    assert_eq!(ul.child_element_count(), 0);
}

#[wasm_bindgen_test]
async fn dropping_a_mounted_view_removes_it_and_stops_its_bindings() {
    let root = container();
    let n = RwSignal::new(0);
    let runs = Rc::new(Cell::new(0));
    let r = runs.clone();
    let m = mount_to(&root, move || {
        el("p")
            .tid("p")
            .dyn_text(move || {
                r.set(r.get() + 1);
                n.get().to_string()
            })
            .into()
    });
    assert_eq!(runs.get(), 1);
    drop(m);
    assert!(find(&root, "p").is_none());
    n.set(1);
    settle().await;
    assert_eq!(runs.get(), 1);
}
