"""Many connections updating one item: the server must serialise them so no increment is lost."""

import threading

import botocore.exceptions

THREADS = 16


def create_counter_table(ddb, name):
    ddb.create_table(
        TableName=name,
        BillingMode="PAY_PER_REQUEST",
        AttributeDefinitions=[{"AttributeName": "pk", "AttributeType": "S"}],
        KeySchema=[{"AttributeName": "pk", "KeyType": "HASH"}],
    )
    ddb.put_item(TableName=name, Item={"pk": {"S": "c"}, "n": {"N": "0"}, "o": {"N": "0"}, "v": {"N": "0"}})


def run_threads(target):
    errors = []

    def wrapped():
        try:
            target()
        except Exception as e:  # collected and re-raised in the main thread
            errors.append(e)

    threads = [threading.Thread(target=wrapped) for _ in range(THREADS)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert not errors, errors[:3]


def test_atomic_add_from_many_connections(ddb, table_name):
    create_counter_table(ddb, table_name)
    per_thread = 25

    def work():
        for _ in range(per_thread):
            ddb.update_item(
                TableName=table_name,
                Key={"pk": {"S": "c"}},
                UpdateExpression="ADD n :one",
                ExpressionAttributeValues={":one": {"N": "1"}},
            )

    run_threads(work)
    item = ddb.get_item(TableName=table_name, Key={"pk": {"S": "c"}}, ConsistentRead=True)["Item"]
    assert item["n"] == {"N": str(THREADS * per_thread)}


def test_optimistic_locking_loses_no_increment(ddb, table_name):
    """Read, then write conditionally on the version read; retry on ConditionalCheckFailed."""
    create_counter_table(ddb, table_name)
    per_thread = 10
    conflicts = []

    def work():
        done = 0
        while done < per_thread:
            item = ddb.get_item(TableName=table_name, Key={"pk": {"S": "c"}}, ConsistentRead=True)["Item"]
            o, v = int(item["o"]["N"]), int(item["v"]["N"])
            try:
                ddb.update_item(
                    TableName=table_name,
                    Key={"pk": {"S": "c"}},
                    UpdateExpression="SET o = :o, v = :next",
                    ConditionExpression="v = :v",
                    ExpressionAttributeValues={":o": {"N": str(o + 1)}, ":next": {"N": str(v + 1)}, ":v": {"N": str(v)}},
                )
                done += 1
            except botocore.exceptions.ClientError as e:
                if e.response["Error"]["Code"] != "ConditionalCheckFailedException":
                    raise
                conflicts.append(1)

    run_threads(work)
    item = ddb.get_item(TableName=table_name, Key={"pk": {"S": "c"}}, ConsistentRead=True)["Item"]
    assert item["o"] == {"N": str(THREADS * per_thread)}
    assert item["v"] == {"N": str(THREADS * per_thread)}
