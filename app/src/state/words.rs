//! The playground's own messages in the page's language. The state keeps them as values ([`NoticeText`],
//! [`EditError`], [`ValueError`]); these functions word them when they are shown. DynamoDB's own errors
//! (`EditError::Api`, `ValueError::Dynamo`) stay as DynamoDB writes them, in every language.

use crate::i18n::{td_string, Locale};
use crate::language::numbers;
use crate::model::autosave::SaveError;
use crate::model::value_edit::ValueError;
use crate::model::EditError;

/// What the banner above the workspace says.
#[derive(Debug, Clone, PartialEq)]
pub enum NoticeText {
    /// The browser gives the page no localStorage.
    NoStorage,
    /// The saved model could not be read; it was copied aside under `key`, or (`None`) could not be.
    Unreadable { reason: SaveError, key: Option<String> },
    /// Saved rows the engine now refuses.
    BrokenItems(usize),
    /// Undo (`redo: false`) or redo failed.
    HistoryFailed { redo: bool, error: EditError },
    /// The browser refused to store the model.
    SaveRefused,
    /// The model is larger than the browser's autosave keeps.
    TooBig,
    /// A model replaced the user's.
    Opened { origin: Origin, name: Title },
    /// An edit was refused.
    Edit(EditError),
}

/// The banner's text.
pub fn notice_text(locale: Locale, notice: &NoticeText) -> String {
    match notice {
        NoticeText::NoStorage => td_string!(locale, modeler.notice_no_storage).to_string(),
        NoticeText::Unreadable { reason, key: Some(key) } => {
            td_string!(locale, modeler.notice_unreadable_kept, reason = save_error_text(locale, reason), key = key).to_string()
        }
        NoticeText::Unreadable { reason, key: None } => {
            td_string!(locale, modeler.notice_unreadable_off, reason = save_error_text(locale, reason)).to_string()
        }
        NoticeText::BrokenItems(n) => td_string!(locale, modeler.notice_broken_items, count = numbers::count(locale, *n as u64)).to_string(),
        NoticeText::HistoryFailed { redo: false, error } => {
            td_string!(locale, modeler.notice_undo_failed, error = edit_error_text(locale, error)).to_string()
        }
        NoticeText::HistoryFailed { redo: true, error } => {
            td_string!(locale, modeler.notice_redo_failed, error = edit_error_text(locale, error)).to_string()
        }
        NoticeText::SaveRefused => td_string!(locale, modeler.notice_save_refused).to_string(),
        NoticeText::TooBig => td_string!(locale, modeler.notice_too_big).to_string(),
        NoticeText::Opened { origin, name } => {
            td_string!(locale, modeler.notice_opened, origin = origin_text(locale, origin), name = title_text(locale, name)).to_string()
        }
        NoticeText::Edit(e) => edit_error_text(locale, e),
    }
}

/// Why a saved text is not a save.
pub fn save_error_text(locale: Locale, error: &SaveError) -> String {
    match error {
        SaveError::NotJson(reason) => td_string!(locale, modeler.save_not_json, reason = reason).to_string(),
        SaveError::NotASave => td_string!(locale, modeler.save_not_a_save).to_string(),
        SaveError::UnsupportedEnvelope(version) => td_string!(locale, modeler.save_newer, version = version).to_string(),
        // The engine's model check words its own message.
        SaveError::Model(e) => e.to_string(),
    }
}

/// Why an edit was refused.
pub fn edit_error_text(locale: Locale, error: &EditError) -> String {
    match error {
        EditError::Api(e) => format!("{}: {}", e.type_name(), e.message()),
        // The engine's entity checks word their own messages.
        EditError::Entity(e) => e.to_string(),
        EditError::DuplicateKey(key) => td_string!(locale, modeler.error_duplicate_key, key = key).to_string(),
        EditError::NoSuchTable(i) => td_string!(locale, modeler.error_no_such_table, index = i).to_string(),
        EditError::NoSuchRow(id) => td_string!(locale, modeler.error_no_such_row, id = id).to_string(),
        EditError::ReadOnly => td_string!(locale, modeler.error_read_only).to_string(),
    }
}

/// Why a typed value was refused.
pub fn value_error_text(locale: Locale, error: &ValueError) -> String {
    match error {
        ValueError::Bool => td_string!(locale, grid.error_bool).to_string(),
        ValueError::NotJson(reason) => td_string!(locale, grid.error_not_json, reason = reason).to_string(),
        ValueError::NotList => td_string!(locale, grid.error_not_list).to_string(),
        ValueError::NotMap => td_string!(locale, grid.error_not_map).to_string(),
        ValueError::Dynamo(message) => message.clone(),
    }
}

/// Where a model that arrives comes from, for the messages about it.
#[derive(Debug, Clone, PartialEq)]
pub enum Origin {
    ShareLink,
    /// A template the address names (`?template=`).
    AnyTemplate,
    /// A template of the gallery, by its name.
    Template(String),
    /// A Dynamodel model file, by its name.
    File(String),
    /// A NoSQL Workbench model file: its name and format version (`None`: the file names none).
    Workbench { name: String, version: Option<&'static str> },
    /// A model fetched from an address (`?model=`).
    Url(String),
    /// A built-in or fetched lesson, by its title.
    Lesson(String),
}

/// The origin as a phrase that stands alone in every sentence it is put in ("a share link").
pub fn origin_text(locale: Locale, origin: &Origin) -> String {
    match origin {
        Origin::ShareLink => td_string!(locale, share.origin_share_link).to_string(),
        Origin::AnyTemplate => td_string!(locale, share.origin_any_template).to_string(),
        Origin::Template(name) => td_string!(locale, share.origin_template, name = name).to_string(),
        Origin::File(name) => td_string!(locale, share.origin_file, name = name).to_string(),
        Origin::Workbench { name, version: Some(version) } => td_string!(locale, share.origin_workbench, name = name, version = version).to_string(),
        Origin::Workbench { name, version: None } => td_string!(locale, share.origin_workbench_unversioned, name = name).to_string(),
        Origin::Url(url) => td_string!(locale, share.origin_url, url = url).to_string(),
        Origin::Lesson(title) => td_string!(locale, share.origin_lesson, title = title).to_string(),
    }
}

/// How a model that arrives is named: its own name, or what it holds when it has none.
#[derive(Debug, Clone, PartialEq)]
pub enum Title {
    Name(String),
    Counts { tables: usize, items: usize },
}

pub fn title_text(locale: Locale, title: &Title) -> String {
    match title {
        Title::Name(name) => name.clone(),
        Title::Counts { tables, items } => td_string!(
            locale,
            share.untitled_counts,
            tables = numbers::count(locale, *tables as u64),
            items = numbers::count(locale, *items as u64)
        )
        .to_string(),
    }
}

/// Why a file, link, address or template was not opened (or the model not saved as a file). Reasons
/// that come from the engine or the formats crate (`reason`) are theirs.
#[derive(Debug, Clone, PartialEq)]
pub enum TravelError {
    /// The share link is damaged or too large (the formats crate's message).
    ShareLink(String),
    NoTemplate(String),
    TemplateUnreadable(String),
    /// `?model=` with another scheme than http(s).
    Scheme(String),
    /// `?model=` too long to fetch.
    AddressTooLong,
    OpenFailed { origin: Origin, error: EditError },
    UrlNotOpened { url: String, reason: ReadError },
    UrlNotFetched { url: String, reason: FetchError },
    FileTooLarge { name: String, size: u64, limit: u64 },
    FileUnreadable(String),
    FileNotOpened { name: String, reason: ReadError },
    NotSaved(String),
    /// The browser has no CompressionStream for a share link.
    NoCompression,
}

/// Why a file's text is not a model.
#[derive(Debug, Clone, PartialEq)]
pub enum ReadError {
    /// Not JSON (serde_json's reason).
    NotJson(String),
    /// The engine's or the formats crate's reason, with the fault's path.
    Invalid(String),
}

fn read_error_text(locale: Locale, error: &ReadError) -> String {
    match error {
        ReadError::NotJson(reason) => td_string!(locale, grid.error_not_json, reason = reason).to_string(),
        ReadError::Invalid(reason) => reason.clone(),
    }
}

/// Why a `?model=` address could not be fetched.
#[derive(Debug, Clone, PartialEq)]
pub enum FetchError {
    /// No answer, or CORS refused the page the body.
    NoAnswer,
    Status { code: u16, text: String },
    /// Larger than the limit, in MB.
    TooLarge(u64),
    Body,
}

fn fetch_error_text(locale: Locale, error: &FetchError) -> String {
    match error {
        FetchError::NoAnswer => td_string!(locale, share.fetch_no_answer).to_string(),
        FetchError::Status { code, text } => td_string!(locale, share.fetch_status, code = code, text = text).to_string(),
        FetchError::TooLarge(mb) => td_string!(locale, share.fetch_too_large, limit = numbers::count(locale, *mb)).to_string(),
        FetchError::Body => td_string!(locale, share.fetch_body).to_string(),
    }
}

/// The refusal banner's text.
pub fn travel_error_text(locale: Locale, error: &TravelError) -> String {
    match error {
        TravelError::ShareLink(reason) => td_string!(locale, share.error_share_link, reason = reason).to_string(),
        TravelError::NoTemplate(slug) => td_string!(locale, share.error_no_template, slug = slug).to_string(),
        TravelError::TemplateUnreadable(slug) => td_string!(locale, share.error_template_unreadable, slug = slug).to_string(),
        TravelError::Scheme(scheme) => td_string!(locale, share.error_scheme, scheme = scheme).to_string(),
        TravelError::AddressTooLong => td_string!(locale, share.error_address_too_long).to_string(),
        TravelError::OpenFailed { origin, error } => {
            td_string!(locale, share.error_open_failed, origin = origin_text(locale, origin), error = edit_error_text(locale, error)).to_string()
        }
        TravelError::UrlNotOpened { url, reason } => {
            td_string!(locale, share.error_url_not_opened, url = url, reason = read_error_text(locale, reason)).to_string()
        }
        TravelError::UrlNotFetched { url, reason } => {
            td_string!(locale, share.error_url_not_fetched, url = url, reason = fetch_error_text(locale, reason)).to_string()
        }
        TravelError::FileTooLarge { name, size, limit } => td_string!(
            locale,
            share.error_file_too_large,
            name = name,
            size = numbers::decimal(locale, *size as f64 / 1_048_576.0, 1),
            limit = numbers::count(locale, *limit / 1_048_576)
        )
        .to_string(),
        TravelError::FileUnreadable(name) => td_string!(locale, share.error_file_unreadable, name = name).to_string(),
        TravelError::FileNotOpened { name, reason } => {
            td_string!(locale, share.error_file_not_opened, name = name, reason = read_error_text(locale, reason)).to_string()
        }
        TravelError::NotSaved(reason) => td_string!(locale, share.error_not_saved, reason = reason).to_string(),
        TravelError::NoCompression => td_string!(locale, share.error_no_compression).to_string(),
    }
}
