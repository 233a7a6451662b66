"""Vector indexes through boto3: CreateTable's VectorIndexes, DescribeTable, writes that feed the index
(and their VectorWriteRequestBytes), SearchVectors under its own target, UpdateTable's VectorIndexUpdates,
and DynamoDB's refusals."""

import botocore.exceptions
import pytest


def vec(*xs):
    return {"L": [{"N": str(x)} for x in xs]}


@pytest.fixture()
def products(ddb, table_name):
    ddb.create_table(
        TableName=table_name,
        BillingMode="PAY_PER_REQUEST",
        AttributeDefinitions=[{"AttributeName": "pk", "AttributeType": "S"}, {"AttributeName": "category", "AttributeType": "S"}],
        KeySchema=[{"AttributeName": "pk", "KeyType": "HASH"}],
        VectorIndexes=[
            {
                "IndexName": "ByTaste",
                "VectorAttribute": {"AttributeName": "embedding"},
                "Dimensions": 3,
                "DistanceFunction": "EUCLIDEAN",
                "SearchSchema": [{"AttributeName": "category", "SearchSchemaElementType": "HASH"}],
                "Projection": {"ProjectionType": "INCLUDE", "NonKeyAttributes": ["name"]},
            }
        ],
    )
    for pk, name, cat, e in [
        ("p1", "espresso", "coffee", (1, 0, 0)),
        ("p2", "latte", "coffee", (1, 1, 0)),
        ("p3", "mocha", "coffee", (0, 3, 4)),
        ("p4", "green tea", "tea", (1, 0, 0)),
    ]:
        ddb.put_item(TableName=table_name, Item={"pk": {"S": pk}, "name": {"S": name}, "category": {"S": cat}, "embedding": vec(*e), "price": {"N": "3"}})
    return table_name


def test_describe_table_lists_the_vector_index(ddb, products):
    ix = ddb.describe_table(TableName=products)["Table"]["VectorIndexes"][0]
    assert ix["IndexName"] == "ByTaste"
    assert ix["VectorAttribute"] == {"AttributeName": "embedding"}
    assert ix["Dimensions"] == 3 and ix["DistanceFunction"] == "EUCLIDEAN"
    assert ix["SearchSchema"] == [{"AttributeName": "category", "SearchSchemaElementType": "HASH"}]
    assert ix["IndexStatus"] == "ACTIVE" and ix["ItemCount"] == 4
    assert ix["IndexArn"].endswith(f"table/{products}/index/ByTaste")


def test_search_vectors_nearest_first_within_the_partition(ddb, products):
    out = ddb.search_vectors(
        TableName=products,
        IndexName="ByTaste",
        SearchVector=[{"N": "1"}, {"N": "0"}, {"N": "0"}],
        TopK=5,
        SearchConditionExpression="category = :c",
        ExpressionAttributeValues={":c": {"S": "coffee"}},
        ReturnConsumedCapacity="TOTAL",
    )
    got = [(r["Item"]["pk"]["S"], r["Score"]) for r in out["SearchResults"]]
    # By hand: |(1,0,0) - (1,0,0)| = 0; |(1,0,0) - (1,1,0)| = 1; |(1,0,0) - (0,3,4)| = sqrt(1 + 9 + 16).
    assert got == [("p1", 0.0), ("p2", 1.0), ("p3", 26 ** 0.5)]
    # INCLUDE name: keys, the search schema and name; not price, and not the vector unless asked for.
    assert out["SearchResults"][0]["Item"] == {"pk": {"S": "p1"}, "category": {"S": "coffee"}, "name": {"S": "espresso"}}
    assert out["ConsumedCapacity"]["VectorSearchRequestBytes"] >= 1024


def test_writes_report_vector_write_request_bytes(ddb, products):
    out = ddb.put_item(TableName=products, Item={"pk": {"S": "p5"}, "category": {"S": "tea"}, "embedding": vec(0, 0, 1)},
                       ReturnConsumedCapacity="INDEXES")
    assert out["ConsumedCapacity"]["VectorIndexes"] == {"ByTaste": {"VectorWriteRequestBytes": 1024.0}}
    # price is not projected: changing it changes nothing the index holds.
    out = ddb.update_item(TableName=products, Key={"pk": {"S": "p1"}}, UpdateExpression="SET price = :p",
                          ExpressionAttributeValues={":p": {"N": "4"}}, ReturnConsumedCapacity="INDEXES")
    assert "VectorIndexes" not in out["ConsumedCapacity"]


def test_refusals(ddb, products):
    with pytest.raises(botocore.exceptions.ClientError) as e:
        ddb.put_item(TableName=products, Item={"pk": {"S": "bad"}, "category": {"S": "tea"}, "embedding": vec(1, 2)})
    assert e.value.response["Error"]["Message"] == (
        "One or more parameter values were invalid. Invalid size for parameter embedding, Expected: 3, Actual: 2 IndexName: ByTaste")
    with pytest.raises(botocore.exceptions.ClientError) as e:
        ddb.search_vectors(TableName=products, IndexName="ByTaste", SearchVector=[{"N": "1"}, {"N": "0"}, {"N": "0"}], TopK=1)
    assert e.value.response["Error"]["Message"] == "SearchConditionExpression must be provided when SearchSchema has a HASH key"
    with pytest.raises(botocore.exceptions.ClientError) as e:
        ddb.create_table(
            TableName=products + "-prov",
            AttributeDefinitions=[{"AttributeName": "pk", "AttributeType": "S"}],
            KeySchema=[{"AttributeName": "pk", "KeyType": "HASH"}],
            ProvisionedThroughput={"ReadCapacityUnits": 1, "WriteCapacityUnits": 1},
            VectorIndexes=[{"IndexName": "v1x", "VectorAttribute": {"AttributeName": "e"}, "Dimensions": 2,
                            "DistanceFunction": "COSINE", "Projection": {"ProjectionType": "KEYS_ONLY"}}],
        )
    assert e.value.response["Error"]["Message"] == (
        "One or more parameter values were invalid: Vector indexes are only supported for PAY_PER_REQUEST tables")


def test_update_table_adds_and_removes_an_index(ddb, products):
    ddb.update_table(TableName=products, VectorIndexUpdates=[{"Create": {
        "IndexName": "Similar", "VectorAttribute": {"AttributeName": "embedding"}, "Dimensions": 3,
        "DistanceFunction": "DOT_PRODUCT", "Projection": {"ProjectionType": "KEYS_ONLY"}}}])
    out = ddb.search_vectors(TableName=products, IndexName="Similar", SearchVector=[{"N": "0"}, {"N": "1"}, {"N": "1"}], TopK=1)
    assert out["SearchResults"] == [{"Item": {"pk": {"S": "p3"}}, "Score": 7.0}]
    ddb.update_table(TableName=products, VectorIndexUpdates=[{"Delete": {"IndexName": "Similar"}}])
    names = [v["IndexName"] for v in ddb.describe_table(TableName=products)["Table"]["VectorIndexes"]]
    assert names == ["ByTaste"]


def test_a_vector_index_survives_a_restart_with_state(start_server, tmp_path):
    state = tmp_path / "db.state"
    s = start_server("--state", str(state))
    assert s.endpoint, s.stderr
    c = s.client()
    c.create_table(
        TableName="kept", BillingMode="PAY_PER_REQUEST",
        AttributeDefinitions=[{"AttributeName": "pk", "AttributeType": "S"}],
        KeySchema=[{"AttributeName": "pk", "KeyType": "HASH"}],
        VectorIndexes=[{"IndexName": "near", "VectorAttribute": {"AttributeName": "e"}, "Dimensions": 2,
                        "DistanceFunction": "EUCLIDEAN", "Projection": {"ProjectionType": "KEYS_ONLY"}}],
    )
    for pk, e in [("a", (0, 0)), ("b", (3, 4))]:
        c.put_item(TableName="kept", Item={"pk": {"S": pk}, "e": vec(*e)})
    s.stop()
    s2 = start_server("--state", str(state))
    assert s2.endpoint, s2.stderr
    out = s2.client().search_vectors(TableName="kept", IndexName="near", SearchVector=[{"N": "3"}, {"N": "4"}], TopK=2)
    assert [(r["Item"]["pk"]["S"], r["Score"]) for r in out["SearchResults"]] == [("b", 0.0), ("a", 5.0)]
