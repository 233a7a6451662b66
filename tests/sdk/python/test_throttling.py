"""`--throughput simulated`: the server meters partitions as DynamoDB does and answers as DynamoDB
does when one runs out, so SDK retry code can be tested locally. A provisioned table of 1 WCU / 1 RCU
has one partition with 300 s of burst (300 WCU, 300 RCU); a few writes or reads of 130 KB items spend
it and the partition then owes far more than its refill of 1 unit per second for the rest of the
test."""

import time

import pytest
from botocore.exceptions import ClientError

from conftest import make_client

# 130 KB: 130 WCU a write, 33 blocks of 4 KB (33 RCU) a strong read. Neither divides the 300 units of
# burst, so the last admitted call overdraws the bucket and the partition owes well over a minute.
BIG = "x" * (130 * 1024)


def client(endpoint, **retries):
    return make_client(endpoint, retries=retries or {"max_attempts": 1})


def create(ddb, name, rcu, wcu):
    ddb.create_table(
        TableName=name,
        AttributeDefinitions=[{"AttributeName": "PK", "AttributeType": "S"}],
        KeySchema=[{"AttributeName": "PK", "KeyType": "HASH"}],
        BillingMode="PROVISIONED",
        ProvisionedThroughput={"ReadCapacityUnits": rcu, "WriteCapacityUnits": wcu},
    )


def drain_writes(ddb, table):
    """Write 100 KB items to one key until the partition throttles; returns how many were served."""
    for served in range(20):
        try:
            ddb.put_item(TableName=table, Item={"PK": {"S": "HOT"}, "blob": {"S": BIG}})
        except ClientError as e:
            assert e.response["Error"]["Code"] == "ProvisionedThroughputExceededException"
            return served
    pytest.fail("20 writes of 100 WCU on a 1 WCU table were never throttled")


def reads_until_throttled(read, what, table_message=False):
    """Call `read` until the server throttles it; return how many calls were served first."""
    for reads in range(40):
        try:
            read()
        except ClientError as e:
            assert e.response["Error"]["Code"] == "ProvisionedThroughputExceededException"
            if table_message:
                assert "provisioned throughput for the table" in e.response["Error"]["Message"]
            return reads
    pytest.fail(f"{what} were never throttled")


def assert_retried_then_failed(call):
    """`call()`, made with a client that retries: the SDK tries three more times, then gives up (botocore's
    `max_attempts` counts retries: four calls in all, each throttled). Returns the error response."""
    with pytest.raises(ClientError) as caught:
        call()
    err = caught.value.response
    assert err["Error"]["Code"] == "ProvisionedThroughputExceededException"
    assert err["ResponseMetadata"]["RetryAttempts"] == 3, "the SDK retried three times before giving up"
    return err


@pytest.fixture()
def simulated(start_server):
    server = start_server("--throughput", "simulated")
    assert server.endpoint, server.stderr
    ddb = client(server.endpoint)
    create(ddb, "Hot", 1, 1)
    create(ddb, "Cool", 100, 100)
    return server


def test_hot_key_is_throttled_and_the_sdk_retries_then_fails(simulated):
    ddb = client(simulated.endpoint)
    served = drain_writes(ddb, "Hot")
    # 300 WCU of burst: 300 -> 170 -> 40 -> -90 (a request starts while any tokens are left).
    assert served == 3, served
    retrying = client(simulated.endpoint, mode="standard", max_attempts=3)
    err = assert_retried_then_failed(lambda: retrying.put_item(TableName="Hot", Item={"PK": {"S": "HOT"}, "n": {"N": "1"}}))
    assert "provisioned throughput" in err["Error"]["Message"]
    # Another table is unaffected.
    ddb.put_item(TableName="Cool", Item={"PK": {"S": "HOT"}, "blob": {"S": BIG}})


def test_batch_write_hands_back_the_throttled_items(simulated):
    ddb = client(simulated.endpoint)
    drain_writes(ddb, "Hot")
    out = ddb.batch_write_item(
        RequestItems={
            "Hot": [{"PutRequest": {"Item": {"PK": {"S": f"H{i}"}}}} for i in range(2)],
            "Cool": [{"PutRequest": {"Item": {"PK": {"S": f"C{i}"}}}} for i in range(2)],
        }
    )
    assert list(out["UnprocessedItems"]) == ["Hot"]
    assert len(out["UnprocessedItems"]["Hot"]) == 2
    assert ddb.get_item(TableName="Cool", Key={"PK": {"S": "C1"}}).get("Item") is not None
    assert ddb.get_item(TableName="Hot", Key={"PK": {"S": "H1"}}).get("Item") is None
    # A batch none of whose items can be served fails as a whole.
    with pytest.raises(ClientError) as caught:
        ddb.batch_write_item(RequestItems={"Hot": [{"PutRequest": {"Item": {"PK": {"S": "H9"}}}}]})
    assert caught.value.response["Error"]["Code"] == "ProvisionedThroughputExceededException"


def test_transaction_is_cancelled_with_a_throttling_reason(simulated):
    ddb = client(simulated.endpoint)
    drain_writes(ddb, "Hot")
    with pytest.raises(ClientError) as caught:
        ddb.transact_write_items(
            TransactItems=[
                {"Put": {"TableName": "Cool", "Item": {"PK": {"S": "T1"}}}},
                {"Put": {"TableName": "Hot", "Item": {"PK": {"S": "T2"}}}},
            ]
        )
    err = caught.value.response
    assert err["Error"]["Code"] == "TransactionCanceledException"
    codes = [r["Code"] for r in err["CancellationReasons"]]
    assert codes == ["None", "ProvisionedThroughputExceeded"]
    assert ddb.get_item(TableName="Cool", Key={"PK": {"S": "T1"}}).get("Item") is None, "all or nothing"


def test_batch_get_hands_back_unprocessed_keys(simulated):
    ddb = client(simulated.endpoint)
    ddb.put_item(TableName="Hot", Item={"PK": {"S": "BIG"}, "blob": {"S": BIG}})
    ddb.put_item(TableName="Cool", Item={"PK": {"S": "A"}})
    # A strongly consistent read of 130 KB costs 33 RCU: ten start on 300 RCU of burst (the tenth overdraws).
    reads = reads_until_throttled(lambda: ddb.get_item(TableName="Hot", Key={"PK": {"S": "BIG"}}, ConsistentRead=True), "reads")
    assert 10 <= reads <= 11, reads
    out = ddb.batch_get_item(
        RequestItems={"Hot": {"Keys": [{"PK": {"S": "BIG"}}]}, "Cool": {"Keys": [{"PK": {"S": "A"}}]}}
    )
    assert list(out["UnprocessedKeys"]) == ["Hot"]
    assert out["Responses"]["Cool"] == [{"PK": {"S": "A"}}]


def test_unlimited_by_default(start_server):
    server = start_server()
    ddb = client(server.endpoint)
    create(ddb, "Hot", 1, 1)
    for _ in range(10):
        ddb.put_item(TableName="Hot", Item={"PK": {"S": "HOT"}, "blob": {"S": BIG}})


def test_a_hot_partition_throttles_query_and_scan_too(simulated):
    """Reads of one partition share its bucket, whatever the operation: a strongly consistent Query of a
    130 KB item costs 33 RCU like the GetItem above, ten start on 300 RCU of burst, and then the Query,
    a GetItem of another key in the table's only partition and a Scan are all throttled."""
    ddb = client(simulated.endpoint)
    ddb.put_item(TableName="Hot", Item={"PK": {"S": "BIG"}, "blob": {"S": BIG}})
    query = {"TableName": "Hot", "KeyConditionExpression": "PK = :p", "ExpressionAttributeValues": {":p": {"S": "BIG"}}, "ConsistentRead": True}
    def read():
        assert ddb.query(**query)["Count"] == 1

    reads = reads_until_throttled(read, "queries", table_message=True)
    assert 10 <= reads <= 11, reads
    retrying = client(simulated.endpoint, mode="standard", max_attempts=3)
    assert_retried_then_failed(lambda: retrying.query(**query))
    for call in (
        lambda: ddb.get_item(TableName="Hot", Key={"PK": {"S": "OTHER"}}),
        lambda: ddb.scan(TableName="Hot"),
    ):
        with pytest.raises(ClientError) as caught:
            call()
        assert caught.value.response["Error"]["Code"] == "ProvisionedThroughputExceededException"
    # Writes have their own bucket; another table's partitions are its own.
    ddb.put_item(TableName="Hot", Item={"PK": {"S": "W"}})
    ddb.query(TableName="Cool", KeyConditionExpression="PK = :p", ExpressionAttributeValues={":p": {"S": "BIG"}})


def create_with_gsi(ddb, name, table_units, index_units):
    ddb.create_table(
        TableName=name,
        AttributeDefinitions=[{"AttributeName": "PK", "AttributeType": "S"}, {"AttributeName": "email", "AttributeType": "S"}],
        KeySchema=[{"AttributeName": "PK", "KeyType": "HASH"}],
        BillingMode="PROVISIONED",
        ProvisionedThroughput={"ReadCapacityUnits": table_units, "WriteCapacityUnits": table_units},
        GlobalSecondaryIndexes=[
            {
                "IndexName": "ByEmail",
                "KeySchema": [{"AttributeName": "email", "KeyType": "HASH"}],
                "Projection": {"ProjectionType": "ALL"},
                "ProvisionedThroughput": {"ReadCapacityUnits": index_units, "WriteCapacityUnits": index_units},
            }
        ],
    )


def test_a_throttled_gsi_throttles_the_base_table_write(simulated):
    """A table of 100 WCU whose GSI has 1 WCU (300 WCU of burst): each 130 KB user with an email costs
    130 WCU on the GSI too, so three are written (300 -> 170 -> 40 -> -90) and the fourth base-table
    write is throttled by the GSI although the table has capacity to spare: the SDK retries, then
    fails; the item is not written. Writes that leave the GSI alone still run; a batch hands back
    the item that would write to it."""
    ddb = client(simulated.endpoint)
    create_with_gsi(ddb, "Users", 100, 1)
    for served in range(20):
        try:
            ddb.put_item(TableName="Users", Item={"PK": {"S": f"U{served}"}, "email": {"S": f"u{served}@x"}, "blob": {"S": BIG}})
        except ClientError as e:
            assert e.response["Error"]["Code"] == "ProvisionedThroughputExceededException"
            assert "global secondary indexes" in e.response["Error"]["Message"], e.response["Error"]["Message"]
            break
    else:
        pytest.fail("writes were never throttled by the GSI")
    assert served == 3, served
    assert ddb.get_item(TableName="Users", Key={"PK": {"S": "U3"}}).get("Item") is None, "a throttled write is not made"
    retrying = client(simulated.endpoint, mode="standard", max_attempts=3)
    assert_retried_then_failed(lambda: retrying.put_item(TableName="Users", Item={"PK": {"S": "NEW"}, "email": {"S": "new@x"}}))
    # No email: nothing for the GSI to write (a sparse index), so the table takes it.
    ddb.put_item(TableName="Users", Item={"PK": {"S": "SPARSE"}, "blob": {"S": BIG}})
    # Changing an email removes one entry and writes another: throttled; so is deleting a user with one.
    with pytest.raises(ClientError) as caught:
        ddb.update_item(TableName="Users", Key={"PK": {"S": "U0"}}, UpdateExpression="SET email = :e", ExpressionAttributeValues={":e": {"S": "v0@x"}})
    assert caught.value.response["Error"]["Code"] == "ProvisionedThroughputExceededException"
    with pytest.raises(ClientError) as caught:
        ddb.delete_item(TableName="Users", Key={"PK": {"S": "U1"}})
    assert caught.value.response["Error"]["Code"] == "ProvisionedThroughputExceededException"
    out = ddb.batch_write_item(
        RequestItems={
            "Users": [
                {"PutRequest": {"Item": {"PK": {"S": "B1"}, "email": {"S": "b1@x"}}}},
                {"PutRequest": {"Item": {"PK": {"S": "B2"}}}},
            ]
        }
    )
    assert out["UnprocessedItems"] == {"Users": [{"PutRequest": {"Item": {"PK": {"S": "B1"}, "email": {"S": "b1@x"}}}}]}
    assert ddb.get_item(TableName="Users", Key={"PK": {"S": "B2"}}).get("Item") == {"PK": {"S": "B2"}}
    # The GSI's reads have their own bucket: a Query of one email (one 130 KB entry, 16.5 RCU) runs.
    out = ddb.query(TableName="Users", IndexName="ByEmail", KeyConditionExpression="email = :e", ExpressionAttributeValues={":e": {"S": "u0@x"}})
    assert out["Count"] == 1


def start_of_a_second():
    """Wait for the wall clock's next second to begin, so a burst of calls falls inside one second
    (an on-demand partition's ceiling is per second)."""
    now = time.time()
    time.sleep(1 - (now - int(now)) + 0.01)


def burst_then(burst, last, answered_in_the_second=True):
    """From the start of a wall-clock second make the calls of `burst`, then `last`; return what `last`
    returned or raised, as `(result, None)` or `(None, ClientError)`. The calls must reach the server in
    one second (an on-demand partition's ceiling is per second). The server reads the same clock, and it
    receives each call after the call starts and before its answer arrives, so a round whose `last`
    answer came back before the second ended is one second's; a round that ran past it (a slow or busy
    machine) says nothing, and a later second is tried with a fresh partition state to start from.
    A `last` that retries until a later second (`answered_in_the_second=False`) only needs to start in
    the burst's second: with a tenth of it left."""
    for _ in range(8):
        start_of_a_second()
        second = int(time.time())
        for call in burst:
            call()
        if time.time() - second >= (1 if answered_in_the_second else 0.9):
            continue
        try:
            result = last(), None
        except ClientError as e:
            result = None, e
        if not answered_in_the_second or time.time() - second < 1:
            return result
    pytest.fail(f"in eight tries, {len(burst)} calls and one more never fitted in one second")


def test_on_demand_throttling_is_a_throttling_exception_and_the_sdk_retries_it(simulated):
    """On an on-demand table DynamoDB answers a throttled request with ThrottlingException (HTTP 400) and
    its on-demand message, not ProvisionedThroughputExceededException (docs/partition-model.md, "What the
    server answers"). A new on-demand table has 4 partitions; one partition serves at most 1,000 WCU a
    second, so ten 100 KB writes (100 WCU each) to one key fill it and the eleventh, in the same
    second, is throttled. A retrying client is throttled on its first attempt, backs off, and succeeds
    in a later second, when the partition serves again: botocore retried a ThrottlingException."""
    ddb = client(simulated.endpoint)
    ddb.create_table(
        TableName="Events",
        AttributeDefinitions=[{"AttributeName": "PK", "AttributeType": "S"}],
        KeySchema=[{"AttributeName": "PK", "KeyType": "HASH"}],
        BillingMode="PAY_PER_REQUEST",
    )
    # 'PK' + 'HOT' (5 B) + 'blob' (4 B) + 102,391 B = 102,400 B: exactly 100 WCU.
    hundred = {"PK": {"S": "HOT"}, "blob": {"S": "x" * 102391}}
    ten = [lambda: ddb.put_item(TableName="Events", Item=hundred)] * 10
    served, caught = burst_then(ten, lambda: ddb.put_item(TableName="Events", Item={"PK": {"S": "HOT"}, "n": {"N": "1"}}))
    assert caught is not None, f"the eleventh write in one second was served: {served}"
    err = caught.response
    assert err["Error"]["Code"] == "ThrottlingException", err["Error"]
    assert err["ResponseMetadata"]["HTTPStatusCode"] == 400
    assert err["Error"]["Message"].startswith("Throughput exceeds the current capacity of your table or index.")
    retrying = client(simulated.endpoint, mode="standard", max_attempts=6)
    out, caught = burst_then(ten, lambda: retrying.put_item(TableName="Events", Item={"PK": {"S": "HOT"}, "n": {"N": "2"}}),
                             answered_in_the_second=False)
    assert caught is None, caught
    assert out["ResponseMetadata"]["RetryAttempts"] >= 1, "the first attempt was throttled and retried"
    assert ddb.get_item(TableName="Events", Key={"PK": {"S": "HOT"}})["Item"]["n"] == {"N": "2"}


def test_a_failed_conditional_write_is_debited(simulated):
    """DynamoDB charges a write that fails its condition (the larger of the stored item and the one it
    would have written), so it drains the partition like a served write. On the 1 WCU table (300 WCU of
    burst): a 130 KB item is written (300 -> 170), two conditional puts of its bare key fail and are
    each charged 130 WCU (170 -> 40 -> -90), and the next write is throttled."""
    ddb = client(simulated.endpoint)
    ddb.put_item(TableName="Hot", Item={"PK": {"S": "C"}, "blob": {"S": BIG}})
    for _ in range(2):
        with pytest.raises(ClientError) as caught:
            ddb.put_item(TableName="Hot", Item={"PK": {"S": "C"}}, ConditionExpression="attribute_not_exists(PK)")
        assert caught.value.response["Error"]["Code"] == "ConditionalCheckFailedException"
    with pytest.raises(ClientError) as caught:
        ddb.put_item(TableName="Hot", Item={"PK": {"S": "D"}})
    assert caught.value.response["Error"]["Code"] == "ProvisionedThroughputExceededException"
    assert ddb.get_item(TableName="Hot", Key={"PK": {"S": "C"}})["Item"]["blob"]["S"] == BIG, "the failed writes changed nothing"


def test_partiql_selects_throttle_as_the_query_or_scan_they_become(simulated):
    """A PartiQL SELECT is metered and throttled as the operation it becomes. On a 1 RCU table with a
    sort key (300 RCU of burst), a SELECT that pins only the partition key is a Query of that partition:
    strongly consistent, it reads the 130 KB item for 33 RCU, so ten start (the tenth overdraws) and the
    eleventh is throttled like a Query; the SDK retries, then fails. A SELECT with no key in its WHERE
    clause is a Scan of the same (only) partition and is throttled too. Writes have their own bucket."""
    ddb = client(simulated.endpoint)
    ddb.create_table(
        TableName="Feed",
        AttributeDefinitions=[{"AttributeName": "PK", "AttributeType": "S"}, {"AttributeName": "SK", "AttributeType": "N"}],
        KeySchema=[{"AttributeName": "PK", "KeyType": "HASH"}, {"AttributeName": "SK", "KeyType": "RANGE"}],
        BillingMode="PROVISIONED",
        ProvisionedThroughput={"ReadCapacityUnits": 1, "WriteCapacityUnits": 1},
    )
    ddb.put_item(TableName="Feed", Item={"PK": {"S": "BIG"}, "SK": {"N": "1"}, "blob": {"S": BIG}})
    query = {"Statement": "SELECT * FROM \"Feed\" WHERE PK = ?", "Parameters": [{"S": "BIG"}], "ConsistentRead": True}
    def read():
        assert len(ddb.execute_statement(**query)["Items"]) == 1

    reads = reads_until_throttled(read, "PartiQL queries", table_message=True)
    assert reads == 10, reads
    retrying = client(simulated.endpoint, mode="standard", max_attempts=3)
    assert_retried_then_failed(lambda: retrying.execute_statement(**query))
    with pytest.raises(ClientError) as caught:
        ddb.execute_statement(Statement="SELECT * FROM \"Feed\"")
    assert caught.value.response["Error"]["Code"] == "ProvisionedThroughputExceededException"
    ddb.execute_statement(Statement="INSERT INTO \"Feed\" VALUE {'PK': 'W', 'SK': 1}")
