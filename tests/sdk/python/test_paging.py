"""Paging through the SDK's own paginators: Query and Scan pages stop at 1 MB of data read, and
parallel Scan segments partition the table."""

import pytest

ITEM_BYTES = 40_000
ITEMS = 60  # ~2.4 MB: at least three 1 MB pages


@pytest.fixture()
def big_table(ddb, table_name):
    ddb.create_table(
        TableName=table_name,
        BillingMode="PAY_PER_REQUEST",
        AttributeDefinitions=[{"AttributeName": "pk", "AttributeType": "S"}, {"AttributeName": "sk", "AttributeType": "N"}],
        KeySchema=[{"AttributeName": "pk", "KeyType": "HASH"}, {"AttributeName": "sk", "KeyType": "RANGE"}],
    )
    blob = "x" * ITEM_BYTES
    for i in range(ITEMS):
        ddb.put_item(TableName=table_name, Item={"pk": {"S": f"p{i % 3}"}, "sk": {"N": str(i)}, "blob": {"S": blob}})
    return table_name


def test_scan_paginator_reads_everything_in_1mb_pages(ddb, big_table):
    pages = list(ddb.get_paginator("scan").paginate(TableName=big_table, ProjectionExpression="pk, sk"))
    assert len(pages) >= 3, [p["Count"] for p in pages]
    assert all(p["ScannedCount"] * ITEM_BYTES <= 1_100_000 for p in pages)
    keys = sorted(int(i["sk"]["N"]) for p in pages for i in p["Items"])
    assert keys == list(range(ITEMS))


def test_query_paginator_in_key_order(ddb, big_table):
    pages = list(ddb.get_paginator("query").paginate(
        TableName=big_table, KeyConditionExpression="pk = :p", ExpressionAttributeValues={":p": {"S": "p1"}},
        PaginationConfig={"PageSize": 7}))
    keys = [int(i["sk"]["N"]) for p in pages for i in p["Items"]]
    assert keys == [i for i in range(ITEMS) if i % 3 == 1]
    assert max(p["Count"] for p in pages) <= 7


def test_parallel_scan_segments_partition_the_table(ddb, big_table):
    seen = []
    for segment in range(4):
        for page in ddb.get_paginator("scan").paginate(TableName=big_table, Segment=segment, TotalSegments=4,
                                                       ProjectionExpression="sk"):
            seen.extend(int(i["sk"]["N"]) for i in page["Items"])
    assert sorted(seen) == list(range(ITEMS))
