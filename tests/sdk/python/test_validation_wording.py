"""Requests botocore refuses before sending (an empty TableName or RequestItems is under the API model's
minimum), sent with client-side validation off so the server's answer is what is checked: DynamoDB's
validation-framework wording as us-east-1 answers it (paritysuite's registry/splits.json and
captures/2026-10-07-batch-empty-request-items.json; nubo-db/dynamodb-conformance's exact-message tests)."""

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
