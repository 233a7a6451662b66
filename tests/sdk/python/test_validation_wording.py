"""Requests botocore refuses before sending (an empty TableName or RequestItems is under the API model's
minimum), sent with client-side validation off so the server's answer is what is checked: DynamoDB's
validation-framework wording as us-east-1 answers it (paritysuite's registry/splits.json and
captures/2026-10-07-batch-empty-request-items.json; nubo-db/dynamodb-conformance's exact-message tests).
Also empty and over-long attribute names, in every parameter that holds one (see below)."""

import uuid

import botocore.exceptions
import pytest

from conftest import make_client

EMPTY_TABLE = ("1 validation error detected: Value at 'TableName' failed to satisfy constraint: "
               "Member must have length greater than or equal to 1")


@pytest.fixture(scope="module")
def raw(endpoint):
    return make_client(endpoint, parameter_validation=False)


def error_of(call, **kwargs):
    with pytest.raises(botocore.exceptions.ClientError) as e:
        call(**kwargs)
    err = e.value.response["Error"]
    return err["Code"], err["Message"]


def test_empty_table_name_is_reported_alone(raw):
    key = {"pk": {"S": "a"}}
    assert error_of(raw.put_item, TableName="", Item=key) == ("ValidationException", EMPTY_TABLE)
    assert error_of(raw.put_item, TableName="", Item={}, ReturnValues="INVALID") == ("ValidationException", EMPTY_TABLE)
    assert error_of(raw.update_item, TableName="", Key={}) == ("ValidationException", EMPTY_TABLE)


def test_empty_request_items(raw):
    assert error_of(raw.batch_write_item, RequestItems={}) == (
        "ValidationException", "The requestItems parameter is required for BatchWriteItem")
    assert error_of(raw.batch_get_item, RequestItems={}) == (
        "ValidationException",
        "1 validation error detected: Value at 'RequestItems' failed to satisfy constraint: "
        "Member must have length greater than or equal to 1")


# Attribute names (issue #13). An empty one: DynamoDB Local's wording (ErrorFactory.EMPTY_ATTRIBUTE_NAME,
# thrown by LocalDBInputConverter.newAttributeName; the service's answer is not recorded), except as an
# ExpressionAttributeNames value, where the service's answer names the key (captured from AWS in ExtendDB's
# tests/test_expression_attribute_map_validation.py). One past 65,535 bytes: the service's answer for an
# item's name and for an ExpressionAttributeNames value (ExtendDB/extenddb#365), used for every parameter
# that holds attribute names. botocore sends both as given (the model sets no minimum, and botocore does
# not check maximums), so the default client is used.
EMPTY_NAME = "Empty attribute name"
NAME_TOO_LARGE = "1 validation error detected: Attribute name is too large, must be less than 65536 bytes"
LONG = "n" * 65_536


@pytest.fixture(scope="module")
def names_table(ddb):
    name = "py_names_" + uuid.uuid4().hex[:8]
    ddb.create_table(TableName=name, BillingMode="PAY_PER_REQUEST",
                     AttributeDefinitions=[{"AttributeName": "pk", "AttributeType": "S"},
                                           {"AttributeName": "sk", "AttributeType": "N"}],
                     KeySchema=[{"AttributeName": "pk", "KeyType": "HASH"}, {"AttributeName": "sk", "KeyType": "RANGE"}])
    yield name
    ddb.delete_table(TableName=name)


def test_empty_attribute_names_are_refused(ddb, names_table):
    t = names_table
    key = {"pk": {"S": "a"}, "sk": {"N": "1"}}
    kc = {"pk": {"ComparisonOperator": "EQ", "AttributeValueList": [{"S": "a"}]}}
    cases = [
        (ddb.put_item, dict(TableName=t, Item={**key, "": {"S": "x"}})),
        (ddb.put_item, dict(TableName=t, Item={**key, "doc": {"M": {"in": {"M": {"": {"N": "1"}}}}}})),
        (ddb.get_item, dict(TableName=t, Key={**key, "": {"S": "x"}})),
        (ddb.update_item, dict(TableName=t, Key=key, UpdateExpression="SET doc = :v",
                               ExpressionAttributeValues={":v": {"M": {"": {"S": "x"}}}})),
        (ddb.batch_write_item, dict(RequestItems={t: [{"PutRequest": {"Item": {**key, "": {"S": "x"}}}}]})),
        (ddb.transact_write_items, dict(TransactItems=[{"Put": {"TableName": t, "Item": {**key, "": {"S": "x"}}}}])),
        (ddb.get_item, dict(TableName=t, Key=key, AttributesToGet=[""])),
        (ddb.batch_get_item, dict(RequestItems={t: {"Keys": [key], "AttributesToGet": [""]}})),
        (ddb.update_item, dict(TableName=t, Key=key, AttributeUpdates={"": {"Action": "PUT", "Value": {"S": "x"}}})),
        (ddb.put_item, dict(TableName=t, Item=key, Expected={"": {"Exists": False}})),
        (ddb.query, dict(TableName=t, KeyConditions=kc, QueryFilter={"": {"ComparisonOperator": "NOT_NULL"}})),
        (ddb.scan, dict(TableName=t, ScanFilter={"": {"ComparisonOperator": "NULL"}})),
    ]
    for call, kwargs in cases:
        assert error_of(call, **kwargs) == ("ValidationException", EMPTY_NAME), (call.__name__, kwargs)
    assert error_of(ddb.get_item, TableName=t, Key=key, ProjectionExpression="#n", ExpressionAttributeNames={"#n": ""}) == (
        "ValidationException", "ExpressionAttributeNames contains invalid value: Empty attribute name for key #n")
    assert ddb.scan(TableName=t, Select="COUNT")["Count"] == 0


def test_attribute_names_past_65535_bytes_are_refused(ddb, names_table):
    t = names_table
    key = {"pk": {"S": "a"}, "sk": {"N": "1"}}
    kc = {"pk": {"ComparisonOperator": "EQ", "AttributeValueList": [{"S": "a"}]}}
    cases = [
        (ddb.put_item, dict(TableName=t, Item={**key, LONG: {"S": "x"}})),
        (ddb.update_item, dict(TableName=t, Key=key, UpdateExpression="SET #n = :v",
                               ExpressionAttributeNames={"#n": LONG}, ExpressionAttributeValues={":v": {"S": "x"}})),
        (ddb.get_item, dict(TableName=t, Key=key, ProjectionExpression="#n", ExpressionAttributeNames={"#n": LONG})),
        (ddb.get_item, dict(TableName=t, Key=key, AttributesToGet=[LONG])),
        (ddb.update_item, dict(TableName=t, Key=key, AttributeUpdates={LONG: {"Action": "PUT", "Value": {"S": "x"}}})),
        (ddb.put_item, dict(TableName=t, Item=key, Expected={LONG: {"Exists": False}})),
        (ddb.query, dict(TableName=t, KeyConditions=kc, QueryFilter={LONG: {"ComparisonOperator": "NOT_NULL"}})),
        (ddb.scan, dict(TableName=t, ScanFilter={LONG: {"ComparisonOperator": "NULL"}})),
    ]
    for call, kwargs in cases:
        assert error_of(call, **kwargs) == ("ValidationException", NAME_TOO_LARGE), call.__name__
    # 65,535 bytes are a name.
    ok = LONG[:-1]
    ddb.update_item(TableName=t, Key=key, UpdateExpression="SET #n = :v",
                    ExpressionAttributeNames={"#n": ok}, ExpressionAttributeValues={":v": {"S": "x"}})
    assert ddb.get_item(TableName=t, Key=key, AttributesToGet=[ok])["Item"] == {ok: {"S": "x"}}
