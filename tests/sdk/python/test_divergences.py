"""DynamoDB's answers that botocore would refuse to send (a Limit of 0, an empty TimeToLive attribute name:
under the API model's minimums), sent with client-side validation off, and the 4 MB transaction limit, whose
request is too large for a case file. The rest of these answers are the shared case file
cases/divergences.json."""

import botocore.exceptions
import pytest

from conftest import make_client


@pytest.fixture(scope="module")
def raw(endpoint):
    return make_client(endpoint, parameter_validation=False)


def error_of(call, **kwargs):
    with pytest.raises(botocore.exceptions.ClientError) as e:
        call(**kwargs)
    err = e.value.response["Error"]
    return err["Code"], err["Message"]


@pytest.fixture()
def table(raw, table_name):
    raw.create_table(TableName=table_name, BillingMode="PAY_PER_REQUEST",
                     AttributeDefinitions=[{"AttributeName": "pk", "AttributeType": "S"}],
                     KeySchema=[{"AttributeName": "pk", "KeyType": "HASH"}])
    return table_name


def test_limit_zero_names_the_value(raw, table):
    assert error_of(raw.query, TableName=table, KeyConditionExpression="pk = :p",
                    ExpressionAttributeValues={":p": {"S": "a"}}, Limit=0) == (
        "ValidationException",
        "1 validation error detected: Value '0' at 'limit' failed to satisfy constraint: "
        "Member must have value greater than or equal to 1")


def test_empty_time_to_live_attribute_is_the_length_constraint(raw, table):
    assert error_of(raw.update_time_to_live, TableName=table,
                    TimeToLiveSpecification={"Enabled": True, "AttributeName": ""}) == (
        "ValidationException",
        "1 validation error detected: Value '' at 'timeToLiveSpecification.attributeName' failed to satisfy "
        "constraint: Member must have length greater than or equal to 1")


def test_a_transaction_over_4_mb_is_refused_and_writes_nothing(raw, table):
    items = [{"Put": {"TableName": table, "Item": {"pk": {"S": f"big{i}"}, "v": {"S": "x" * 400_000}}}}
             for i in range(11)]
    assert error_of(raw.transact_write_items, TransactItems=items) == (
        "ValidationException", "The aggregate size of the items in the transaction cannot exceed 4 MB")
    assert raw.scan(TableName=table, Select="COUNT")["Count"] == 0
