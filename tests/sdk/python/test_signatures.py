"""`--credentials KEY:SECRET`: signatures are verified as DynamoDB verifies them — the right secret
works, anything else gets DynamoDB's authentication errors."""

import boto3
import botocore.config
import botocore.exceptions
import pytest

KEY, SECRET = "AKIDDYNAMODEL", "s3cr3t/with+chars"


def client(endpoint, key=KEY, secret=SECRET, region="us-east-1"):
    return boto3.client("dynamodb", endpoint_url=endpoint, region_name=region, aws_access_key_id=key,
                        aws_secret_access_key=secret, config=botocore.config.Config(retries={"max_attempts": 1}))


@pytest.fixture()
def strict(start_server):
    s = start_server("--credentials", f"{KEY}:{SECRET}", "--credentials", "OTHERKEY:other")
    assert s.endpoint, s.stderr
    return s


def error_of(call):
    with pytest.raises(botocore.exceptions.ClientError) as e:
        call()
    return e.value.response["Error"]


def test_correctly_signed_requests_pass(strict):
    c = client(strict.endpoint)
    c.create_table(TableName="signed", BillingMode="PAY_PER_REQUEST",
                   AttributeDefinitions=[{"AttributeName": "pk", "AttributeType": "S"}],
                   KeySchema=[{"AttributeName": "pk", "KeyType": "HASH"}])
    c.put_item(TableName="signed", Item={"pk": {"S": "a b+c/ü"}, "v": {"S": "x" * 5000}})
    assert client(strict.endpoint, "OTHERKEY", "other").get_item(TableName="signed", Key={"pk": {"S": "a b+c/ü"}})["Item"]


def test_wrong_secret(strict):
    err = error_of(lambda: client(strict.endpoint, secret="nope").list_tables())
    assert err["Code"] == "InvalidSignatureException"
    assert err["Message"].startswith("The request signature we calculated does not match the signature you provided.")


def test_unknown_access_key(strict):
    err = error_of(lambda: client(strict.endpoint, key="AKIDUNKNOWN").list_tables())
    assert err == {"Code": "UnrecognizedClientException", "Message": "The security token included in the request is invalid."}


def test_wrong_region(strict):
    err = error_of(lambda: client(strict.endpoint, region="eu-west-1").list_tables())
    assert err == {"Code": "InvalidSignatureException", "Message": "Credential should be scoped to a valid region, not 'eu-west-1'."}


def test_any_credentials_by_default(endpoint):
    assert "TableNames" in client(endpoint, "anything", "goes").list_tables()
