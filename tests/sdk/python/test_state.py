"""`--state FILE`: a restart (graceful or a crash) loses no acknowledged write; a damaged file is
reported and left untouched; two servers cannot share one file."""

import json
import time
import pathlib

ROOT = pathlib.Path(__file__).resolve().parents[3]


def put(client, table, key, **attrs):
    item = {"pk": {"S": key}, **{k: {"N": str(v)} for k, v in attrs.items()}}
    client.put_item(TableName=table, Item=item)


def get(client, table, key):
    return client.get_item(TableName=table, Key={"pk": {"S": key}}, ConsistentRead=True).get("Item")


def create(client, table):
    client.create_table(
        TableName=table,
        BillingMode="PAY_PER_REQUEST",
        AttributeDefinitions=[{"AttributeName": "pk", "AttributeType": "S"}],
        KeySchema=[{"AttributeName": "pk", "KeyType": "HASH"}],
    )


def test_graceful_restart_keeps_everything(start_server, tmp_path):
    state = tmp_path / "db.state"
    s = start_server("--state", str(state))
    assert s.endpoint, s.stderr
    c = s.client()
    create(c, "persisted")
    for i in range(20):
        put(c, "persisted", f"k{i}", n=i)
    c.delete_item(TableName="persisted", Key={"pk": {"S": "k0"}})
    s.stop()
    s2 = start_server("--state", str(state))
    assert s2.endpoint, s2.stderr
    c2 = s2.client()
    assert "persisted" in c2.list_tables()["TableNames"]
    assert get(c2, "persisted", "k0") is None
    assert get(c2, "persisted", "k19") == {"pk": {"S": "k19"}, "n": {"N": "19"}}


def test_crash_loses_no_acknowledged_write(start_server, tmp_path):
    state = tmp_path / "db.state"
    s = start_server("--state", str(state))
    assert s.endpoint, s.stderr
    c = s.client()
    create(c, "crashy")
    for i in range(10):
        put(c, "crashy", "k", n=i)
    s.crash()  # SIGKILL straight after the last acknowledged write
    s2 = start_server("--state", str(state))
    assert s2.endpoint, s2.stderr
    assert get(s2.client(), "crashy", "k") == {"pk": {"S": "k"}, "n": {"N": "9"}}


def test_corrupt_file_is_reported_not_replaced(start_server, tmp_path):
    state = tmp_path / "db.state"
    s = start_server("--state", str(state))
    assert s.endpoint, s.stderr
    c = s.client()
    create(c, "tbl1")
    c.put_item(TableName="tbl1", Item={"pk": {"S": "k"}, "note": {"S": "MARKER-ONE-MARKER"}})
    s.stop()
    good = state.read_bytes()
    at = good.index(b"MARKER-ONE")
    flipped = bytearray(good)
    flipped[at + 3] ^= 0x20
    cases = (
        (good[: len(good) // 2], "is damaged"),
        (bytes(flipped), "table tbl1: an item fails its check"),
        (b"{\"tables\": []}", "is not a dynamodel state database"),
    )
    for damaged, expected in cases:
        state.write_bytes(damaged)
        bad = start_server("--state", str(state))
        assert bad.endpoint is None, "the server started on a damaged state file"
        assert bad.returncode != 0
        assert expected in bad.stderr and "left untouched" in bad.stderr, bad.stderr
        assert state.read_bytes() == damaged, "the damaged file was modified"


def test_two_servers_cannot_share_a_state_file(start_server, tmp_path):
    state = tmp_path / "db.state"
    first = start_server("--state", str(state))
    assert first.endpoint, first.stderr
    second = start_server("--state", str(state))
    assert second.endpoint is None
    assert "in use" in second.stderr


def test_model_file_becomes_a_running_database(start_server, tmp_path):
    model = tmp_path / "model.json"
    model.write_text(json.dumps({"version": 1, "name": "orders", "tables": [{
        "definition": {
            "TableName": "Orders",
            "BillingMode": "PAY_PER_REQUEST",
            "AttributeDefinitions": [{"AttributeName": "pk", "AttributeType": "S"}, {"AttributeName": "sk", "AttributeType": "S"}],
            "KeySchema": [{"AttributeName": "pk", "KeyType": "HASH"}, {"AttributeName": "sk", "KeyType": "RANGE"}],
        },
        "items": [
            {"pk": {"S": "CUSTOMER#1"}, "sk": {"S": "ORDER#1"}, "total": {"N": "10"}},
            {"pk": {"S": "CUSTOMER#1"}, "sk": {"S": "ORDER#2"}, "total": {"N": "25.5"}},
        ],
    }]}))
    state = tmp_path / "db.state"
    s = start_server("--model", str(model), "--state", str(state))
    assert s.endpoint, s.stderr
    c = s.client()
    q = c.query(TableName="Orders", KeyConditionExpression="pk = :p", ExpressionAttributeValues={":p": {"S": "CUSTOMER#1"}})
    assert [i["total"]["N"] for i in q["Items"]] == ["10", "25.5"]
    c.put_item(TableName="Orders", Item={"pk": {"S": "CUSTOMER#2"}, "sk": {"S": "ORDER#1"}})
    s.stop()
    # With an existing state file the model is not applied again (and says so).
    s2 = start_server("--model", str(model), "--state", str(state))
    assert s2.endpoint, s2.stderr
    assert len(s2.client().scan(TableName="Orders")["Items"]) == 3


def test_invalid_model_is_reported(start_server, tmp_path):
    model = tmp_path / "bad.json"
    model.write_text(json.dumps({"version": 1, "tables": [{
        "definition": {
            "TableName": "Tbl1", "BillingMode": "PAY_PER_REQUEST",
            "AttributeDefinitions": [{"AttributeName": "pk", "AttributeType": "S"}],
            "KeySchema": [{"AttributeName": "pk", "KeyType": "HASH"}],
        },
        "items": [{"pk": {"S": "ok"}}, {"nokey": {"S": "x"}}],
    }]}))
    s = start_server("--model", str(model))
    assert s.endpoint is None
    assert "tables[0].items[1] (Tbl1)" in s.stderr and "ValidationException" in s.stderr, s.stderr


def test_model_of_a_newer_format_is_refused(start_server, tmp_path):
    model = tmp_path / "future.json"
    model.write_text(json.dumps({"version": 99, "tables": []}))
    s = start_server("--model", str(model))
    assert s.endpoint is None
    assert "version 99 is not supported" in s.stderr, s.stderr


def test_example_models_load(start_server):
    """The engine's example models (what the playground exports) become running databases."""
    data = ROOT / "engine" / "tests" / "data" / "models"
    models = sorted(data.glob("*.json")) + sorted((data / "gallery").glob("*.json"))
    examples = [m for m in models if isinstance(json.loads(m.read_text()), dict) and json.loads(m.read_text()).get("version") in (1, 2)]
    assert examples, "no example models found"
    for m in examples:
        s = start_server("--model", str(m))
        assert s.endpoint, f"{m.name}: {s.stderr}"
        model = json.loads(m.read_text())
        c = s.client()
        for t in model["tables"]:
            name = t["definition"]["TableName"]
            count = c.scan(TableName=name, Select="COUNT")["Count"]
            # Items whose TTL attribute is already in the past are deleted on load, as DynamoDB would.
            attr, now = t.get("timeToLive"), time.time()
            live = [i for i in t.get("items", []) if not (attr and "N" in i.get(attr, {}) and float(i[attr]["N"]) < now)]
            assert count == len(live), f"{m.name}/{name}: {count} items"
        s.stop()
