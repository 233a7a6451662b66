//! CloudFormation, DynamoDB JSON and batch-write exports: field mapping, YAML text, batching and the
//! seed script's quoting. (tests/sdk/python/test_cloudformation.py lints the templates with cfn-lint
//! and replays the seed script against dynamodel-server with the AWS CLI.)

use engine::model::Model;
use formats::aws::{batch_files, cloudformation, items_json, seed_script, to_yaml, BATCH_SIZE};
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
    let (cfn, notes) = cloudformation(&model(def, 1));
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
        let (cfn, notes) = cloudformation(&m);
        assert!(notes.is_empty(), "{}: {notes:?}", t.slug);
        let resources = cfn["Resources"].as_object().unwrap();
        assert_eq!(resources.len(), m.tables.len());
        for (table, (_, r)) in m.tables.iter().zip(resources) {
            let p = &r["Properties"];
            for field in ["TableName", "KeySchema", "AttributeDefinitions", "BillingMode", "GlobalSecondaryIndexes", "LocalSecondaryIndexes"] {
                assert_eq!(p.get(field), table.definition.get(field), "{}: {field}", t.slug);
            }
        }
        let yaml = to_yaml(&cfn);
        assert!(yaml.starts_with("AWSTemplateFormatVersion: \"2010-09-09\"\n"), "{}", t.slug);
    }
    let (cfn, _) = cloudformation(&Template::by_slug("time-series").unwrap().model().unwrap());
    assert_eq!(cfn["Resources"]["SensorData"]["Properties"]["TimeToLiveSpecification"]["AttributeName"], "expiresAt");
}

#[test]
fn yaml_is_block_style_with_quoted_strings() {
    let v = json!({"A": {"B": [{"x": 1, "y": "yes"}, {"z": []}], "C": "#not a comment", "d-e": true, "f g": {}}, "L": [[1, 2], "s"]});
    assert_eq!(
        to_yaml(&v),
        "A:\n  B:\n  - x: 1\n    y: \"yes\"\n  - z: []\n  C: \"#not a comment\"\n  d-e: true\n  \"f g\": {}\nL:\n-\n  - 1\n  - 2\n- \"s\"\n"
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
