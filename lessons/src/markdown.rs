//! The lesson file a trainer writes by hand: Markdown with front matter.
//!
//! ```text
//! ---                                  front matter: id, lang, title, summary
//! id: sparse-indexes
//! lang: en
//! title: Sparse indexes
//! ---
//! Introduction (Markdown) …
//!
//! ## Only the active items {#active-gsi}     a step: its title and id
//! Instructions (Markdown) …
//! ```start / ```setup / ```check / ```solution   the step's blocks, anywhere in the step
//! ### Hint                                    each hint runs to the next heading (`### İpucu` in Turkish)
//! ```
//!
//! The Markdown structure (which heading is a step, which fence is a block, on which line) comes from
//! pulldown-cmark, so a `## ` inside a code sample is never a step. Text between the blocks is kept as
//! the author wrote it, for the app to render. Raw HTML is refused: a lesson is data, shown as text.

use alloc::borrow::ToOwned;
use alloc::boxed::Box;
use alloc::string::{String, ToString};
use alloc::vec::Vec;

use engine::model::Model;
use pulldown_cmark::{CodeBlockKind, Event, HeadingLevel, Options, Parser, Tag, TagEnd};
use serde_json::Value;

use crate::check::Check;
use crate::edit::{check_edit, Edit};
use crate::front_matter;
use crate::lesson::{CheckSpec, Lesson, LessonError, Place, Start, Step};
use crate::message::Message;

/// The Markdown extensions a lesson may use (tables for access-pattern tables, heading ids for steps).
/// The app renders a lesson's text with the same options.
pub fn options() -> Options {
    Options::ENABLE_TABLES | Options::ENABLE_HEADING_ATTRIBUTES | Options::ENABLE_STRIKETHROUGH
}

/// The fenced blocks that are part of a step's structure rather than of its text.
const BLOCKS: [&str; 4] = ["start", "setup", "check", "solution"];

/// Where text goes while the file is read.
enum Section {
    Introduction,
    Instructions,
    Hint,
}

struct StepDraft {
    id: Option<String>,
    title: String,
    line: u32,
    instructions: Vec<String>,
    hints: Vec<Vec<String>>,
    start: Option<Start>,
    setup: Option<Vec<Edit>>,
    checks: Option<Vec<(CheckSpec, u32)>>,
    solution: Option<Vec<Edit>>,
}

/// 1-based line of byte `offset` of `text`.
fn line_of(text: &str, offset: usize) -> u32 {
    text.as_bytes()[..offset.min(text.len())].iter().filter(|b| **b == b'\n').count() as u32 + 1
}

fn join(parts: &[String]) -> String {
    parts.join("\n\n").trim().to_owned()
}

impl Lesson {
    /// Read a lesson file. A bad file is refused with the line and the reason.
    pub fn from_markdown(text: &str) -> Result<Lesson, LessonError> {
        let fm = front_matter::read(text)?;
        let field = |k: &str| fm.get(k).unwrap_or_default().to_owned();
        let body = &text[fm.body_offset..];
        // Lines of the body are lines of the file after the front matter.
        let line = |offset: usize| line_of(body, offset) + fm.body_line - 1;

        let mut intro: Vec<String> = Vec::new();
        let mut steps: Vec<StepDraft> = Vec::new();
        let mut section = Section::Introduction;
        let mut depth = 0usize;
        // The top-level block being read: its kind and start.
        let mut heading: Option<(HeadingLevel, Option<String>, String, usize)> = None;
        let mut fence: Option<(String, String, usize)> = None;

        for (event, range) in Parser::new_ext(body, options()).into_offset_iter() {
            match &event {
                Event::Html(_) | Event::InlineHtml(_) => {
                    return Err(LessonError::at_line(line(range.start), Message::new("lesson.html")));
                }
                Event::Start(tag) => {
                    if depth == 0 {
                        match tag {
                            Tag::Heading { level, id, .. } => heading = Some((*level, id.as_ref().map(|s| s.to_string()), String::new(), range.start)),
                            Tag::CodeBlock(CodeBlockKind::Fenced(info)) => {
                                let word = info.split_whitespace().next().unwrap_or_default();
                                if BLOCKS.contains(&word) {
                                    fence = Some((word.to_owned(), String::new(), range.start));
                                }
                            }
                            _ => {}
                        }
                        if heading.is_none() && fence.is_none() {
                            // An ordinary block: its text, exactly as written.
                            let slice = body[range.clone()].trim_end().to_owned();
                            match section {
                                Section::Introduction => intro.push(slice),
                                Section::Instructions => {
                                    if let Some(s) = steps.last_mut() {
                                        s.instructions.push(slice);
                                    }
                                }
                                Section::Hint => {
                                    if let Some(h) = steps.last_mut().and_then(|s| s.hints.last_mut()) {
                                        h.push(slice);
                                    }
                                }
                            }
                        }
                    } else if let Tag::CodeBlock(CodeBlockKind::Fenced(info)) = tag {
                        let word = info.split_whitespace().next().unwrap_or_default();
                        if BLOCKS.contains(&word) {
                            return Err(LessonError::at_line(line(range.start), Message::new("lesson.block.nested").text("block", word)));
                        }
                    }
                    depth += 1;
                }
                Event::End(end) => {
                    depth = depth.saturating_sub(1);
                    if depth == 0 {
                        if let (TagEnd::Heading(_), Some((level, id, title, start))) = (end, heading.take()) {
                            let at = line(start);
                            match level {
                                HeadingLevel::H1 => return Err(LessonError::at_line(at, Message::new("lesson.title_heading"))),
                                HeadingLevel::H2 => {
                                    steps.push(StepDraft {
                                        id,
                                        title: title.trim().to_owned(),
                                        line: at,
                                        instructions: Vec::new(),
                                        hints: Vec::new(),
                                        start: None,
                                        setup: None,
                                        checks: None,
                                        solution: None,
                                    });
                                    section = Section::Instructions;
                                }
                                HeadingLevel::H3 if is_hint_heading(&title) => {
                                    let Some(s) = steps.last_mut() else {
                                        return Err(LessonError::at_line(at, Message::new("lesson.hint.outside_step")));
                                    };
                                    s.hints.push(Vec::new());
                                    section = Section::Hint;
                                }
                                _ => {
                                    // Any other heading is text of the section it is in.
                                    let slice = body[start..range.end].trim_end().to_owned();
                                    match section {
                                        Section::Introduction => intro.push(slice),
                                        Section::Instructions => {
                                            if let Some(s) = steps.last_mut() {
                                                s.instructions.push(slice);
                                            }
                                        }
                                        Section::Hint => {
                                            if let Some(h) = steps.last_mut().and_then(|s| s.hints.last_mut()) {
                                                h.push(slice);
                                            }
                                        }
                                    }
                                }
                            }
                        }
                        if let (TagEnd::CodeBlock, Some((kind, content, start))) = (end, fence.take()) {
                            let at = line(start);
                            let Some(step) = steps.last_mut() else {
                                return Err(LessonError::at_line(at, Message::new("lesson.block.outside_step").text("block", kind)));
                            };
                            block(step, &kind, &content, at)?;
                        }
                    }
                }
                Event::Rule if depth == 0 => {
                    let slice = body[range.clone()].trim_end().to_owned();
                    match section {
                        Section::Introduction => intro.push(slice),
                        Section::Instructions => {
                            if let Some(s) = steps.last_mut() {
                                s.instructions.push(slice);
                            }
                        }
                        Section::Hint => {
                            if let Some(h) = steps.last_mut().and_then(|s| s.hints.last_mut()) {
                                h.push(slice);
                            }
                        }
                    }
                }
                Event::Text(t) | Event::Code(t) => {
                    if let Some((_, _, title, _)) = heading.as_mut() {
                        if matches!(event, Event::Code(_)) {
                            title.push('`');
                            title.push_str(t);
                            title.push('`');
                        } else {
                            title.push_str(t);
                        }
                    } else if let Some((_, content, _)) = fence.as_mut() {
                        content.push_str(t);
                    }
                }
                _ => {}
            }
        }

        let mut step_lines = Vec::new();
        let mut check_lines = Vec::new();
        let mut out = Vec::new();
        for d in steps {
            let Some(id) = d.id else {
                return Err(LessonError::at_line(d.line, Message::new("lesson.step.no_id").text("title", d.title)));
            };
            step_lines.push(d.line);
            let checks = d.checks.unwrap_or_default();
            check_lines.push(checks.iter().map(|(_, l)| *l).collect::<Vec<u32>>());
            out.push(Step {
                id,
                title: d.title,
                instructions: join(&d.instructions),
                hints: d.hints.iter().map(|h| join(h)).collect(),
                start: d.start.unwrap_or(Start::Continue),
                setup: d.setup.unwrap_or_default(),
                checks: checks.into_iter().map(|(c, _)| c).collect(),
                solution: d.solution,
            });
        }
        let lesson = Lesson {
            id: field("id"),
            lang: field("lang"),
            title: field("title"),
            summary: field("summary"),
            introduction: join(&intro),
            steps: out,
        };
        lesson.validate(Place::Lines { lesson: 1, steps: &step_lines, checks: &check_lines }, false)?;
        Ok(lesson)
    }
}

/// A hint's heading: `### Hint`, or `### İpucu` in a Turkish lesson (any text may follow the word).
/// Turkish is compared case by case rather than lower-cased: `İ` lower-cases to `i` and a combining dot.
fn is_hint_heading(title: &str) -> bool {
    let t = title.trim();
    t.to_ascii_lowercase().starts_with("hint") || ["İpucu", "ipucu", "İPUCU"].iter().any(|w| t.starts_with(w))
}

/// Read one of a step's blocks (`content` starts on the line after `line`, the opening fence).
fn block(step: &mut StepDraft, kind: &str, content: &str, line: u32) -> Result<(), LessonError> {
    let id = step.id.clone().unwrap_or_default();
    let twice = || LessonError::at_line(line, Message::new("lesson.block.twice").text("id", id.clone()).text("block", kind));
    match kind {
        "start" => {
            if step.start.is_some() {
                return Err(twice());
            }
            step.start = Some(start(content, line)?);
        }
        "setup" => {
            if step.setup.is_some() {
                return Err(twice());
            }
            step.setup = Some(edits(content, line)?);
        }
        "solution" => {
            if step.solution.is_some() {
                return Err(twice());
            }
            step.solution = Some(edits(content, line)?);
        }
        _ => {
            if step.checks.is_some() {
                return Err(twice());
            }
            step.checks = Some(checks(content, line)?);
        }
    }
    Ok(())
}

/// JSON of a block, with a syntax error's line placed in the file.
fn json(content: &str, line: u32) -> Result<Value, LessonError> {
    serde_json::from_str(content).map_err(|e| {
        LessonError::at_line(line + e.line().max(1) as u32, Message::new("lesson.json").text("reason", e.to_string()))
    })
}

fn start(content: &str, line: u32) -> Result<Start, LessonError> {
    let t = content.trim();
    if t == "continue" {
        return Ok(Start::Continue);
    }
    if let Some(slug) = t.strip_prefix("template ").map(str::trim) {
        return Ok(Start::Template(slug.to_owned()));
    }
    if t.starts_with('{') {
        let v = json(content, line)?;
        return Model::from_json(v)
            .map(|m| Start::Model(Box::new(m)))
            .map_err(|e| LessonError::at_line(line + 1, Message::new("lesson.start.model").text("reason", e.to_string())));
    }
    Err(LessonError::at_line(line + 1, Message::new("lesson.start.invalid").text("found", t.lines().next().unwrap_or_default())))
}

fn edits(content: &str, line: u32) -> Result<Vec<Edit>, LessonError> {
    let v = json(content, line)?;
    let edits: Vec<Edit> = serde_path_to_error::deserialize(&v).map_err(|e| {
        let path = e.path().to_string();
        LessonError::at_line(line + 1, Message::new("lesson.json.at").text("path", path).text("reason", e.into_inner().to_string()))
    })?;
    for (i, e) in edits.iter().enumerate() {
        check_edit(i, e).map_err(|m| LessonError::at_line(line + 1, m))?;
    }
    Ok(edits)
}

/// One check per line: `id: check`, or `id (kept): check`; an indented line continues the check above;
/// blank lines and `#` comments are skipped.
fn checks(content: &str, line: u32) -> Result<Vec<(CheckSpec, u32)>, LessonError> {
    // (text, first line) of each check.
    let mut raw: Vec<(String, u32)> = Vec::new();
    for (i, l) in content.lines().enumerate() {
        let at = line + 1 + i as u32;
        if l.trim().is_empty() || l.trim_start().starts_with('#') {
            continue;
        }
        if l.starts_with(char::is_whitespace) {
            let Some((text, _)) = raw.last_mut() else {
                return Err(LessonError::at_line(at, Message::new("lesson.check.continuation")));
            };
            text.push(' ');
            text.push_str(l.trim());
        } else {
            raw.push((l.trim().to_owned(), at));
        }
    }
    let mut out = Vec::new();
    for (text, at) in raw {
        let Some((head, body)) = text.split_once(':') else {
            return Err(LessonError::at_line(at, Message::new("lesson.check.no_id")));
        };
        let head = head.trim();
        let (id, kept) = match head.strip_suffix("(kept)") {
            Some(id) => (id.trim(), true),
            None => (head, false),
        };
        if id.is_empty() || id.contains(char::is_whitespace) {
            return Err(LessonError::at_line(at, Message::new("lesson.check.no_id")));
        }
        let check = Check::parse(body).map_err(|m| LessonError::at_line(at, m))?;
        out.push((CheckSpec { id: id.to_owned(), kept, check }, at));
    }
    Ok(out)
}
