//! Every template of the gallery is a valid model file that loads into the engine, whose items are
//! exactly what its entities' key templates build, and whose access patterns run against it and find
//! the sample items that make the template's point.

use std::collections::BTreeSet;

use engine::db::{Database, DatabaseConfig};
use engine::model::{key_attributes, Model, MODEL_VERSION};
use engine::value::item_from_json;
use formats::gallery::{cards, search, Category, Template, TEMPLATES};
use serde_json::Value;

const NOW: u64 = 1_700_000_000_000;

fn loaded(t: &Template) -> (Model, Database) {
    let m = t.model().unwrap_or_else(|e| panic!("{}: {e}", t.slug));
    let mut db = Database::new(DatabaseConfig::default());
    m.load_into(&mut db, NOW).unwrap_or_else(|e| panic!("{}: {e}", t.slug));
    (m, db)
}

#[test]
fn the_catalog_lists_every_file_in_the_gallery_folder() {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/../engine/tests/data/models/gallery");
    let files: BTreeSet<String> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().trim_end_matches(".json").to_string())
        .collect();
    let listed: BTreeSet<String> = TEMPLATES.iter().map(|t| t.slug.to_string()).collect();
    assert_eq!(files, listed);
    assert_eq!(listed.len(), TEMPLATES.len(), "slugs are unique");
}

#[test]
fn every_template_is_a_documented_current_model_that_loads() {
    for t in &TEMPLATES {
        let (m, mut db) = loaded(t);
        assert_eq!(m.version, MODEL_VERSION, "{}", t.slug);
        assert!(m.name.len() > 10, "{}: a name", t.slug);
        assert!(m.description.len() > 200, "{}: an explanation of the key design", t.slug);
        assert!(m.description.contains("Trade-off") || m.description.contains("trade-off") || m.description.contains("Embed what"), "{}: says its trade-off", t.slug);
        assert!(m.access_patterns.len() >= 2, "{}: its access patterns", t.slug);
        // The file holds exactly what the model writes (no field is silently dropped on a round trip).
        let raw: Value = serde_json::from_str(t.json).unwrap();
        assert_eq!(m.to_json(), raw, "{}", t.slug);
        for table in &m.tables {
            let name = table.name().unwrap();
            let out = db.execute("Scan", &serde_json::json!({"TableName": name}), NOW).unwrap();
            assert_eq!(out["Count"].as_u64(), Some(table.items.len() as u64), "{}: every item stored", t.slug);
            assert!(table.items.len() >= 3, "{}: sample items", t.slug);
        }
    }
}

#[test]
fn every_item_is_what_its_entity_builds() {
    for t in &TEMPLATES {
        let m = t.model().unwrap();
        for table in &m.tables {
            let keys = key_attributes(&table.definition);
            for (i, raw) in table.items.iter().enumerate() {
                let item = item_from_json(raw).unwrap();
                let matching: Vec<_> = table.entities.iter().filter(|e| e.matches(&item)).collect();
                assert_eq!(matching.len(), 1, "{} item {i}: exactly one entity", t.slug);
                let e = matching[0];
                let mut values = item.clone();
                for k in &keys {
                    values.remove(&k.name);
                }
                let built = e.build_item(&values, &keys).unwrap_or_else(|err| panic!("{} item {i}: {err}", t.slug));
                assert_eq!(built, item, "{} item {i}: keys follow the entity's templates", t.slug);
            }
        }
    }
}

#[test]
fn every_access_pattern_runs_and_reads_find_items() {
    let mut ran = 0;
    for t in &TEMPLATES {
        let (m, mut db) = loaded(t);
        // Reads first, on the sample data as shipped; then the writes.
        let mut patterns: Vec<_> = m.access_patterns.iter().collect();
        patterns.sort_by_key(|p| !matches!(p.operation.as_deref(), Some("Query" | "GetItem" | "Scan" | "BatchGetItem")));
        for p in patterns {
            let op = p.operation.as_deref().unwrap_or_else(|| panic!("{}/{}: operation", t.slug, p.name));
            let req = p.request.as_ref().unwrap_or_else(|| panic!("{}/{}: request", t.slug, p.name));
            let out = db.execute(op, req, NOW).unwrap_or_else(|e| panic!("{}/{}: {}: {}", t.slug, p.name, e.type_name(), e.message()));
            match op {
                "Query" | "Scan" => assert!(out["Count"].as_u64().unwrap() > 0, "{}/{}: finds items", t.slug, p.name),
                "GetItem" => assert!(out.get("Item").is_some(), "{}/{}: finds the item", t.slug, p.name),
                "BatchGetItem" => {
                    let wanted: usize = req["RequestItems"].as_object().unwrap().values().map(|r| r["Keys"].as_array().unwrap().len()).sum();
                    let found: usize = out["Responses"].as_object().unwrap().values().map(|r| r.as_array().unwrap().len()).sum();
                    assert_eq!(found, wanted, "{}/{}: finds every key", t.slug, p.name);
                }
                "UpdateItem" | "PutItem" | "DeleteItem" => {}
                other => panic!("{}/{}: unexpected operation {other}", t.slug, p.name),
            }
            ran += 1;
        }
    }
    assert!(ran >= 45, "{ran}");
}

fn pattern<'a>(m: &'a Model, name: &str) -> &'a engine::model::AccessPattern {
    m.access_patterns.iter().find(|p| p.name == name).unwrap()
}

#[test]
fn the_templates_make_their_point() {
    // Cursor pagination: the second pattern starts exactly where the first page ends.
    let (m, mut db) = loaded(Template::by_slug("cursor-pagination").unwrap());
    let first = db.execute("Query", pattern(&m, "First page of 5 books").request.as_ref().unwrap(), NOW).unwrap();
    let next = pattern(&m, "The next page").request.as_ref().unwrap();
    assert_eq!(first["LastEvaluatedKey"], next["ExclusiveStartKey"]);
    assert_eq!(first["Count"], 5);

    // Posts: every post is in the one LatestPosts partition (the hot-partition lesson).
    let (m, mut db) = loaded(Template::by_slug("posts-by-tag").unwrap());
    let posts = m.tables[0].items.iter().filter(|i| i["Type"]["S"] == "POST").count();
    let latest = db.execute("Query", pattern(&m, "The 20 latest posts").request.as_ref().unwrap(), NOW).unwrap();
    assert_eq!(latest["Count"].as_u64(), Some(posts as u64));

    // Sparse indexes hold fewer items than their tables.
    for (slug, index, table) in [("menu", "ActiveMenuItems", "TenantMenu"), ("soft-delete", "LiveNotes", "Notes"), ("saas", "GSI1", "SaaSPlatform"), ("order-lookups", "GSI2", "AppTable")] {
        let (_, mut db) = loaded(Template::by_slug(slug).unwrap());
        let all = db.execute("Scan", &serde_json::json!({"TableName": table}), NOW).unwrap()["Count"].as_u64().unwrap();
        let sparse = db.execute("Scan", &serde_json::json!({"TableName": table, "IndexName": index}), NOW).unwrap()["Count"].as_u64().unwrap();
        assert!(sparse > 0 && sparse < all, "{slug}: {sparse} of {all}");
    }

    // Optimistic locking: the same conditional write succeeds once and then fails.
    let (m, mut db) = loaded(Template::by_slug("optimistic-locking").unwrap());
    let write = pattern(&m, "Write only if nobody else did").request.as_ref().unwrap();
    db.execute("UpdateItem", write, NOW).unwrap();
    assert_eq!(db.execute("UpdateItem", write, NOW).unwrap_err().type_name(), "ConditionalCheckFailedException");

    // Atomic counter: ADD increments.
    let (m, mut db) = loaded(Template::by_slug("atomic-counters").unwrap());
    let out = db.execute("UpdateItem", pattern(&m, "Count a view").request.as_ref().unwrap(), NOW).unwrap();
    assert_eq!(out["Attributes"]["views"]["N"], "15821");

    // Adjacency list: the inverted index answers the other direction.
    let (m, mut db) = loaded(Template::by_slug("adjacency-list").unwrap());
    let members = db.execute("Query", pattern(&m, "Members of a group").request.as_ref().unwrap(), NOW).unwrap();
    assert_eq!(members["Count"], 3);

    // Hierarchical keys: each level narrows the one before.
    let (m, mut db) = loaded(Template::by_slug("hierarchical-sort-keys").unwrap());
    let counts: Vec<u64> = ["Stores in a country", "Stores in a state", "Stores in a city"]
        .iter()
        .map(|n| db.execute("Query", pattern(&m, n).request.as_ref().unwrap(), NOW).unwrap()["Count"].as_u64().unwrap())
        .collect();
    assert_eq!(counts, [5, 3, 2]);

    // Write sharding: ten shards in ten partitions, and one BatchGetItem reads the total back.
    let (m, mut db) = loaded(Template::by_slug("write-sharding").unwrap());
    let pks: BTreeSet<&str> = m.tables[0].items.iter().map(|i| i["PK"]["S"].as_str().unwrap()).collect();
    assert_eq!(pks.len(), 10);
    let all = db.execute("BatchGetItem", pattern(&m, "Read all 10 shards (the total)").request.as_ref().unwrap(), NOW).unwrap();
    let total: u64 = all["Responses"]["VoteCounters"].as_array().unwrap().iter().map(|i| i["votes"]["N"].as_str().unwrap().parse::<u64>().unwrap()).sum();
    let stored: u64 = m.tables[0].items.iter().map(|i| i["votes"]["N"].as_str().unwrap().parse::<u64>().unwrap()).sum();
    assert_eq!(total, stored);

    // Posts: a user's posts are posts only (the PostTag items of the same partition sort under TAG#).
    let (m, mut db) = loaded(Template::by_slug("posts-by-tag").unwrap());
    let mine = db.execute("Query", pattern(&m, "A user's posts, newest first").request.as_ref().unwrap(), NOW).unwrap();
    assert!(mine["Items"].as_array().unwrap().iter().all(|i| i["Type"]["S"] == "POST"), "{mine}");
    assert_eq!(mine["Count"], 2);

    // SaaS: only overdue tasks carry the overdue key.
    let m = Template::by_slug("saas").unwrap().model().unwrap();
    for task in m.tables[0].items.iter().filter(|i| i["Type"]["S"] == "TASK") {
        assert_eq!(task.get("GSI1PK").is_some(), task.get("overdueSince").is_some(), "{task}");
    }
}

#[test]
fn every_access_pattern_says_which_entity_types_it_returns() {
    for t in &TEMPLATES {
        let m = t.model().unwrap();
        let entities: Vec<&str> = m.tables.iter().flat_map(|t| &t.entities).map(|e| e.name.as_str()).collect();
        for p in &m.access_patterns {
            let types = p.extra.get("entityTypes").and_then(Value::as_array).unwrap_or_else(|| panic!("{}/{}: entityTypes", t.slug, p.name));
            assert!(!types.is_empty(), "{}/{}", t.slug, p.name);
            for ty in types {
                assert!(entities.contains(&ty.as_str().unwrap()), "{}/{}: {ty} is an entity of the template", t.slug, p.name);
            }
        }
    }
}

#[test]
fn every_seed_scenario_has_a_template() {
    let slugs: Vec<&str> = TEMPLATES.iter().map(|t| t.slug).collect();
    for want in [
        "ecommerce", "posts-by-tag", "menu", "saas", "adjacency-list", "hierarchical-sort-keys", "write-sharding",
        "time-series", "atomic-counters", "optimistic-locking", "soft-delete", "cursor-pagination",
        "doc-embedding-vs-referencing", "doc-attribute-pattern", "doc-bucket-pattern", "doc-polymorphic", "doc-hybrid",
        "doc-materialised-aggregates", "doc-extended-reference", "order-lookups", "doc-ecommerce", "doc-social-media",
    ] {
        assert!(slugs.contains(&want), "{want}");
    }
    assert_eq!(TEMPLATES.iter().filter(|t| t.category == Category::Document).count(), 9);
}

#[test]
fn search_finds_by_any_word_in_any_order() {
    let cards = cards();
    assert_eq!(cards.len(), TEMPLATES.len());
    assert_eq!(search(&cards, "").len(), TEMPLATES.len());
    let slugs = |q: &str| search(&cards, q).iter().map(|c| c.slug).collect::<Vec<_>>();
    assert!(slugs("sparse").contains(&"menu") && slugs("sparse").contains(&"soft-delete"));
    assert_eq!(slugs("SPARSE menu"), ["menu"]);
    assert_eq!(slugs("hot partition constant"), ["posts-by-tag"]);
    assert!(slugs("LastEvaluatedKey").contains(&"cursor-pagination"));
    assert!(slugs("InvertedIndex").contains(&"adjacency-list"), "index names are searched");
    assert!(slugs("no such thing anywhere").is_empty());
}

/// Every template has its Turkish name and explanation, paragraph for paragraph, and nothing else is
/// translated; the section headings have both languages.
#[test]
fn every_template_speaks_turkish() {
    use formats::gallery_words::{description_in, name_in, CATALOG, TR};
    use messages::Lang;
    assert_eq!(CATALOG.problems(), vec![]);
    for c in formats::gallery::Category::ALL {
        for lang in Lang::ALL {
            CATALOG.try_render(&c.title(), lang).unwrap();
        }
        assert_eq!(CATALOG.render(&c.title(), Lang::En), c.label());
    }
    assert_eq!(TR.len(), TEMPLATES.len());
    for (t, tr) in TEMPLATES.iter().zip(TR) {
        assert_eq!(t.slug, tr.slug, "in gallery order");
        let m = t.model().unwrap();
        assert!(!tr.name.trim().is_empty() && tr.description.len() > m.description.len() / 2, "{}", t.slug);
        assert_eq!(tr.description.split("\n\n").count(), m.description.split("\n\n").count(), "{}: paragraphs", t.slug);
        // The keys and names of the design are the same in both languages.
        for word in m.description.split_whitespace().filter(|w| w.contains('#') && w.contains('<')) {
            let word = word.trim_matches(|c: char| "(),.:;'".contains(c));
            assert!(tr.description.contains(word), "{}: {word} is missing from the Turkish text", t.slug);
        }
        assert_eq!(description_in(&m.description, Lang::Tr), tr.description);
        assert_eq!(description_in(&m.description, Lang::En), m.description);
        assert_eq!(name_in(&m.name, Lang::Tr), tr.name);
        assert_eq!(name_in(&m.name, Lang::En), m.name);
    }
    // A table's name is in the file too, but it is not the model's name: it stays as it is.
    assert_eq!(name_in("Shop", Lang::Tr), "Shop");
    assert_eq!(name_in("A model of my own", Lang::Tr), "A model of my own");
    assert_eq!(description_in("A model of my own", Lang::Tr), "A model of my own");
    let cards = formats::gallery::cards();
    let lock = cards.iter().find(|c| c.slug == "optimistic-locking").unwrap();
    assert_eq!(lock.name_in(Lang::Tr), "Sürüm niteliğiyle iyimser kilitleme");
    assert_eq!(lock.name_in(Lang::En), "Optimistic locking with a version attribute");
    // Search reads both languages, with Turkish İ/ı folded.
    let found: Vec<&str> = formats::gallery::search(&cards, "İYİMSER").iter().map(|c| c.slug).collect();
    assert_eq!(found, ["optimistic-locking"]);
    let found: Vec<&str> = formats::gallery::search(&cards, "kılavuz").iter().map(|c| c.slug).collect();
    assert_eq!(found, ["order-lookups"]);
}

/// Every access pattern of every template has its Turkish name (and description, when it has one), no
/// Turkish entry is left without its pattern, and a pattern is recognised by its English name and
/// description together: an edited one is shown as typed.
#[test]
fn every_template_pattern_speaks_turkish() {
    use formats::pattern_words::{pattern_in, template_pattern, template_pattern_name, PatternWords, TR};
    use messages::Lang;
    let mut expected: Vec<PatternWords> = Vec::new();
    for t in &TEMPLATES {
        for p in t.model().unwrap().access_patterns {
            let w = TR.iter().find(|w| w.slug == t.slug && w.en_name == p.name);
            let w = w.unwrap_or_else(|| panic!("{}: no Turkish words for the pattern {:?}", t.slug, p.name));
            assert_eq!(w.en_description, p.description, "{}: {:?} is described otherwise in the model file", t.slug, p.name);
            assert!(!w.name.trim().is_empty() && w.name != p.name, "{}: {:?} has no Turkish name", t.slug, p.name);
            assert_eq!(w.description.is_empty(), p.description.is_empty(), "{}: {:?}", t.slug, p.name);
            // Keys, values and API names are written the same in both languages.
            for word in p.description.split_whitespace().filter(|w| w.contains('#') || w.chars().filter(|c| c.is_ascii_uppercase()).count() > 1) {
                let word = word.trim_matches(|c: char| "(),.:;'".contains(c));
                assert!(w.description.contains(word), "{}: {word} is missing from the Turkish description of {:?}", t.slug, p.name);
            }
            assert_eq!(pattern_in(&p.name, &p.description, Lang::Tr), (w.name, w.description));
            assert_eq!(pattern_in(&p.name, &p.description, Lang::En), (p.name.as_str(), p.description.as_str()));
            assert_eq!(template_pattern_name(t.slug, &p.name, Lang::Tr), w.name);
            expected.push(*w);
        }
    }
    // In gallery order, nothing orphaned, and no two templates' patterns with the same English words
    // (each is recognised as one pattern).
    assert_eq!(TR, expected.as_slice());
    for w in TR {
        assert_eq!(template_pattern(w.en_name, w.en_description, Lang::Tr), Some(w), "{}: {:?} is not unique", w.slug, w.en_name);
    }
    // Two templates name a pattern alike; the description tells them apart.
    assert_eq!(pattern_in("A user's profile and orders", "One Query over the item collection USER#u1.", Lang::Tr).1, "USER#u1 öğe koleksiyonu üzerinde tek bir Query.");
    // A pattern the learner renamed, or re-described, is shown as typed.
    assert_eq!(pattern_in("Groups of a user!", "", Lang::Tr), ("Groups of a user!", ""));
    assert_eq!(pattern_in("Members of a group", "my inverted index", Lang::Tr), ("Members of a group", "my inverted index"));
    assert_eq!(template_pattern_name("menu", "Groups of a user", Lang::Tr), "Groups of a user");
    // The gallery's search finds a template by its patterns' Turkish names too.
    let cards = formats::gallery::cards();
    let found: Vec<&str> = formats::gallery::search(&cards, "ŞEHİRDEKİ MAĞAZALAR").iter().map(|c| c.slug).collect();
    assert_eq!(found, ["hierarchical-sort-keys"]);
}
