//! A Workbench file with a member of the wrong type is refused at that member's path in the file's own
//! terms, never read as if the member were absent. Each case puts one wrong value into every sample
//! file (one per format version and variant: 3.0, the 2.0 web modeler's `ModelSchema`, 1.0 facets,
//! unversioned), creating the member's parents where the sample has none.

use formats::workbench::{import, WorkbenchError};
use serde_json::{json, Value};

fn samples() -> Vec<(String, Value)> {
    let dir = format!("{}/tests/data/workbench", env!("CARGO_MANIFEST_DIR"));
    let mut out: Vec<(String, Value)> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "json"))
        .map(|p| (p.file_name().unwrap().to_string_lossy().into_owned(), serde_json::from_str(&std::fs::read_to_string(&p).unwrap()).unwrap()))
        .collect();
    out.sort_by(|a, b| a.0.cmp(&b.0));
    out
}

/// Set the member at `pointer` (`/DataModel/0/TableFacets/0/FacetName`), creating missing parents: an
/// object for a name, a list holding one object for an index.
fn set(doc: &mut Value, pointer: &str, value: Value) {
    let segments: Vec<&str> = pointer.trim_start_matches('/').split('/').collect();
    let mut at = doc;
    for (i, seg) in segments.iter().enumerate() {
        let last = i + 1 == segments.len();
        at = match seg.parse::<usize>() {
            Ok(n) => {
                let list = at.as_array_mut().unwrap_or_else(|| panic!("{pointer}: {seg} is not in a list"));
                if list.len() <= n {
                    list.resize(n + 1, json!({}));
                }
                &mut list[n]
            }
            Err(_) => {
                let obj = at.as_object_mut().unwrap_or_else(|| panic!("{pointer}: {seg} is not in an object"));
                let next_is_index = segments.get(i + 1).is_some_and(|s| s.parse::<usize>().is_ok());
                let fresh = if next_is_index { json!([]) } else { json!({}) };
                let slot = obj.entry(seg.to_string()).or_insert(fresh);
                if !last && next_is_index && !slot.is_array() {
                    *slot = json!([]);
                }
                slot
            }
        };
        if last {
            *at = value;
            return;
        }
    }
}

/// `/DataModel/0/TableData/0/n` → `DataModel[0].TableData[0].n`.
fn file_path(pointer: &str) -> String {
    let mut out = String::new();
    for seg in pointer.trim_start_matches('/').split('/') {
        if seg.parse::<usize>().is_ok() {
            out += &format!("[{seg}]");
        } else {
            if !out.is_empty() {
                out.push('.');
            }
            out += seg;
        }
    }
    out
}

const NOT_AN_ATTRIBUTE_VALUE: &str = "not an attribute value in DynamoDB JSON (Expected null)";

/// (member, a value of the wrong type, what the refusal says).
fn cases() -> Vec<(&'static str, Value, &'static str)> {
    let t = "/DataModel/0";
    let table = |rest: &'static str| -> &'static str { Box::leak(format!("{t}/{rest}").into_boxed_str()) };
    vec![
        ("/ModelName", json!(123), "a number, not a string"),
        ("/ModelMetadata", json!("str"), "a string, not an object"),
        ("/ModelMetadata/Author", json!(["Ann"]), "a list, not a string"),
        ("/ModelMetadata/DateCreated", json!({}), "an object, not a string"),
        ("/ModelMetadata/DateLastModified", json!(true), "a boolean, not a string"),
        ("/ModelMetadata/Description", json!(1), "a number, not a string"),
        ("/DataModel/0", json!("Shop"), "a string, not an object"),
        (table("TableName"), json!(["x"]), "a list, not a string"),
        (table("KeyAttributes"), json!("PK"), "a string, not an object"),
        (table("KeyAttributes/PartitionKey"), json!(["PK"]), "a list, not an object"),
        (table("KeyAttributes/PartitionKey/AttributeName"), json!(1), "a number, not a string"),
        (table("KeyAttributes/PartitionKey/AttributeType"), json!({"S": true}), "an object, not a string"),
        (table("KeyAttributes/SortKey"), json!("SK"), "a string, not an object"),
        (table("KeyAttributes/SortKey/AttributeName"), json!(false), "a boolean, not a string"),
        (table("KeyAttributes/SortKey/AttributeType"), json!(1), "a number, not a string"),
        (table("NonKeyAttributes"), json!({}), "an object, not a list"),
        (table("NonKeyAttributes/0"), json!("Email"), "a string, not an object"),
        (table("NonKeyAttributes/0/AttributeName"), json!(5), "a number, not a string"),
        (table("NonKeyAttributes/0/AttributeType"), json!(["S"]), "a list, not a string"),
        (table("TableFacets"), json!({}), "an object, not a list"),
        (table("TableFacets/0"), json!([]), "a list, not an object"),
        (table("TableFacets/0/FacetName"), json!(1), "a number, not a string"),
        (table("TableFacets/0/KeyAttributeAlias"), json!("PK"), "a string, not an object"),
        (table("TableFacets/0/KeyAttributeAlias/PartitionKeyAlias"), json!(1), "a number, not a string"),
        (table("TableFacets/0/KeyAttributeAlias/SortKeyAlias"), json!({}), "an object, not a string"),
        (table("TableFacets/0/TableData"), json!({}), "an object, not a list"),
        (table("TableFacets/0/TableData/0"), json!(1), "a number, not an object"),
        (table("TableFacets/0/TableData/0/n"), json!({"S": "a", "N": "1"}), "Supplied AttributeValue has more than one datatypes set, must contain exactly one of the supported datatypes"),
        (table("TableFacets/0/NonKeyAttributes"), json!("Email"), "a string, not a list"),
        (table("TableFacets/0/NonKeyAttributes/0"), json!({"AttributeName": "Email"}), "an object, not a string"),
        (table("GlobalSecondaryIndexes"), json!({"IndexName": "GSI1"}), "an object, not a list"),
        (table("GlobalSecondaryIndexes/0"), json!("GSI1"), "a string, not an object"),
        (table("GlobalSecondaryIndexes/0/IndexName"), json!(1), "a number, not a string"),
        (table("GlobalSecondaryIndexes/0/KeyAttributes"), json!([]), "a list, not an object"),
        (table("GlobalSecondaryIndexes/0/KeyAttributes/PartitionKey/AttributeName"), json!([]), "a list, not a string"),
        (table("GlobalSecondaryIndexes/0/Projection"), json!("ALL"), "a string, not an object"),
        (table("GlobalSecondaryIndexes/0/Projection/ProjectionType"), json!(1), "a number, not a string"),
        (table("GlobalSecondaryIndexes/0/Projection/NonKeyAttributes"), json!("Title"), "a string, not a list"),
        (table("GlobalSecondaryIndexes/0/Projection/NonKeyAttributes/0"), json!(1), "a number, not a string"),
        (table("GlobalSecondaryIndexes/0/ProvisionedThroughput"), json!(5), "a number, not an object"),
        (table("GlobalSecondaryIndexes/0/ProvisionedThroughput/ReadCapacityUnits"), json!("5"), "a string, not a whole number (0 or more)"),
        (table("GlobalSecondaryIndexes/0/ProvisionedThroughput/WriteCapacityUnits"), json!(-1), "the number -1, not a whole number (0 or more)"),
        (table("LocalSecondaryIndexes"), json!({}), "an object, not a list"),
        (table("LocalSecondaryIndexes/0/IndexName"), json!(1), "a number, not a string"),
        (table("LocalSecondaryIndexes/0/KeyAttributes/SortKey"), json!(1), "a number, not an object"),
        (table("TableData"), json!({}), "an object, not a list"),
        (table("TableData/0"), json!("item"), "a string, not an object"),
        (table("TableData/0/n"), json!(5), NOT_AN_ATTRIBUTE_VALUE),
        (table("TableData/0/n"), json!({"S": 1}), "not an attribute value in DynamoDB JSON (NUMBER_VALUE cannot be converted to String)"),
        (table("TableData/0/n"), json!({"SS": []}), "One or more parameter values were invalid: An string set  may not be empty"),
        (table("DataAccess"), json!("MySql"), "a string, not an object"),
        (table("BillingMode"), json!(1), "a number, not a string"),
        (table("ProvisionedCapacitySettings"), json!([]), "a list, not an object"),
        (table("ProvisionedCapacitySettings/ProvisionedThroughput"), json!("5/5"), "a string, not an object"),
        (table("ProvisionedCapacitySettings/ProvisionedThroughput/ReadCapacityUnits"), json!(1.5), "a number, not a whole number (0 or more)"),
        (table("ProvisionedCapacitySettings/ProvisionedThroughput/WriteCapacityUnits"), json!("5"), "a string, not a whole number (0 or more)"),
        (table("ProvisionedCapacitySettings/AutoScalingRead"), json!(true), "a boolean, not an object"),
        (table("ProvisionedCapacitySettings/AutoScalingWrite"), json!(70), "a number, not an object"),
        (table("ModelSchema"), json!("schema"), "a string, not an object"),
        (table("ModelSchema/models"), json!([]), "a list, not an object"),
        (table("ModelSchema/models/booking"), json!("x"), "a string, not an object"),
        (table("ModelSchema/models/booking/SK"), json!("String"), "a string, not an object"),
        (table("ModelSchema/models/booking/SK/type"), json!(1), "a number, not a string"),
        (table("ModelSchema/models/booking/SK/value"), json!(["${startDate}"]), "a list, not a string"),
        (table("ModelSchema/queries"), json!("q"), "a string, not an object or a list"),
        (table("SampleDataFormats"), json!([]), "a list, not an object"),
    ]
}

#[test]
fn a_member_of_the_wrong_type_is_refused_at_its_path_in_every_version() {
    let samples = samples();
    assert_eq!(samples.len(), 8);
    let mut checked = 0;
    for (name, sample) in &samples {
        for (pointer, wrong, message) in cases() {
            let mut doc = sample.clone();
            set(&mut doc, pointer, wrong.clone());
            let got = import(&doc.to_string());
            let want = WorkbenchError::At { path: file_path(pointer), message: message.to_string() };
            assert_eq!(got.as_ref().err(), Some(&want), "{name}: {pointer} = {wrong}");
            checked += 1;
        }
    }
    assert_eq!(checked, samples.len() * cases().len());
}

/// The same members with values of the right type import: the refusals above are about types, not
/// about the members being there.
#[test]
fn the_same_members_with_the_right_types_import() {
    let samples = samples();
    for (name, sample) in &samples {
        let mut doc = sample.clone();
        set(&mut doc, "/ModelName", json!("Shop"));
        set(&mut doc, "/ModelMetadata/Author", json!(""));
        set(&mut doc, "/DataModel/0/TableData/0/note", json!({"S": "kept"}));
        set(&mut doc, "/DataModel/0/ModelSchema/queries", json!([]));
        set(&mut doc, "/DataModel/0/SampleDataFormats", json!({}));
        let got = import(&doc.to_string()).unwrap_or_else(|e| panic!("{name}: {e}"));
        assert_eq!(got.model.name, "Shop", "{name}");
        assert_eq!(got.model.tables[0].items[0]["note"], json!({"S": "kept"}), "{name}");
    }
}

#[test]
fn the_wrong_collections_of_the_issue_are_refused_not_emptied() {
    let shop = r#"{"ModelName": "Shop", "ModelMetadata": {"Version": "3.0"}, "DataModel": [{"TableName": "Shop",
        "KeyAttributes": {"PartitionKey": {"AttributeName": "PK", "AttributeType": "S"}}, "BillingMode": "PAY_PER_REQUEST",
        "MEMBER": {}}]}"#;
    for (member, want) in [
        ("GlobalSecondaryIndexes", "DataModel[0].GlobalSecondaryIndexes: an object, not a list"),
        ("TableFacets", "DataModel[0].TableFacets: an object, not a list"),
        ("TableData", "DataModel[0].TableData: an object, not a list"),
        ("NonKeyAttributes", "DataModel[0].NonKeyAttributes: an object, not a list"),
    ] {
        let e = import(&shop.replace("MEMBER", member)).unwrap_err();
        assert_eq!(e.to_string(), want);
    }
    let e = import(&shop.replace(r#""MEMBER": {}"#, r#""TableData": [{"PK": {"S": "a"}, "n": 5}]"#)).unwrap_err();
    assert_eq!(e.to_string(), format!("DataModel[0].TableData[0].n: {NOT_AN_ATTRIBUTE_VALUE}"));
    let e = import(&shop.replace(r#""TableName": "Shop""#, r#""TableName": ["x"]"#).replace(r#", "MEMBER": {}"#, "")).unwrap_err();
    assert_eq!(e.to_string(), "DataModel[0].TableName: a list, not a string");
}
