//! A charge in words, in English and Turkish: "Table: 3 items read (before any filter), 9.1 KB →
//! rounded up to 12 KB → 3 blocks × 0.5 = 1.5 RCU (eventually consistent)".
//!
//! The charge itself ([`Charge`]) is typed and exact; this module only chooses the sentence for its
//! reason and hands its figures to the language that shows them. The arithmetic part (bytes → blocks →
//! units) ends every line in both languages, so it is one part of the sentence ([`rounding`]).

use alloc::string::String;
use alloc::vec::Vec;

use messages::{Catalog, Lang, Message};

use super::{Charge, Kind, Reason, Target};

/// `message` in `lang`, from the capacity tables.
pub fn render(message: &Message, lang: Lang) -> String {
    CATALOG.render(message, lang)
}

/// `Table`, `GSI byStatus`, `LSI byDate`.
pub fn target(t: &Target) -> Message {
    match t {
        Target::Table => Message::new("capacity.target.table"),
        Target::GlobalIndex(n) => Message::new("capacity.target.gsi").text("name", n.clone()),
        Target::LocalIndex(n) => Message::new("capacity.target.lsi").text("name", n.clone()),
    }
}

/// A size as the Items grid shows it: `345 B` under a KiB, else KiB to a tenth (`9.1 KB`).
pub fn size(bytes: u64) -> Message {
    if bytes < 1024 {
        Message::new("capacity.size.bytes").count("bytes", bytes)
    } else {
        Message::new("capacity.size.kb").decimal("kb", (bytes * 10 + 512) / 1024, 1)
    }
}

/// What one block costs and why: `0.5` (eventually consistent), `2` (transactional write).
fn per_block(c: &Charge) -> (u64, &'static str) {
    let per = c.half_units / c.blocks.max(1);
    let how = match (c.kind, per) {
        (Kind::Read, 1) => "capacity.how.eventual",
        (Kind::Read, 2) => "capacity.how.strong",
        (Kind::Read, _) => "capacity.how.transactional",
        (Kind::Write, 2) => "capacity.how.standard_write",
        (Kind::Write, _) => "capacity.how.transactional_write",
    };
    (per, how)
}

/// `9.1 KB → rounded up to 12 KB → 3 blocks × 0.5 = 1.5 RCU (eventually consistent)`.
pub fn rounding(c: &Charge) -> Message {
    let (per, how) = per_block(c);
    let blocks = if c.blocks == 1 { Message::new("capacity.blocks.one") } else { Message::new("capacity.blocks").count("blocks", c.blocks) };
    Message::new("capacity.rounding")
        .part("size", size(c.bytes))
        .count("kb", c.blocks * (c.block_bytes / 1024))
        .part("blocks", blocks)
        .half_units("per", per)
        .half_units("units", c.half_units)
        .text("unit", if c.kind == Kind::Read { "RCU" } else { "WCU" })
        .part("how", Message::new(how))
}

/// One charge in words, with its reason.
pub fn charge(c: &Charge) -> Message {
    let or_none = |b: Option<u64>| b.map_or_else(|| Message::new("capacity.size.none"), size);
    let m = match &c.reason {
        Reason::Read { items: 1 } => Message::new("capacity.read.one").count("items", 1),
        Reason::Read { items } => Message::new("capacity.read").count("items", *items),
        Reason::LsiFetch { items } => Message::new("capacity.lsi_fetch").count("items", *items),
        Reason::GetItem { found: true } => Message::new("capacity.get"),
        Reason::GetItem { found: false } => Message::new("capacity.get.missing"),
        Reason::WriteItem { old: Some(o), new } => Message::new("capacity.write.replace").part("old", size(*o)).part("new", size(*new)),
        Reason::WriteItem { old: None, new } => Message::new("capacity.write.new").part("new", size(*new)),
        Reason::DeleteItem { found: true } => Message::new("capacity.delete"),
        Reason::DeleteItem { found: false } => Message::new("capacity.delete.missing"),
        Reason::UpdateNothing => Message::new("capacity.update_nothing"),
        Reason::ConditionFailed { old, new } => Message::new("capacity.condition_failed").part("old", or_none(*old)).part("new", or_none(*new)),
        Reason::ConditionCheck { .. } => Message::new("capacity.condition_check"),
        Reason::IndexPut => Message::new("capacity.index.put"),
        Reason::IndexDelete => Message::new("capacity.index.delete"),
        Reason::IndexKeyChangedDelete => Message::new("capacity.index.key_changed_delete"),
        Reason::IndexKeyChangedPut => Message::new("capacity.index.key_changed_put"),
        Reason::IndexUpdate => Message::new("capacity.index.update"),
    };
    m.part("target", target(&c.target)).part("rounding", rounding(c))
}

/// An index a write left alone: 0 writes, and why.
pub fn untouched_index(t: &Target, condition_failed: bool) -> Message {
    Message::new(if condition_failed { "capacity.index.untouched.failed" } else { "capacity.index.untouched" }).part("target", target(t))
}

/// `1.5 RCU`, `3 WCU`, `1 RCU + 2 WCU`.
pub fn total(read_half_units: u64, write_half_units: u64) -> Message {
    match (read_half_units, write_half_units) {
        (r, 0) => Message::new("capacity.total.read").half_units("read", r),
        (0, w) => Message::new("capacity.total.write").half_units("write", w),
        (r, w) => Message::new("capacity.total.both").half_units("read", r).half_units("write", w),
    }
}

/// What a table's total covers, in the words the Items grid uses ("table alone", "table + indexes",
/// "GSI byStatus alone" for a read of an index) and, when the table and its indexes both charged, each
/// one's share ("table 1 WCU + GSI GSI1 1 WCU").
pub fn scope(charges: &[&Charge]) -> (Message, Option<Message>) {
    let mut targets: Vec<&Target> = Vec::new();
    for c in charges {
        if !targets.contains(&&c.target) {
            targets.push(&c.target);
        }
    }
    let share = |t: &Target| {
        let (r, w) = charges.iter().filter(|c| &c.target == t).fold((0, 0), |(r, w), c| match c.kind {
            Kind::Read => (r + c.half_units, w),
            Kind::Write => (r, w + c.half_units),
        });
        total(r, w)
    };
    let has_table = targets.contains(&&Target::Table);
    match (has_table, targets.len()) {
        (true, 1) | (_, 0) => (Message::new("capacity.scope.table"), None),
        (false, 1) => (Message::new("capacity.scope.alone").part("target", target(targets[0])), None),
        (has_table, _) => {
            let name = |t: &Target| if *t == Target::Table { Message::new("capacity.split.table") } else { target(t) };
            let split = targets.iter().rev().fold(None, |rest: Option<Message>, t| {
                let one = Message::new("capacity.split.part").part("name", name(t)).part("total", share(t));
                Some(match rest {
                    Some(r) => Message::new("capacity.split.more").part("first", one).part("rest", r),
                    None => one,
                })
            });
            (Message::new(if has_table { "capacity.scope.table_indexes" } else { "capacity.scope.indexes" }), split)
        }
    }
}

pub const CATALOG: Catalog = Catalog { en: EN, tr: TR };

const EN: &[(&str, &str)] = &[
    ("capacity.target.table", "Table"),
    ("capacity.target.gsi", "GSI {name}"),
    ("capacity.target.lsi", "LSI {name}"),
    ("capacity.size.bytes", "{bytes} B"),
    ("capacity.size.kb", "{kb} KB"),
    ("capacity.size.none", "none"),
    ("capacity.blocks.one", "1 block"),
    ("capacity.blocks", "{blocks} blocks"),
    ("capacity.how.eventual", "eventually consistent"),
    ("capacity.how.strong", "strongly consistent"),
    ("capacity.how.transactional", "transactional"),
    ("capacity.how.standard_write", "standard write"),
    ("capacity.how.transactional_write", "transactional write"),
    ("capacity.rounding", "{size} → rounded up to {kb} KB → {blocks} × {per} = {units} {unit} ({how})"),
    ("capacity.read.one", "{target}: {items} item read (before any filter), {rounding}"),
    ("capacity.read", "{target}: {items} items read (before any filter), {rounding}"),
    ("capacity.lsi_fetch", "{target}: {items} item(s) fetched from the table for attributes the index does not project, {rounding}"),
    ("capacity.get", "{target}: the item, {rounding}"),
    ("capacity.get.missing", "{target}: no such item, still the minimum: {rounding}"),
    ("capacity.write.replace", "{target}: the larger of the old item ({old}) and the new one ({new}), {rounding}"),
    ("capacity.write.new", "{target}: a new item of {new}, {rounding}"),
    ("capacity.delete", "{target}: the deleted item, {rounding}"),
    ("capacity.delete.missing", "{target}: no item to delete, still the minimum: {rounding}"),
    ("capacity.update_nothing", "{target}: an update of a missing item that only removes writes nothing, still the minimum: {rounding}"),
    ("capacity.condition_failed", "{target}: the condition failed, so nothing was written — DynamoDB still charges the write it evaluated, sized as the larger of the stored item ({old}) and the one it would have written ({new}): {rounding}"),
    ("capacity.condition_check", "{target}: ConditionCheck, billed as a write of the item: {rounding}"),
    ("capacity.index.put", "{target}: 1 write — the item entered the index (new entry), {rounding}"),
    ("capacity.index.delete", "{target}: 1 write — the item left the index (entry removed), {rounding}"),
    ("capacity.index.key_changed_delete", "{target}: index key changed, write 1 of 2 — old entry deleted, {rounding}"),
    ("capacity.index.key_changed_put", "{target}: index key changed, write 2 of 2 — new entry put, {rounding}"),
    ("capacity.index.update", "{target}: 1 write — key unchanged but a projected attribute changed, {rounding}"),
    ("capacity.index.untouched.failed", "{target}: 0 writes — the condition failed, so no index entry changed"),
    ("capacity.index.untouched", "{target}: 0 writes — the write did not touch this index's entry (the item is not in the index, or neither its index key nor a projected attribute changed)"),
    ("capacity.total.read", "{read} RCU"),
    ("capacity.total.write", "{write} WCU"),
    ("capacity.total.both", "{read} RCU + {write} WCU"),
    ("capacity.scope.table", "table alone"),
    ("capacity.scope.alone", "{target} alone"),
    ("capacity.scope.table_indexes", "table + indexes"),
    ("capacity.scope.indexes", "indexes"),
    ("capacity.split.table", "table"),
    ("capacity.split.part", "{name} {total}"),
    ("capacity.split.more", "{first} + {rest}"),
];

const TR: &[(&str, &str)] = &[
    ("capacity.target.table", "Tablo"),
    ("capacity.target.gsi", "GSI {name}"),
    ("capacity.target.lsi", "LSI {name}"),
    ("capacity.size.bytes", "{bytes} B"),
    ("capacity.size.kb", "{kb} KB"),
    ("capacity.size.none", "yok"),
    ("capacity.blocks.one", "1 blok"),
    ("capacity.blocks", "{blocks} blok"),
    ("capacity.how.eventual", "nihai tutarlı"),
    ("capacity.how.strong", "güçlü tutarlı"),
    ("capacity.how.transactional", "transaction"),
    ("capacity.how.standard_write", "standart yazma"),
    ("capacity.how.transactional_write", "transaction yazması"),
    ("capacity.rounding", "{size} → yukarı yuvarlanınca {kb} KB → {blocks} × {per} = {units} {unit} ({how})"),
    ("capacity.read.one", "{target}: {items} öğe okundu (filtreden önce), {rounding}"),
    ("capacity.read", "{target}: {items} öğe okundu (filtreden önce), {rounding}"),
    ("capacity.lsi_fetch", "{target}: dizinin yansıtmadığı nitelikler için tablodan {items} öğe getirildi, {rounding}"),
    ("capacity.get", "{target}: öğenin kendisi, {rounding}"),
    ("capacity.get.missing", "{target}: böyle bir öğe yok, yine de en düşük ücret: {rounding}"),
    ("capacity.write.replace", "{target}: eski öğe ({old}) ile yenisinden ({new}) büyük olanı, {rounding}"),
    ("capacity.write.new", "{target}: {new} boyutunda yeni bir öğe, {rounding}"),
    ("capacity.delete", "{target}: silinen öğe, {rounding}"),
    ("capacity.delete.missing", "{target}: silinecek öğe yok, yine de en düşük ücret: {rounding}"),
    ("capacity.update_nothing", "{target}: olmayan bir öğede yalnızca silme yapan bir güncelleme hiçbir şey yazmaz, yine de en düşük ücret: {rounding}"),
    ("capacity.condition_failed", "{target}: koşul sağlanmadı, bu yüzden hiçbir şey yazılmadı — DynamoDB yine de değerlendirdiği yazmayı, saklanan öğe ({old}) ile yazılacak olandan ({new}) büyük olanın boyutunda ücretlendirir: {rounding}"),
    ("capacity.condition_check", "{target}: ConditionCheck, öğenin yazması olarak ücretlendirilir: {rounding}"),
    ("capacity.index.put", "{target}: 1 yazma — öğe dizine girdi (yeni girdi), {rounding}"),
    ("capacity.index.delete", "{target}: 1 yazma — öğe dizinden çıktı (girdi silindi), {rounding}"),
    ("capacity.index.key_changed_delete", "{target}: dizin anahtarı değişti, 2 yazmanın 1.'si — eski girdi silindi, {rounding}"),
    ("capacity.index.key_changed_put", "{target}: dizin anahtarı değişti, 2 yazmanın 2.'si — yeni girdi yazıldı, {rounding}"),
    ("capacity.index.update", "{target}: 1 yazma — anahtar aynı ama yansıtılan bir nitelik değişti, {rounding}"),
    ("capacity.index.untouched.failed", "{target}: 0 yazma — koşul sağlanmadı, bu yüzden hiçbir dizin girdisi değişmedi"),
    ("capacity.index.untouched", "{target}: 0 yazma — yazma bu dizinin girdisine dokunmadı (öğe dizinde değil ya da ne dizin anahtarı ne de yansıtılan bir nitelik değişti)"),
    ("capacity.total.read", "{read} RCU"),
    ("capacity.total.write", "{write} WCU"),
    ("capacity.total.both", "{read} RCU + {write} WCU"),
    ("capacity.scope.table", "yalnızca tablo"),
    ("capacity.scope.alone", "yalnızca {target}"),
    ("capacity.scope.table_indexes", "tablo + dizinler"),
    ("capacity.scope.indexes", "dizinler"),
    ("capacity.split.table", "tablo"),
    ("capacity.split.part", "{name} {total}"),
    ("capacity.split.more", "{first} + {rest}"),
];

#[cfg(test)]
mod tests {
    use super::*;
    use alloc::vec;

    fn charge_of(target: Target, kind: Kind, reason: Reason, bytes: u64, block: u64, half_units: u64) -> Charge {
        let blocks = bytes.div_ceil(block).max(1);
        Charge { target, kind, reason, bytes, block_bytes: block, blocks, half_units }
    }

    #[test]
    fn both_languages_have_every_key_with_the_same_arguments() {
        assert_eq!(CATALOG.problems(), vec![]);
    }

    #[test]
    fn a_read_in_english_and_turkish() {
        let c = charge_of(Target::Table, Kind::Read, Reason::Read { items: 3 }, 9_300, 4096, 3);
        assert_eq!(
            render(&charge(&c), Lang::En),
            "Table: 3 items read (before any filter), 9.1 KB → rounded up to 12 KB → 3 blocks × 0.5 = 1.5 RCU (eventually consistent)"
        );
        assert_eq!(
            render(&charge(&c), Lang::Tr),
            "Tablo: 3 öğe okundu (filtreden önce), 9,1 KB → yukarı yuvarlanınca 12 KB → 3 blok × 0,5 = 1,5 RCU (nihai tutarlı)"
        );
        let big = charge_of(Target::GlobalIndex("İndeks".into()), Kind::Read, Reason::Read { items: 1_234 }, 5_054_464, 4096, 2_468);
        assert_eq!(
            render(&charge(&big), Lang::Tr),
            "GSI İndeks: 1.234 öğe okundu (filtreden önce), 4.936,0 KB → yukarı yuvarlanınca 4.936 KB → 1.234 blok × 1 = 1.234 RCU (güçlü tutarlı)"
        );
        assert_eq!(render(&total(3, 4), Lang::Tr), "1,5 RCU + 2 WCU");
    }

    #[test]
    fn every_reason_renders_in_both_languages() {
        let reasons = [
            Reason::GetItem { found: true },
            Reason::GetItem { found: false },
            Reason::Read { items: 1 },
            Reason::Read { items: 7 },
            Reason::LsiFetch { items: 2 },
            Reason::WriteItem { old: Some(300), new: 5_000 },
            Reason::WriteItem { old: None, new: 10 },
            Reason::DeleteItem { found: true },
            Reason::DeleteItem { found: false },
            Reason::ConditionFailed { old: None, new: Some(2_000) },
            Reason::UpdateNothing,
            Reason::ConditionCheck { found: true },
            Reason::IndexPut,
            Reason::IndexDelete,
            Reason::IndexKeyChangedDelete,
            Reason::IndexKeyChangedPut,
            Reason::IndexUpdate,
        ];
        for (i, reason) in reasons.into_iter().enumerate() {
            let kind = if i < 5 { Kind::Read } else { Kind::Write };
            let block = if kind == Kind::Read { 4096 } else { 1024 };
            for half in [1, 2, 4] {
                let c = charge_of(Target::LocalIndex("L".into()), kind, reason.clone(), 1_500, block, half);
                for lang in Lang::ALL {
                    CATALOG.try_render(&charge(&c), lang).unwrap();
                }
            }
        }
        for lang in Lang::ALL {
            for failed in [true, false] {
                CATALOG.try_render(&untouched_index(&Target::Table, failed), lang).unwrap();
            }
            for (r, w) in [(1, 0), (0, 2), (3, 5)] {
                CATALOG.try_render(&total(r, w), lang).unwrap();
            }
            let table = charge_of(Target::Table, Kind::Write, Reason::IndexPut, 10, 1024, 2);
            let gsi = charge_of(Target::GlobalIndex("G".into()), Kind::Write, Reason::IndexPut, 10, 1024, 2);
            let lsi = charge_of(Target::LocalIndex("L".into()), Kind::Read, Reason::Read { items: 1 }, 10, 4096, 1);
            for set in [vec![], vec![&table], vec![&gsi], vec![&table, &gsi], vec![&gsi, &lsi]] {
                let (scope, split) = scope(&set);
                CATALOG.try_render(&scope, lang).unwrap();
                if let Some(s) = split {
                    CATALOG.try_render(&s, lang).unwrap();
                }
            }
        }
        let table = charge_of(Target::Table, Kind::Write, Reason::IndexPut, 10, 1024, 2);
        let gsi = charge_of(Target::GlobalIndex("Gsi".into()), Kind::Write, Reason::IndexPut, 10, 1024, 2);
        let (scope, split) = scope(&[&table, &gsi]);
        assert_eq!((render(&scope, Lang::En), split.map(|s| render(&s, Lang::En))), ("table + indexes".into(), Some("table 1 WCU + GSI Gsi 1 WCU".into())));
    }
}
