//! Prints what importing each Workbench file (given as arguments) reports:
//! `cargo run -p dynamodel-formats --example workbench_notes -- FILE...`.

fn main() {
    for path in std::env::args().skip(1) {
        let text = std::fs::read_to_string(&path).expect("readable file");
        match formats::workbench::import(&text) {
            Ok(i) => {
                let items: usize = i.model.tables.iter().map(|t| t.items.len()).sum();
                let entities: usize = i.model.tables.iter().map(|t| t.entities.len()).sum();
                println!("{path}: {:?}, {} table(s), {entities} entities, {items} items", i.version, i.model.tables.len());
                for n in &i.notes {
                    println!("  - {n}");
                }
            }
            Err(e) => println!("{path}: {e}"),
        }
    }
}
