"""Global secondary indexes with multi-attribute keys (up to four HASH and four RANGE attributes) through
boto3: CreateTable / UpdateTable and DescribeTable in key-schema order, which items the index holds, the
Query rules (every HASH attribute by equality, a gap-free prefix of RANGE attributes, a range condition
only on the last one named) with DynamoDB's messages, pages resumed from LastEvaluatedKey, the PartiQL
refusal, and the index kept across a restart with `--state`.

The items and the expected orders are the ones a conformance suite recorded against real DynamoDB
(one HASH and four RANGE attributes)."""

import pytest
from botocore.exceptions import ClientError

ITEMS = [
    ("p1", "T", "live", "b", "r1"),
    ("p2", "T", "live", "a", "r2"),
    ("p3", "T", "live", "a", "r1"),
    ("p4", "T", "draft", "c", "r1"),
    ("p5", "F", "live", "a", "r0"),
    ("p6", "T", "live", None, "r1"),  # no c: not in the index
]
VALUES = {":h": {"S": "o1"}, ":a": {"S": "T"}, ":b": {"S": "live"}, ":c": {"S": "a"}, ":d": {"S": "r"}}
GAP = "RANGE key attributes b must have equality conditions specified in the query because a condition is present on key attribute c"


def create(ddb, name):
    ddb.create_table(
        TableName=name,
        BillingMode="PAY_PER_REQUEST",
        AttributeDefinitions=[{"AttributeName": n, "AttributeType": "S"} for n in ("pk", "h", "a", "b", "c", "d")],
        KeySchema=[{"AttributeName": "pk", "KeyType": "HASH"}],
        GlobalSecondaryIndexes=[{
            "IndexName": "gsi",
            "KeySchema": [{"AttributeName": "h", "KeyType": "HASH"}]
            + [{"AttributeName": n, "KeyType": "RANGE"} for n in ("a", "b", "c", "d")],
            "Projection": {"ProjectionType": "ALL"},
        }],
    )
    for pk, a, b, c, d in ITEMS:
        item = {"pk": {"S": pk}, "h": {"S": "o1"}, "a": {"S": a}, "b": {"S": b}, "d": {"S": d}}
        if c:
            item["c"] = {"S": c}
        ddb.put_item(TableName=name, Item=item)


@pytest.fixture()
def tasks(ddb, table_name):
    create(ddb, table_name)
    return table_name


def query(ddb, table, kce, **extra):
    used = {k: v for k, v in VALUES.items() if k in kce}
    out = ddb.query(TableName=table, IndexName="gsi", KeyConditionExpression=kce, ExpressionAttributeValues=used, **extra)
    return [i["pk"]["S"] for i in out["Items"]], out.get("LastEvaluatedKey")


def test_describe_table_lists_the_key_schema_in_order(ddb, tasks):
    gsi = ddb.describe_table(TableName=tasks)["Table"]["GlobalSecondaryIndexes"][0]
    assert gsi["KeySchema"] == [{"AttributeName": "h", "KeyType": "HASH"}] + [
        {"AttributeName": n, "KeyType": "RANGE"} for n in ("a", "b", "c", "d")]
    assert gsi["ItemCount"] == 5


@pytest.mark.parametrize("kce, expected", [
    ("h = :h", ["p5", "p4", "p3", "p2", "p1"]),
    ("h = :h AND a = :a", ["p4", "p3", "p2", "p1"]),
    ("h = :h AND a = :a AND b = :b", ["p3", "p2", "p1"]),
    ("h = :h AND a = :a AND b = :b AND c > :c", ["p1"]),
    ("h = :h AND a = :a AND b = :b AND c = :c AND begins_with(d, :d)", ["p3", "p2"]),
    ("h = :h AND a = :a AND b < :b", ["p4"]),
    ("b = :b AND h = :h AND a = :a", ["p3", "p2", "p1"]),
])
def test_query_orders_by_the_range_attributes_one_after_another(ddb, tasks, kce, expected):
    assert query(ddb, tasks, kce)[0] == expected


@pytest.mark.parametrize("kce, message", [
    ("h = :h AND a = :a AND c = :c", GAP),
    ("h = :h AND a = :a AND b > :b AND c = :c", GAP),
    ("h = :h AND b = :b",
     "RANGE key attributes a must have equality conditions specified in the query because a condition is present on key attribute b"),
    ("a = :a", "Query condition missed key schema element: h"),
])
def test_query_refuses_a_gap_or_a_misplaced_range_condition(ddb, tasks, kce, message):
    with pytest.raises(ClientError) as e:
        query(ddb, tasks, kce)
    assert e.value.response["Error"]["Code"] == "ValidationException"
    assert e.value.response["Error"]["Message"] == message


def test_pages_carry_every_key_attribute_and_resume(ddb, tasks):
    first, lek = query(ddb, tasks, "h = :h AND a = :a", Limit=2)
    assert first == ["p4", "p3"]
    assert lek == {"pk": {"S": "p3"}, "h": {"S": "o1"}, "a": {"S": "T"}, "b": {"S": "live"}, "c": {"S": "a"}, "d": {"S": "r1"}}
    second, _ = query(ddb, tasks, "h = :h AND a = :a", Limit=2, ExclusiveStartKey=lek)
    assert second == ["p2", "p1"]
    pages = ddb.get_paginator("query").paginate(
        TableName=tasks, IndexName="gsi", KeyConditionExpression="h = :h",
        ExpressionAttributeValues={":h": VALUES[":h"]}, PaginationConfig={"PageSize": 2})
    assert [i["pk"]["S"] for p in pages for i in p["Items"]] == ["p5", "p4", "p3", "p2", "p1"]


def test_partiql_refuses_the_index_and_serves_the_table(ddb, tasks):
    with pytest.raises(ClientError) as e:
        ddb.execute_statement(Statement=f'SELECT * FROM "{tasks}"."gsi" WHERE h = \'o1\'')
    assert e.value.response["Error"]["Message"] == "This operation is not supported on an index with a multi-attribute key"
    ddb.execute_statement(Statement=f"INSERT INTO \"{tasks}\" VALUE {{'pk': 'p7', 'h': 'o1', 'a': 'A', 'b': 'b', 'c': 'c', 'd': 'd'}}")
    rows = ddb.execute_statement(Statement=f"SELECT pk FROM \"{tasks}\" WHERE pk = 'p7'")["Items"]
    assert rows == [{"pk": {"S": "p7"}}]
    assert query(ddb, tasks, "h = :h")[0][0] == "p7"


def test_update_table_adds_one_and_create_table_refuses_five_hash_attributes(ddb, table_name):
    ddb.create_table(TableName=table_name, BillingMode="PAY_PER_REQUEST",
                     AttributeDefinitions=[{"AttributeName": "pk", "AttributeType": "S"}],
                     KeySchema=[{"AttributeName": "pk", "KeyType": "HASH"}])
    ddb.update_table(
        TableName=table_name,
        AttributeDefinitions=[{"AttributeName": "tenant", "AttributeType": "S"}, {"AttributeName": "status", "AttributeType": "S"},
                              {"AttributeName": "due", "AttributeType": "N"}],
        GlobalSecondaryIndexUpdates=[{"Create": {
            "IndexName": "byStatus",
            "KeySchema": [{"AttributeName": "tenant", "KeyType": "HASH"}, {"AttributeName": "status", "KeyType": "HASH"},
                          {"AttributeName": "due", "KeyType": "RANGE"}],
            "Projection": {"ProjectionType": "KEYS_ONLY"}}}])
    gsi = ddb.describe_table(TableName=table_name)["Table"]["GlobalSecondaryIndexes"][0]
    assert [k["AttributeName"] for k in gsi["KeySchema"]] == ["tenant", "status", "due"]
    with pytest.raises(ClientError) as e:
        ddb.create_table(
            TableName=table_name + "x", BillingMode="PAY_PER_REQUEST",
            AttributeDefinitions=[{"AttributeName": n, "AttributeType": "S"} for n in ("pk", "a", "b", "c", "d", "e")],
            KeySchema=[{"AttributeName": "pk", "KeyType": "HASH"}],
            GlobalSecondaryIndexes=[{"IndexName": "gsi", "Projection": {"ProjectionType": "ALL"},
                                     "KeySchema": [{"AttributeName": n, "KeyType": "HASH"} for n in "abcde"]}])
    assert e.value.response["Error"]["Code"] == "ValidationException"
    assert "5 partition key (HASH) attributes" in e.value.response["Error"]["Message"]


def test_the_index_survives_a_restart_with_state(start_server, tmp_path):
    state = tmp_path / "multi.state"
    s = start_server("--state", str(state))
    c = s.client()
    create(c, "multi_restart")
    s.stop()
    s2 = start_server("--state", str(state))
    c2 = s2.client()
    gsi = c2.describe_table(TableName="multi_restart")["Table"]["GlobalSecondaryIndexes"][0]
    assert [k["AttributeName"] for k in gsi["KeySchema"]] == ["h", "a", "b", "c", "d"]
    assert query(c2, "multi_restart", "h = :h AND a = :a AND b = :b")[0] == ["p3", "p2", "p1"]
