//! CloudFormation, DynamoDB JSON and batch-write exports: field mapping, YAML text, batching and the
//! seed script's quoting. (tests/sdk/python/test_cloudformation.py lints the templates with cfn-lint
//! and replays the seed script against dynamodel-server with the AWS CLI.)

use engine::model::Model;
use formats::aws::{batch_files, cloudformation, items_json, seed_script, to_yaml, CloudFormationError, BATCH_SIZE};
use formats::gallery::{Template, TEMPLATES};
use serde_json::json;

fn model(def: serde_json::Value, items: usize) -> Model {
    let mut m = Model::new();
    m.name = "Orders".into();
    let items = (0..items).map(|i| json!({"PK": {"S": format!("O#{i}")}, "note": {"S": "it's"}})).collect();
    m.tables.push(engine::model::TableModel { definition: def, entities: vec![], items, time_to_live: Some("expiresAt".into()) });
    m
}

#[test]
fn create_table_fields_map_onto_table_properties() {
    let def = json!({
        "TableName": "Orders-2024", "KeySchema": [{"AttributeName": "PK", "KeyType": "HASH"}],
        "AttributeDefinitions": [{"AttributeName": "PK", "AttributeType": "S"}],
        "BillingMode": "PROVISIONED", "ProvisionedThroughput": {"ReadCapacityUnits": 3, "WriteCapacityUnits": 4},
        "StreamSpecification": {"StreamEnabled": true, "StreamViewType": "NEW_AND_OLD_IMAGES"},
        "SSESpecification": {"Enabled": true, "SSEType": "KMS"},
        "TableClass": "STANDARD_INFREQUENT_ACCESS", "Tags": [{"Key": "team", "Value": "a"}],
        "ClientRequestToken": "x"
    });
    let (cfn, notes) = cloudformation(&model(def, 1)).unwrap();
    let p = &cfn["Resources"]["Orders2024"]["Properties"];
    assert_eq!(cfn["Resources"]["Orders2024"]["Type"], "AWS::DynamoDB::Table");
    assert_eq!(p["TableName"], "Orders-2024");
    assert_eq!(p["ProvisionedThroughput"]["WriteCapacityUnits"], 4);
    assert_eq!(p["StreamSpecification"], json!({"StreamViewType": "NEW_AND_OLD_IMAGES"}));
    assert_eq!(p["SSESpecification"], json!({"SSEEnabled": true, "SSEType": "KMS"}));
    assert_eq!(p["TimeToLiveSpecification"], json!({"AttributeName": "expiresAt", "Enabled": true}));
    assert_eq!(p["TableClass"], "STANDARD_INFREQUENT_ACCESS");
    assert_eq!(cfn["Outputs"]["Orders2024Arn"]["Value"], json!({"Fn::GetAtt": ["Orders2024", "Arn"]}));
    assert_eq!(notes.len(), 1);
    assert_eq!(notes[0].to_string(), "tables[0].definition.ClientRequestToken: has no AWS::DynamoDB::Table property; left out of the template");
}

#[test]
fn every_template_gets_a_resource_per_table_with_its_indexes() {
    for t in &TEMPLATES {
        let m = t.model().unwrap();
        let (cfn, notes) = cloudformation(&m).unwrap();
        assert!(notes.is_empty(), "{}: {notes:?}", t.slug);
        let resources = cfn["Resources"].as_object().unwrap();
        assert_eq!(resources.len(), m.tables.len());
        for (table, (_, r)) in m.tables.iter().zip(resources) {
            assert_eq!(r["DeletionPolicy"], "Retain", "{}: deleting the stack keeps the data", t.slug);
            assert_eq!(r["UpdateReplacePolicy"], "Retain", "{}: replacing the table keeps the data", t.slug);
            let p = &r["Properties"];
            for field in ["TableName", "KeySchema", "AttributeDefinitions", "BillingMode", "GlobalSecondaryIndexes", "LocalSecondaryIndexes"] {
                assert_eq!(p.get(field), table.definition.get(field), "{}: {field}", t.slug);
            }
        }
        let yaml = to_yaml(&cfn);
        assert!(yaml.starts_with("AWSTemplateFormatVersion: \"2010-09-09\"\n"), "{}", t.slug);
    }
    let (cfn, _) = cloudformation(&Template::by_slug("time-series").unwrap().model().unwrap()).unwrap();
    assert_eq!(cfn["Resources"]["SensorData"]["Properties"]["TimeToLiveSpecification"]["AttributeName"], "expiresAt");
}

#[test]
fn a_model_without_tables_has_no_template() {
    let mut m = Model::new();
    m.name = "Empty".into();
    let e = cloudformation(&m).unwrap_err();
    assert_eq!(e, CloudFormationError::NoTables);
    assert_eq!(e.to_string(), "This model has no tables, and CloudFormation refuses a template without resources: add a table, then export again.");
}

#[test]
fn the_description_says_the_tables_outlive_the_stack_and_fits_cloudformations_limit() {
    let def = json!({"TableName": "Orders", "KeySchema": [{"AttributeName": "PK", "KeyType": "HASH"}], "AttributeDefinitions": [{"AttributeName": "PK", "AttributeType": "S"}], "BillingMode": "PAY_PER_REQUEST"});
    let (cfn, _) = cloudformation(&model(def.clone(), 0)).unwrap();
    assert_eq!(
        cfn["Description"],
        "Orders (from Dynamodel). The tables are kept when the stack is deleted (DeletionPolicy Retain): delete them with aws dynamodb delete-table."
    );
    let mut long = model(def, 0);
    long.name = "é".repeat(2000);
    let (cfn, _) = cloudformation(&long).unwrap();
    assert!(cfn["Description"].as_str().unwrap().len() <= 1024);
}

#[test]
fn yaml_is_block_style_with_quoted_strings() {
    let v = json!({"A": {"B": [{"x": 1, "y": "yes"}, {"z": []}], "C": "#not a comment", "d-e": true, "f g": {}}, "L": [[1, 2], "s"]});
    assert_eq!(
        to_yaml(&v),
        "A:\n  B:\n  - x: 1\n    \"y\": \"yes\"\n  - z: []\n  C: \"#not a comment\"\n  d-e: true\n  \"f g\": {}\nL:\n-\n  - 1\n  - 2\n- \"s\"\n"
    );
}

#[test]
fn items_batch_in_twenty_fives() {
    let def = json!({"TableName": "Orders", "KeySchema": [{"AttributeName": "PK", "KeyType": "HASH"}], "AttributeDefinitions": [{"AttributeName": "PK", "AttributeType": "S"}], "BillingMode": "PAY_PER_REQUEST"});
    let m = model(def, 2 * BATCH_SIZE + 1);
    let files = batch_files(&m, "out/");
    assert_eq!(files.iter().map(|(n, _)| n.as_str()).collect::<Vec<_>>(), ["out/Orders-001.json", "out/Orders-002.json", "out/Orders-003.json"]);
    assert_eq!(files[0].1["Orders"].as_array().unwrap().len(), 25);
    assert_eq!(files[2].1["Orders"].as_array().unwrap().len(), 1);
    assert_eq!(files[2].1["Orders"][0], json!({"PutRequest": {"Item": {"PK": {"S": "O#50"}, "note": {"S": "it's"}}}}));
    assert_eq!(items_json(&m)["Orders"].as_array().unwrap().len(), 51);
    let script = seed_script(&m);
    assert!(script.starts_with("#!/bin/sh\n# Seed data for Orders: 51 item(s) in 3 batch-write-item request(s) of at most 25.\n"));
    assert_eq!(script.matches("\nput '").count(), 3);
    assert!(script.contains(r#""it'\''s""#), "a quote in the data cannot end the shell string");
    assert!(batch_files(&Model::new(), "").is_empty());
}

/// Characters YAML readers treat specially inside a double-quoted scalar, and words they take for
/// something other than a string.
const AWKWARD: [char; 34] = [
    '\u{85}', '\u{2028}', '\u{2029}', '\u{feff}', '\u{7f}', '\u{80}', '\u{9f}', '\u{a0}', '\0', '\u{1b}', '\u{8}', '\t', '\n', '\r',
    '"', '\\', '\'', '#', ':', '-', ' ', '{', '[', '&', '*', '!', '|', '>', '%', '@', '\u{fffe}', '\u{ffff}', '\u{1f600}', 'é',
];
const WORDS: [&str; 16] = ["yes", "No", "y", "N", "on", "OFF", "true", "Null", "~", "1", "1.0", "0x1F", "-", "<<", ".inf", ""];

fn yaml_value(yaml: &str) -> serde_json::Value {
    serde_yaml::from_str(yaml).unwrap_or_else(|e| panic!("{e}\n{yaml}"))
}

#[test]
fn every_awkward_character_reads_back_from_the_yaml_as_written() {
    for c in AWKWARD {
        let name = format!("a{c}b");
        let v = json!({"AttributeName": name, (name.clone()): [name.clone()]});
        let yaml = to_yaml(&v);
        assert_eq!(yaml_value(&yaml), v, "U+{:04X}", u32::from(c));
        // Line feeds separate the document's lines; no other of these may stand unescaped.
        if c != '\n' && (c.is_control() || matches!(c, '\u{2028}' | '\u{2029}' | '\u{feff}' | '\u{fffe}' | '\u{ffff}')) {
            assert!(!yaml.contains(c), "U+{:04X} is escaped: {yaml}", u32::from(c));
        }
    }
    for w in WORDS {
        let v = json!({w: w});
        assert_eq!(yaml_value(&to_yaml(&v)), v, "{w:?}");
    }
    assert_eq!(to_yaml(&json!({"a": "\u{2028}\u{85}\u{feff}\u{7f}"})), "a: \"\\u2028\\u0085\\uFEFF\\u007F\"\n");
}

mod props {
    use super::{yaml_value, AWKWARD, WORDS};
    use formats::aws::{cloudformation, to_yaml};
    use proptest::prelude::*;
    use serde_json::{json, Value};

    fn text() -> impl Strategy<Value = String> {
        let c = prop_oneof![any::<char>(), prop::sample::select(AWKWARD.to_vec()), prop::char::range('a', 'z')];
        prop_oneof![
            4 => prop::collection::vec(c, 0..12).prop_map(|cs| cs.into_iter().collect::<String>()),
            1 => prop::sample::select(WORDS.to_vec()).prop_map(String::from),
        ]
    }

    fn json_value() -> impl Strategy<Value = Value> {
        let leaf = prop_oneof![Just(Value::Null), any::<bool>().prop_map(Value::from), any::<i64>().prop_map(Value::from), text().prop_map(Value::from)];
        leaf.prop_recursive(4, 32, 5, |inner| {
            prop_oneof![
                prop::collection::vec(inner.clone(), 0..5).prop_map(Value::Array),
                prop::collection::btree_map(text(), inner, 0..5).prop_map(|m| Value::Object(m.into_iter().collect())),
            ]
        })
    }

    proptest! {
        #![proptest_config(ProptestConfig { cases: 512, ..ProptestConfig::default() })]

        #[test]
        fn any_json_reads_back_from_its_yaml(v in json_value()) {
            prop_assert_eq!(yaml_value(&to_yaml(&v)), v);
        }

        /// The property the CloudFormation export relies on: whatever the names in the model, the YAML
        /// template is the JSON template.
        #[test]
        fn the_yaml_template_is_the_json_template(model_name in text(), table in text(), pk in text(), sk in text(), tag in text()) {
            let mut m = engine::model::Model::new();
            m.name = model_name;
            let def = json!({
                "TableName": table, "BillingMode": "PAY_PER_REQUEST",
                "KeySchema": [{"AttributeName": pk, "KeyType": "HASH"}, {"AttributeName": sk, "KeyType": "RANGE"}],
                "AttributeDefinitions": [{"AttributeName": pk, "AttributeType": "S"}, {"AttributeName": sk, "AttributeType": "N"}],
                "Tags": [{"Key": tag, "Value": tag}],
            });
            m.tables.push(engine::model::TableModel { definition: def, entities: vec![], items: vec![], time_to_live: Some(sk) });
            let (cfn, _) = cloudformation(&m).unwrap();
            prop_assert_eq!(yaml_value(&to_yaml(&cfn)), cfn);
        }
    }
}

#[test]
fn vector_indexes_are_table_properties_of_the_same_shape() {
    let m = Template::by_slug("vector-search").unwrap().model().unwrap();
    let (cfn, notes) = cloudformation(&m).unwrap();
    let p = &cfn["Resources"]["Products"]["Properties"];
    assert_eq!(p["VectorIndexes"], m.tables[0].definition["VectorIndexes"]);
    assert_eq!(p["VectorIndexes"][0]["DistanceFunction"], "COSINE");
    assert!(notes.is_empty(), "{notes:?}");
    assert!(to_yaml(&cfn).contains("VectorIndexes:"));
}

#[test]
fn a_multi_attribute_gsi_key_is_written_as_cloudformation_key_schema_elements_in_order() {
    let m = Template::by_slug("tasks-by-assignee-status").unwrap().model().unwrap();
    let (cfn, notes) = cloudformation(&m).unwrap();
    assert!(notes.is_empty(), "{notes:?}");
    let gsi = &cfn["Resources"]["TeamTasks"]["Properties"]["GlobalSecondaryIndexes"][1];
    assert_eq!(gsi["IndexName"], "ByAssigneeStatus");
    assert_eq!(
        gsi["KeySchema"],
        json!([
            {"AttributeName": "tenantId", "KeyType": "HASH"}, {"AttributeName": "assignee", "KeyType": "HASH"},
            {"AttributeName": "status", "KeyType": "RANGE"}, {"AttributeName": "dueDate", "KeyType": "RANGE"}
        ])
    );
    let yaml = to_yaml(&cfn);
    assert!(yaml.contains("AttributeName: \"assignee\"\n"), "{yaml}");
}
