"""The AWS CLI (`aws dynamodb --endpoint-url`) works unchanged."""

import contextlib
import io
import json
import subprocess

import pytest

try:
    from awscli.clidriver import create_clidriver
except ImportError:
    create_clidriver = None


def aws(endpoint, *args, check=True):
    """`aws dynamodb ARGS --endpoint-url ENDPOINT --output json`, run by the AWS CLI's own driver (what the
    `aws` command's entry point calls) inside this process: a new `aws` process spends about half a second
    of CPU starting Python and importing the CLI before it sends anything. The seed scripts and the
    generated commands (test_cloudformation.py, test_codegen.py) run the `aws` command itself."""
    if create_clidriver is None:
        pytest.fail("the AWS CLI is not installed (run tests/sdk/run.sh)")
    argv = ["dynamodb", *args, "--endpoint-url", endpoint, "--output", "json"]
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        rc = create_clidriver().main(argv)
    p = subprocess.CompletedProcess(["aws", *argv], rc, out.getvalue(), err.getvalue())
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


def test_cli_query_scan_and_auto_pagination(endpoint, table_name):
    aws(endpoint, "create-table", "--table-name", table_name, "--billing-mode", "PAY_PER_REQUEST",
        "--attribute-definitions", "AttributeName=pk,AttributeType=S", "AttributeName=sk,AttributeType=N",
        "--key-schema", "AttributeName=pk,KeyType=HASH", "AttributeName=sk,KeyType=RANGE")
    puts = [{"PutRequest": {"Item": {"pk": {"S": "p"}, "sk": {"N": str(i)}}}} for i in range(12)]
    out = json.loads(aws(endpoint, "batch-write-item", "--request-items", json.dumps({table_name: puts})).stdout)
    assert out["UnprocessedItems"] == {}
    # --page-size makes the CLI follow LastEvaluatedKey across six requests and merge the pages.
    scanned = json.loads(aws(endpoint, "scan", "--table-name", table_name, "--page-size", "2").stdout)
    assert scanned["Count"] == 12
    queried = json.loads(aws(endpoint, "query", "--table-name", table_name, "--key-condition-expression", "pk = :p AND sk >= :s",
                             "--expression-attribute-values", '{":p": {"S": "p"}, ":s": {"N": "10"}}', "--no-scan-index-forward").stdout)
    assert [i["sk"]["N"] for i in queried["Items"]] == ["11", "10"]
