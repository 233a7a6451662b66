"""The playground's generated code runs: for each case the boto3 program and the AWS CLI command that
`codegen` writes are run against a `dynamodel-server` loaded with the e-commerce example, in order, and
must return exactly the items (and counts) the engine returned for the same request — which is what the
Query tab shows. Cases and code come from `cargo run -p dynamodel-codegen --example sdk_cases`."""

import json
import os
import pathlib
import shutil
import subprocess
import sys

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[3]
MODEL = ROOT / "engine" / "tests" / "data" / "models" / "ecommerce.json"


def load_cases():
    bin_path = os.environ.get("DYNAMODEL_CODEGEN_CASES_BIN")
    cmd = [bin_path] if bin_path else ["cargo", "run", "--quiet", "-p", "dynamodel-codegen", "--example", "sdk_cases"]
    out = subprocess.run(cmd, cwd=ROOT, capture_output=True, text=True, check=True)
    return json.loads(out.stdout)


def items_of(response):
    """What the UI shows of a response: its items and counts, without transport metadata."""
    keys = ["Items", "Item", "Attributes", "Responses", "Count", "ScannedCount", "LastEvaluatedKey"]
    return {k: response[k] for k in keys if k in response}


def run_boto3(code, endpoint):
    program = code.replace("__ENDPOINT__", endpoint)
    p = subprocess.run([sys.executable, "-c", program], capture_output=True, text=True)
    assert p.returncode == 0, f"boto3 code failed:\n{program}\n{p.stderr}"
    return json.loads(p.stdout)


def run_cli(command, endpoint):
    if shutil.which("aws") is None:
        pytest.fail("the aws CLI is not installed (run tests/sdk/run.sh)")
    line = command.replace("__ENDPOINT__", endpoint)
    env = dict(os.environ, AWS_ACCESS_KEY_ID="dynamodel", AWS_SECRET_ACCESS_KEY="dynamodel")
    p = subprocess.run(["sh", "-c", line.rstrip("\n") + " --output json"], capture_output=True, text=True, env=env)
    assert p.returncode == 0, f"CLI failed:\n{line}\n{p.stderr}"
    return json.loads(p.stdout)


@pytest.mark.parametrize("client", ["boto3", "cli"])
def test_generated_code_returns_the_engines_items(start_server, client):
    cases = load_cases()
    assert len(cases) >= 5
    s = start_server("--model", str(MODEL))
    assert s.endpoint, s.stderr
    for case in cases:
        got = run_boto3(case["boto3"], s.endpoint) if client == "boto3" else run_cli(case["cli"], s.endpoint)
        assert items_of(got) == items_of(case["expected"]), case["name"]
        assert items_of(case["expected"]), f"{case['name']}: the case returns something to compare"
