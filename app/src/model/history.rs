//! Undo and redo as two stacks of inverse edits.
//!
//! Commands rather than snapshots: a snapshot of a 10,000-item table per keystroke would cost megabytes,
//! while an edit's inverse is as small as the edit. [`Playground::apply`] returns the inverse of every
//! edit it performs, so undo is "apply the inverse and keep *its* inverse for redo".

use super::playground::{Edit, EditError, Playground};

/// How many steps are kept; older ones are forgotten (the model itself is never truncated).
pub const MAX_STEPS: usize = 500;

#[derive(Debug, Clone, Default)]
pub struct History {
    undo: Vec<Edit>,
    redo: Vec<Edit>,
}

impl History {
    pub fn new() -> History {
        History::default()
    }

    pub fn can_undo(&self) -> bool {
        !self.undo.is_empty()
    }

    pub fn can_redo(&self) -> bool {
        !self.redo.is_empty()
    }

    pub fn undo_len(&self) -> usize {
        self.undo.len()
    }

    /// Perform a new edit. A new edit ends the redo branch, as in every editor.
    pub fn perform(&mut self, p: &mut Playground, edit: Edit, now: u64) -> Result<(), EditError> {
        let inverse = p.apply(edit, now)?;
        self.undo.push(inverse);
        if self.undo.len() > MAX_STEPS {
            self.undo.remove(0);
        }
        self.redo.clear();
        Ok(())
    }

    /// Record a change that has already been made (an engine request run by the Query tab), given the
    /// edit that undoes it, as one undo step.
    pub fn record(&mut self, inverse: Edit) {
        self.undo.push(inverse);
        if self.undo.len() > MAX_STEPS {
            self.undo.remove(0);
        }
        self.redo.clear();
    }

    /// Undo the last edit. Returns `Ok(false)` when there is nothing to undo. If the inverse is refused
    /// (it should not be), the step stays on the stack and the model is unchanged.
    pub fn undo(&mut self, p: &mut Playground, now: u64) -> Result<bool, EditError> {
        let Some(edit) = self.undo.pop() else { return Ok(false) };
        match apply_kept(p, edit, now) {
            Ok(inverse) => {
                self.redo.push(inverse);
                Ok(true)
            }
            Err((edit, e)) => {
                self.undo.push(edit);
                Err(e)
            }
        }
    }

    pub fn redo(&mut self, p: &mut Playground, now: u64) -> Result<bool, EditError> {
        let Some(edit) = self.redo.pop() else { return Ok(false) };
        match apply_kept(p, edit, now) {
            Ok(inverse) => {
                self.undo.push(inverse);
                Ok(true)
            }
            Err((edit, e)) => {
                self.redo.push(edit);
                Err(e)
            }
        }
    }

    pub fn clear(&mut self) {
        self.undo.clear();
        self.redo.clear();
    }
}

/// Apply `edit`, handing it back with the error if it is refused. A whole-model swap cannot be refused,
/// so it is not copied first (a copy of a 100,000-item model and its engine is most of a second).
/// The refused edit comes back by value because it goes back where it came from (a move, not a copy).
#[allow(clippy::result_large_err)]
fn apply_kept(p: &mut Playground, edit: Edit, now: u64) -> Result<Edit, (Edit, EditError)> {
    if matches!(edit, Edit::ReplaceAll(_)) {
        return p.apply(edit, now).map_err(|e| (Edit::Batch(Vec::new()), e));
    }
    p.apply(edit.clone(), now).map_err(|e| (edit, e))
}
