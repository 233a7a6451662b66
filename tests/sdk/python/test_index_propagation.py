"""`--index-propagation-ms N`: a table write reaches the table's GSIs N milliseconds later, by the
server's clock, so a GSI Query right after a write misses it, as it can on DynamoDB; the table itself
(GetItem, a Query of the table) sees the write at once. Without the flag every index is up to date
when the write returns."""

import time

from conftest import make_client, wait_until

LAG_MS = 3000


def create(ddb, name):
    ddb.create_table(
        TableName=name,
        AttributeDefinitions=[{"AttributeName": "id", "AttributeType": "S"},
                              {"AttributeName": "owner", "AttributeType": "S"}],
        KeySchema=[{"AttributeName": "id", "KeyType": "HASH"}],
        BillingMode="PAY_PER_REQUEST",
        GlobalSecondaryIndexes=[{"IndexName": "byOwner",
                                 "KeySchema": [{"AttributeName": "owner", "KeyType": "HASH"}],
                                 "Projection": {"ProjectionType": "ALL"}}],
    )


def by_owner(ddb, name, owner):
    return ddb.query(TableName=name, IndexName="byOwner", KeyConditionExpression="#o = :o",
                     ExpressionAttributeNames={"#o": "owner"},
                     ExpressionAttributeValues={":o": {"S": owner}})["Items"]


def test_a_gsi_query_misses_a_fresh_write_then_sees_it(start_server, table_name):
    server = start_server("--index-propagation-ms", str(LAG_MS))
    assert server.endpoint, server.stderr
    ddb = make_client(server.endpoint)
    create(ddb, table_name)
    item = {"id": {"S": "t1"}, "owner": {"S": "ana"}, "title": {"S": "write the report"}}
    written = time.monotonic()
    ddb.put_item(TableName=table_name, Item=item)
    assert ddb.get_item(TableName=table_name, Key={"id": {"S": "t1"}})["Item"] == item
    missed = by_owner(ddb, table_name, "ana")
    if time.monotonic() - written < LAG_MS / 1000:
        assert missed == [], "the GSI answered with a write still propagating"
    assert wait_until(lambda: by_owner(ddb, table_name, "ana") == [item], timeout=LAG_MS / 1000 + 10)
    assert time.monotonic() - written >= LAG_MS / 1000 - 0.05, "the write reached the GSI before the lag"

    # An overwrite: the GSI keeps showing the old version until the new one arrives.
    moved = {**item, "owner": {"S": "bo"}}
    written = time.monotonic()
    ddb.put_item(TableName=table_name, Item=moved)
    shown, fresh = by_owner(ddb, table_name, "ana"), by_owner(ddb, table_name, "bo")
    if time.monotonic() - written < LAG_MS / 1000:
        assert (shown, fresh) == ([item], [])
    assert wait_until(lambda: by_owner(ddb, table_name, "bo") == [moved], timeout=LAG_MS / 1000 + 10)
    assert by_owner(ddb, table_name, "ana") == []


def test_without_the_flag_a_gsi_sees_the_write_at_once(ddb, table_name):
    create(ddb, table_name)
    item = {"id": {"S": "t1"}, "owner": {"S": "cy"}}
    ddb.put_item(TableName=table_name, Item=item)
    assert by_owner(ddb, table_name, "cy") == [item]
