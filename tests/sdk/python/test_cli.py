"""The AWS CLI (`aws dynamodb --endpoint-url`) works unchanged."""

import json
import os
import shutil
import subprocess

import pytest

AWS = shutil.which("aws")


def aws(endpoint, *args, check=True):
    if AWS is None:
        pytest.fail("the aws CLI is not installed (run tests/sdk/run.sh)")
    env = dict(os.environ, AWS_ACCESS_KEY_ID="dynamodel", AWS_SECRET_ACCESS_KEY="dynamodel", AWS_DEFAULT_REGION="us-east-1")
    p = subprocess.run([AWS, "dynamodb", *args, "--endpoint-url", endpoint, "--output", "json"], capture_output=True, text=True, env=env)
    if check and p.returncode != 0:
        pytest.fail(f"aws {' '.join(args)} failed ({p.returncode}): {p.stderr}")
    return p


def test_cli_round_trip(endpoint, table_name):
    aws(endpoint, "create-table", "--table-name", table_name, "--billing-mode", "PAY_PER_REQUEST",
        "--attribute-definitions", "AttributeName=pk,AttributeType=S", "--key-schema", "AttributeName=pk,KeyType=HASH")
    tables = json.loads(aws(endpoint, "list-tables").stdout)["TableNames"]
    assert table_name in tables
    aws(endpoint, "put-item", "--table-name", table_name, "--item", '{"pk": {"S": "k"}, "n": {"N": "42"}}')
    got = json.loads(aws(endpoint, "get-item", "--table-name", table_name, "--key", '{"pk": {"S": "k"}}').stdout)
    assert got["Item"] == {"pk": {"S": "k"}, "n": {"N": "42"}}
    desc = json.loads(aws(endpoint, "describe-table", "--table-name", table_name).stdout)
    assert desc["Table"]["TableName"] == table_name


def test_cli_reports_dynamodb_errors(endpoint):
    p = aws(endpoint, "get-item", "--table-name", "no_such_table_cli", "--key", '{"pk": {"S": "k"}}', check=False)
    assert p.returncode != 0
    assert "ResourceNotFoundException" in p.stderr
