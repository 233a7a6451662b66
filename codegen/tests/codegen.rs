//! Generated code, checked as text (table-driven) and, for the shell quoting, by a real shell.
use codegen::{generate, kebab_case, snake_case, Endpoint, Lang};
use serde_json::json;

fn local() -> Endpoint {
    Endpoint::Local { url: "http://127.0.0.1:8000".into(), region: "us-east-1".into() }
}

#[test]
fn names() {
    for (api, snake, kebab) in [
        ("Query", "query", "query"),
        ("BatchWriteItem", "batch_write_item", "batch-write-item"),
        ("TransactGetItems", "transact_get_items", "transact-get-items"),
        ("ScanIndexForward", "scan_index_forward", "scan-index-forward"),
        ("SSESpecification", "sse_specification", "sse-specification"),
        ("ReturnValuesOnConditionCheckFailure", "return_values_on_condition_check_failure", "return-values-on-condition-check-failure"),
    ] {
        assert_eq!(snake_case(api), snake);
        assert_eq!(kebab_case(api), kebab);
    }
}

#[test]
fn query_in_three_clients() {
    let input = json!({
        "TableName": "Shop",
        "KeyConditionExpression": "PK = :pk AND begins_with(SK, :sk)",
        "ExpressionAttributeValues": {":pk": {"S": "USER#u1"}, ":sk": {"S": "ORDER#"}},
        "ScanIndexForward": false,
        "Limit": 2
    });
    let js = generate(Lang::JavaScript, "Query", &input, &local());
    assert!(js.starts_with("import { DynamoDBClient, QueryCommand } from \"@aws-sdk/client-dynamodb\";"), "{js}");
    assert!(js.contains("endpoint: \"http://127.0.0.1:8000\""), "{js}");
    assert!(js.contains("  TableName: \"Shop\",\n"), "{js}");
    assert!(js.contains("\":pk\": {"), "{js}");
    assert!(js.contains("ScanIndexForward: false,"), "{js}");

    let py = generate(Lang::Python, "Query", &input, &Endpoint::Aws { region: "eu-west-1".into() });
    assert!(py.contains("client = boto3.client(\"dynamodb\", region_name=\"eu-west-1\")"), "{py}");
    assert!(py.contains("response = client.query(\n    TableName=\"Shop\",\n"), "{py}");
    assert!(py.contains("    ScanIndexForward=False,\n"), "{py}");
    assert!(py.contains("    Limit=2,\n"), "{py}");

    let cli = generate(Lang::Cli, "Query", &input, &local());
    assert_eq!(
        cli,
        "aws dynamodb query \\\n    --table-name Shop \\\n    --key-condition-expression 'PK = :pk AND begins_with(SK, :sk)' \\\n    --expression-attribute-values '{\":pk\":{\"S\":\"USER#u1\"},\":sk\":{\"S\":\"ORDER#\"}}' \\\n    --limit 2 \\\n    --no-scan-index-forward \\\n    --no-paginate \\\n    --endpoint-url http://127.0.0.1:8000 \\\n    --region us-east-1\n"
    );
}

#[test]
fn binary_values_become_bytes() {
    let input = json!({"TableName": "T", "Item": {"pk": {"B": "AAE="}, "s": {"BS": ["AQ==", "Ag=="]}}});
    let js = generate(Lang::JavaScript, "PutItem", &input, &local());
    assert!(js.contains("pk: { B: Buffer.from(\"AAE=\", \"base64\") }"), "{js}");
    assert!(js.contains("s: { BS: [Buffer.from(\"AQ==\", \"base64\"), Buffer.from(\"Ag==\", \"base64\")] }"), "{js}");
    let py = generate(Lang::Python, "PutItem", &input, &local());
    assert!(py.starts_with("import base64\n"), "{py}");
    assert!(py.contains("\"pk\": {\"B\": base64.b64decode(\"AAE=\")}"), "{py}");
}

#[test]
fn streams_actions_use_the_streams_client() {
    let input = json!({"ShardIterator": "abc"});
    assert!(generate(Lang::JavaScript, "GetRecords", &input, &local()).contains("@aws-sdk/client-dynamodb-streams"));
    assert!(generate(Lang::Python, "GetRecords", &input, &local()).contains("boto3.client(\n    \"dynamodbstreams\""));
    assert!(generate(Lang::Cli, "GetRecords", &input, &local()).starts_with("aws dynamodbstreams get-records"));
}

#[test]
fn shell_quoting_survives_a_real_shell() {
    // Each string is quoted by the generator, then echoed back by sh: it must come back unchanged.
    for s in ["plain", "two words", "it's", "'", "''", "a\"b", "$HOME `x` \\ !", "#name = :v", "", "line\nbreak", "ünï €"] {
        let input = json!({ "TableName": s });
        let cli = generate(Lang::Cli, "DescribeTable", &input, &local());
        let arg = cli.lines().nth(1).unwrap().trim().trim_end_matches(" \\").strip_prefix("--table-name ").map(String::from);
        // Multi-line strings span lines; take everything between the flag and the next continuation.
        let arg = if s.contains('\n') {
            let start = cli.find("--table-name ").unwrap() + "--table-name ".len();
            let end = cli[start..].find(" \\\n").unwrap() + start;
            cli[start..end].to_string()
        } else {
            arg.unwrap()
        };
        let out = std::process::Command::new("sh").arg("-c").arg(format!("printf %s {arg}")).output().unwrap();
        assert_eq!(String::from_utf8(out.stdout).unwrap(), s, "quoted as {arg}");
    }
}

/// What a BatchWriteItem could not write comes back in UnprocessedItems without an error: the generated
/// code sends it again until none is left, keeping the call's other parameters, and it is valid code.
#[test]
fn batch_writes_retry_unprocessed_items() {
    let input = json!({
        "RequestItems": {"Shop": [{"PutRequest": {"Item": {"PK": {"S": "USER#u9"}, "SK": {"S": "PROFILE#u9"}}}}]},
        "ReturnConsumedCapacity": "TOTAL"
    });
    let py = generate(Lang::Python, "BatchWriteItem", &input, &local());
    assert!(py.contains("while response.get(\"UnprocessedItems\"):"), "{py}");
    assert!(py.contains("response = client.batch_write_item(RequestItems=response[\"UnprocessedItems\"], ReturnConsumedCapacity=\"TOTAL\")"), "{py}");
    assert!(py.contains("import random\nimport time\n"), "{py}");
    let js = generate(Lang::JavaScript, "BatchWriteItem", &input, &local());
    assert!(js.contains("let response = await client.send(new BatchWriteItemCommand("), "{js}");
    assert!(js.contains("RequestItems: response.UnprocessedItems, ReturnConsumedCapacity: \"TOTAL\""), "{js}");
    let cli = generate(Lang::Cli, "BatchWriteItem", &input, &local());
    assert!(cli.contains("# BatchWriteItem hands back"), "{cli}");
    // Other actions stay one call.
    assert!(!generate(Lang::Python, "BatchGetItem", &json!({"RequestItems": {}}), &local()).contains("while"));

    // Both programs are valid: Python compiles, Node parses the ES module.
    let dir = std::env::temp_dir().join(format!("dynamodel-codegen-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let (py_file, js_file) = (dir.join("batch.py"), dir.join("batch.mjs"));
    std::fs::write(&py_file, &py).unwrap();
    std::fs::write(&js_file, &js).unwrap();
    let python = std::process::Command::new("python3").args(["-m", "py_compile"]).arg(&py_file).output().unwrap();
    assert!(python.status.success(), "{}\n{py}", String::from_utf8_lossy(&python.stderr));
    let node = std::process::Command::new("node").arg("--check").arg(&js_file).output().unwrap();
    assert!(node.status.success(), "{}\n{js}", String::from_utf8_lossy(&node.stderr));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn search_vectors_in_three_clients() {
    let input = json!({
        "TableName": "Products",
        "IndexName": "ByTaste",
        "SearchVector": [{"N": "0.7"}, {"N": "0"}, {"N": "0"}, {"N": "0.9"}],
        "TopK": 3,
        "SearchConditionExpression": "category = :c",
        "ExpressionAttributeValues": {":c": {"S": "frozen"}}
    });
    let js = generate(Lang::JavaScript, "SearchVectors", &input, &local());
    assert!(js.starts_with("import { DynamoDBClient, SearchVectorsCommand } from \"@aws-sdk/client-dynamodb\";"), "{js}");
    assert!(js.contains("  TopK: 3,\n"), "{js}");
    assert!(js.contains("  SearchVector: [\n"), "{js}");
    let py = generate(Lang::Python, "SearchVectors", &input, &local());
    assert!(py.contains("response = client.search_vectors(\n    TableName=\"Products\",\n"), "{py}");
    assert!(py.contains("    TopK=3,\n"), "{py}");
    let cli = generate(Lang::Cli, "SearchVectors", &input, &local());
    assert!(cli.starts_with("aws dynamodb search-vectors \\\n    --table-name Products \\\n    --index-name ByTaste \\\n"), "{cli}");
    assert!(cli.contains("    --search-vector '[{\"N\":\"0.7\"},{\"N\":\"0\"},{\"N\":\"0\"},{\"N\":\"0.9\"}]' \\\n"), "{cli}");
    assert!(cli.contains("    --top-k 3 \\\n"), "{cli}");
    assert!(cli.contains("    --search-condition-expression 'category = :c' \\\n"), "{cli}");
}
