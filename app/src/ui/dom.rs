//! Elements built by calls: [`el`] starts one, [`El`]'s methods add attributes, children, listeners and
//! reactive bindings, and [`View`] is what a component returns.
//!
//! Every generic method only boxes its closure and hands it to a private function that is compiled once
//! (`*_boxed`), so a call site costs its closure and a call, never a copy of the machinery.

use std::cell::RefCell;

use wasm_bindgen::closure::Closure;
use wasm_bindgen::{JsCast, JsValue};
use web_sys::{Document, Element, Event, KeyboardEvent, MouseEvent, Node};

use super::owner::{effect, keep};

thread_local! {
    static DOCUMENT: Document = web_sys::window().and_then(|w| w.document()).expect("the playground runs in a page with a document");
}

/// The page's document.
pub fn document() -> Document {
    DOCUMENT.with(Document::clone)
}

/// A node (or nodes, in a fragment) ready to be inserted, or nothing.
#[derive(Clone, Default)]
pub struct View(Option<Node>);

impl View {
    pub fn empty() -> View {
        View(None)
    }

    pub fn node(&self) -> Option<&Node> {
        self.0.as_ref()
    }

    pub fn into_node(self) -> Option<Node> {
        self.0
    }

    pub fn is_empty(&self) -> bool {
        self.0.is_none()
    }
}

impl From<El> for View {
    fn from(e: El) -> View {
        View(Some(e.0.into()))
    }
}

impl From<Element> for View {
    fn from(e: Element) -> View {
        View(Some(e.into()))
    }
}

impl From<Node> for View {
    fn from(n: Node) -> View {
        View(Some(n))
    }
}

impl From<&str> for View {
    fn from(s: &str) -> View {
        text(s)
    }
}

impl From<String> for View {
    fn from(s: String) -> View {
        text(&s)
    }
}

impl From<&String> for View {
    fn from(s: &String) -> View {
        text(s)
    }
}

impl From<()> for View {
    fn from(_: ()) -> View {
        View(None)
    }
}

impl<T: Into<View>> From<Option<T>> for View {
    fn from(v: Option<T>) -> View {
        v.map(Into::into).unwrap_or_default()
    }
}

impl<T: Into<View>> From<Vec<T>> for View {
    fn from(v: Vec<T>) -> View {
        fragment(v.into_iter().map(Into::into).collect())
    }
}

/// A text node.
pub fn text(s: &str) -> View {
    View(Some(document().create_text_node(s).into()))
}

/// Several views side by side (a `DocumentFragment`, which inserts its children and disappears).
#[inline(never)]
pub fn fragment(views: Vec<View>) -> View {
    let f = document().create_document_fragment();
    for v in views {
        if let Some(n) = v.0 {
            let _ = f.append_child(&n);
        }
    }
    View(Some(f.into()))
}

/// An element under construction. Methods take and return it, so a tree reads as one expression.
pub struct El(Element);

/// Starts an HTML element.
#[inline(never)]
pub fn el(tag: &'static str) -> El {
    // create_element only fails for an invalid tag name; a tag is always a literal of this crate (hence
    // `'static`), never text from a user, a model file or a link.
    El(document().create_element(tag).expect("valid tag name"))
}

/// Starts an SVG element (for icons drawn inline).
#[inline(never)]
pub fn svg(tag: &'static str) -> El {
    El(document().create_element_ns(Some("http://www.w3.org/2000/svg"), tag).expect("valid tag name"))
}

impl El {
    /// The element itself (what a `NodeRef` used to give): for focus, measuring, or a listener added later.
    pub fn elem(&self) -> &Element {
        &self.0
    }

    pub fn into_elem(self) -> Element {
        self.0
    }

    /// The element as another DOM type (`HtmlInputElement`, `HtmlCanvasElement`, …).
    pub fn handle<T: JsCast>(&self) -> T {
        self.0.clone().unchecked_into()
    }

    #[inline(never)]
    pub fn attr(self, name: &str, value: &str) -> El {
        let _ = self.0.set_attribute(name, value);
        self
    }

    /// An attribute set only when `value` is `Some`.
    pub fn attr_opt(self, name: &str, value: Option<&str>) -> El {
        match value {
            Some(v) => self.attr(name, v),
            None => self,
        }
    }

    /// A boolean attribute (`disabled`, `hidden`, `checked`, `selected`, …), present when `on`.
    pub fn flag(self, name: &str, on: bool) -> El {
        if on {
            self.attr(name, "")
        } else {
            self
        }
    }

    pub fn class(self, v: &str) -> El {
        self.attr("class", v)
    }

    /// Adds `class` to the element's classes when `on`.
    pub fn class_if(self, class: &str, on: bool) -> El {
        if on {
            let _ = self.0.class_list().add_1(class);
        }
        self
    }

    pub fn id(self, v: &str) -> El {
        self.attr("id", v)
    }

    /// `data-testid`: the stable handle the component and end-to-end tests use.
    pub fn tid(self, v: &str) -> El {
        self.attr("data-testid", v)
    }

    /// The `type` attribute (`button`, `text`, `checkbox`, …).
    pub fn ty(self, v: &str) -> El {
        self.attr("type", v)
    }

    /// A static DOM property (`value` of an input, `checked` of a checkbox).
    #[inline(never)]
    pub fn prop(self, name: &str, value: JsValue) -> El {
        let _ = js_sys::Reflect::set(&self.0, &JsValue::from_str(name), &value);
        self
    }

    /// Appends a text node.
    #[inline(never)]
    pub fn text(self, s: &str) -> El {
        let _ = self.0.append_child(&document().create_text_node(s));
        self
    }

    /// Appends a child: an element, a text, an option, a list of views, or a region.
    pub fn child(self, v: impl Into<View>) -> El {
        self.append(v.into())
    }

    #[inline(never)]
    fn append(self, v: View) -> El {
        if let Some(n) = v.0 {
            let _ = self.0.append_child(&n);
        }
        self
    }

    /// Appends every view an iterator yields.
    pub fn children<V: Into<View>>(self, views: impl IntoIterator<Item = V>) -> El {
        let mut e = self;
        for v in views {
            e = e.append(v.into());
        }
        e
    }

    /// Appends a part rebuilt whenever the signals `f` reads change ([`super::dynamic`]).
    pub fn dyn_child(self, f: impl Fn() -> View + 'static) -> El {
        self.append(super::region::dynamic(f))
    }

    /// Appends a text node whose content follows `f`.
    pub fn dyn_text(self, f: impl Fn() -> String + 'static) -> El {
        self.dyn_text_boxed(Box::new(f))
    }

    #[inline(never)]
    fn dyn_text_boxed(self, f: Box<dyn Fn() -> String>) -> El {
        let node = document().create_text_node("");
        let _ = self.0.append_child(&node);
        let mut last: Option<String> = None;
        effect(Box::new(move || {
            let s = f();
            if last.as_deref() != Some(s.as_str()) {
                node.set_data(&s);
                last = Some(s);
            }
        }));
        self
    }

    /// An attribute that follows `f`: set to its value, removed while it is `None`.
    pub fn dyn_attr(self, name: &'static str, f: impl Fn() -> Option<String> + 'static) -> El {
        self.dyn_attr_boxed(name, Box::new(f))
    }

    #[inline(never)]
    fn dyn_attr_boxed(self, name: &'static str, f: Box<dyn Fn() -> Option<String>>) -> El {
        let e = self.0.clone();
        effect(Box::new(move || match f() {
            Some(v) => {
                if e.get_attribute(name).as_deref() != Some(v.as_str()) {
                    let _ = e.set_attribute(name, &v);
                }
            }
            None => {
                let _ = e.remove_attribute(name);
            }
        }));
        self
    }

    /// A boolean attribute (`disabled`, `hidden`, …) present while `f` is true.
    pub fn dyn_flag(self, name: &'static str, f: impl Fn() -> bool + 'static) -> El {
        self.dyn_flag_boxed(name, Box::new(f))
    }

    #[inline(never)]
    fn dyn_flag_boxed(self, name: &'static str, f: Box<dyn Fn() -> bool>) -> El {
        let e = self.0.clone();
        effect(Box::new(move || {
            let on = f();
            if on != e.has_attribute(name) {
                let _ = if on { e.set_attribute(name, "") } else { e.remove_attribute(name) };
            }
        }));
        self
    }

    /// One class of the element, present while `f` is true (the element's other classes are untouched).
    pub fn dyn_class(self, class: &'static str, f: impl Fn() -> bool + 'static) -> El {
        self.dyn_class_boxed(class, Box::new(f))
    }

    #[inline(never)]
    fn dyn_class_boxed(self, class: &'static str, f: Box<dyn Fn() -> bool>) -> El {
        let list = self.0.class_list();
        effect(Box::new(move || {
            let _ = list.toggle_with_force(class, f());
        }));
        self
    }

    /// The `value` property of an input, textarea or select, following `f`. Set only when it differs, so
    /// typing is never disturbed by its own echo.
    pub fn dyn_value(self, f: impl Fn() -> String + 'static) -> El {
        self.dyn_value_boxed(Box::new(f))
    }

    #[inline(never)]
    fn dyn_value_boxed(self, f: Box<dyn Fn() -> String>) -> El {
        let e = self.0.clone();
        let key = JsValue::from_str("value");
        effect(Box::new(move || {
            let v = f();
            let now = js_sys::Reflect::get(&e, &key).ok().and_then(|x| x.as_string());
            if now.as_deref() != Some(v.as_str()) {
                let _ = js_sys::Reflect::set(&e, &key, &JsValue::from_str(&v));
            }
        }));
        self
    }

    /// The `checked` property of a checkbox or radio button, following `f`.
    pub fn dyn_checked(self, f: impl Fn() -> bool + 'static) -> El {
        self.dyn_prop_bool_boxed("checked", Box::new(f))
    }

    /// A boolean DOM property (`selected` of an option, `checked`, `open` of a details) following `f`.
    pub fn dyn_prop_bool(self, name: &'static str, f: impl Fn() -> bool + 'static) -> El {
        self.dyn_prop_bool_boxed(name, Box::new(f))
    }

    #[inline(never)]
    fn dyn_prop_bool_boxed(self, name: &'static str, f: Box<dyn Fn() -> bool>) -> El {
        let e = self.0.clone();
        let key = JsValue::from_str(name);
        effect(Box::new(move || {
            let _ = js_sys::Reflect::set(&e, &key, &JsValue::from_bool(f()));
        }));
        self
    }

    /// Listens for `event` on this element for as long as the region that built it lives.
    pub fn on(self, event: &'static str, f: impl FnMut(Event) + 'static) -> El {
        self.on_boxed(event, Box::new(f))
    }

    #[inline(never)]
    fn on_boxed(self, event: &'static str, f: Box<dyn FnMut(Event)>) -> El {
        listen(self.0.as_ref(), event, f);
        self
    }

    /// `click`, for buttons and links.
    pub fn on_click(self, f: impl FnMut(Event) + 'static) -> El {
        self.on_boxed("click", Box::new(f))
    }

    /// `input`, with the field's new value.
    pub fn on_input(self, mut f: impl FnMut(String) + 'static) -> El {
        self.on_boxed("input", Box::new(move |ev| f(super::browser::event_target_value(&ev))))
    }

    /// `change`, with the field's value (selects, and text fields committed on blur or Enter).
    pub fn on_change(self, mut f: impl FnMut(String) + 'static) -> El {
        self.on_boxed("change", Box::new(move |ev| f(super::browser::event_target_value(&ev))))
    }

    /// A keyboard event (`keydown`, `keyup`) as a `KeyboardEvent`.
    pub fn on_key(self, event: &'static str, mut f: impl FnMut(KeyboardEvent) + 'static) -> El {
        self.on_boxed(event, Box::new(move |ev| f(ev.unchecked_into())))
    }

    /// A mouse event as a `MouseEvent`.
    pub fn on_mouse(self, event: &'static str, mut f: impl FnMut(MouseEvent) + 'static) -> El {
        self.on_boxed(event, Box::new(move |ev| f(ev.unchecked_into())))
    }

    /// Runs `f` on the element now (to keep a handle to it, or set something the builder has no call for).
    pub fn with(self, f: impl FnOnce(&Element)) -> El {
        f(&self.0);
        self
    }
}

/// Adds `f` as a listener of `event` on `target`, removed (and freed) when the current region goes away.
#[inline(never)]
pub fn listen(target: &web_sys::EventTarget, event: &'static str, f: Box<dyn FnMut(Event)>) {
    let closure = Closure::wrap(f);
    let _ = target.add_event_listener_with_callback(event, closure.as_ref().unchecked_ref());
    let target = target.clone();
    let holder = RefCell::new(Some(closure));
    keep(Box::new(move || {
        if let Some(c) = holder.borrow_mut().take() {
            let _ = target.remove_event_listener_with_callback(event, c.as_ref().unchecked_ref());
        }
    }));
}
