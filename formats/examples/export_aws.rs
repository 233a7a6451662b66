//! Writes a model's CloudFormation template (YAML and JSON), seed script and batch-write request files,
//! as the playground's export does: `cargo run -p dynamodel-formats --example export_aws -- MODEL.json OUTDIR`.
//! Used by tests/sdk/python/test_cloudformation.py.

use std::path::PathBuf;

use engine::model::Model;
use formats::aws::{batch_files, cloudformation, items_json, seed_script, to_yaml};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [model, out] = args.as_slice() else {
        eprintln!("usage: export_aws MODEL.json OUTDIR");
        std::process::exit(2);
    };
    let text = std::fs::read_to_string(model).expect("readable model file");
    let model = Model::from_json_str(&text).unwrap_or_else(|e| {
        eprintln!("{e}");
        std::process::exit(1);
    });
    let out = PathBuf::from(out);
    std::fs::create_dir_all(out.join("batches")).expect("output directory");
    let (cfn, notes) = cloudformation(&model).unwrap_or_else(|e| {
        eprintln!("{e}");
        std::process::exit(1);
    });
    std::fs::write(out.join("model.cfn.yaml"), to_yaml(&cfn)).unwrap();
    std::fs::write(out.join("model.cfn.json"), serde_json::to_string_pretty(&cfn).unwrap()).unwrap();
    std::fs::write(out.join("seed.sh"), seed_script(&model)).unwrap();
    std::fs::write(out.join("items.json"), serde_json::to_string_pretty(&items_json(&model)).unwrap()).unwrap();
    for (name, req) in batch_files(&model, "") {
        std::fs::write(out.join("batches").join(name), req.to_string()).unwrap();
    }
    for n in notes {
        println!("note: {n}");
    }
}
