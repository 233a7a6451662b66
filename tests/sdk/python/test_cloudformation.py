"""The playground's AWS exports work with AWS's own tools: every gallery template's CloudFormation
template (YAML and JSON) passes cfn-lint, and its tables plus the seed script, run with the AWS CLI against
a fresh dynamodel-server, give back every item of the model.

The exports are written by the same Rust code the app uses (formats/examples/export_aws.rs)."""

import functools
import json
import os
import pathlib
import subprocess
import time

import pytest

from test_cli import aws

ROOT = pathlib.Path(__file__).resolve().parents[3]
GALLERY = ROOT / "engine" / "tests" / "data" / "models" / "gallery"
TEMPLATES = sorted(p.stem for p in GALLERY.glob("*.json"))
REGIONS = ["us-east-1"]


@pytest.fixture(scope="module")
def exporter():
    """tests/sdk/run.sh builds the exporter with the server; run by hand, pytest builds it."""
    built = os.environ.get("DYNAMODEL_EXPORT_AWS_BIN")
    if built:
        return pathlib.Path(built)
    subprocess.run(["cargo", "build", "--quiet", "-p", "dynamodel-formats", "--example", "export_aws"], cwd=ROOT, check=True)
    target = pathlib.Path(os.environ.get("CARGO_TARGET_DIR", ROOT / "target"))
    return target / "debug" / "examples" / "export_aws"


def export(exporter, slug, out):
    p = subprocess.run([str(exporter), str(GALLERY / f"{slug}.json"), str(out)], capture_output=True, text=True)
    assert p.returncode == 0, p.stderr
    return out


@functools.cache
def cfn_lint_rules():
    """cfn-lint's rules, loaded once per process (as `cfn-lint --regions us-east-1` loads them for each
    run, which costs more than linting a template)."""
    from cfnlint.config import ConfigMixIn
    from cfnlint.runner import Runner

    return Runner(ConfigMixIn([], regions=REGIONS)).rules


def cfn_lint(path):
    """What `cfn-lint --regions us-east-1 -- PATH` reports: the steps of `cfnlint.api.lint`, with the
    rules loaded once (`api.lint` loads them again for each template unless given a `RulesCollection`,
    and the runner's rules are not one: 1.5 s of every 1.8 s a template took)."""
    from cfnlint.config import ConfigMixIn
    from cfnlint.decode.decode import decode_str
    from cfnlint.runner import run_template_by_data

    template, errors = decode_str(path.read_text())
    if errors:
        return [str(m) for m in errors]
    return [str(m) for m in run_template_by_data(template, ConfigMixIn([], regions=REGIONS), cfn_lint_rules())]


def search_schema_mismatch(message, template):
    """cfn-lint's E3039 (1.58) compares AttributeDefinitions with the key schemas only, while DynamoDB
    requires every vector index SearchSchema attribute in AttributeDefinitions too: the message is
    dropped when the definitions are exactly the keys plus those attributes."""
    if not message.startswith("[E3039"):
        return False
    for resource in template["Resources"].values():
        p = resource["Properties"]
        schema = {e["AttributeName"] for v in p.get("VectorIndexes", []) for e in v.get("SearchSchema", [])}
        keys = {k["AttributeName"] for ks in [p["KeySchema"]] + [i["KeySchema"] for i in p.get("GlobalSecondaryIndexes", []) + p.get("LocalSecondaryIndexes", [])] for k in ks}
        if schema and {d["AttributeName"] for d in p["AttributeDefinitions"]} == keys | schema:
            return True
    return False


def create_input(props):
    """CloudFormation table properties back to CreateTable input (the fields a local server needs)."""
    keep = ["TableName", "AttributeDefinitions", "KeySchema", "BillingMode", "ProvisionedThroughput",
            "GlobalSecondaryIndexes", "LocalSecondaryIndexes", "VectorIndexes", "TableClass", "Tags"]
    inp = {k: props[k] for k in keep if k in props}
    if "StreamSpecification" in props:
        inp["StreamSpecification"] = {"StreamEnabled": True, **props["StreamSpecification"]}
    return inp


def unexpired(table):
    """The items a server still holds: like DynamoDB, it deletes an item once the number in its TTL
    attribute (epoch seconds) is in the past, and a sample's expiry date does pass (time-series)."""
    attr, now = table.get("timeToLive"), time.time()
    return [i for i in table["items"] if not (attr and "N" in i.get(attr, {}) and float(i[attr]["N"]) < now)]


def test_cfn_lint_finds_a_broken_template(exporter, tmp_path):
    """The lint below can fail: a table with an unknown billing mode and key type is reported."""
    pytest.importorskip("cfnlint", reason="cfn-lint did not install here")
    template = json.loads((export(exporter, TEMPLATES[0], tmp_path) / "model.cfn.json").read_text())
    props = next(iter(template["Resources"].values()))["Properties"]
    props["BillingMode"] = "SOMETIMES"
    props["KeySchema"][0]["KeyType"] = "HASHY"
    broken = tmp_path / "broken.cfn.json"
    broken.write_text(json.dumps(template))
    found = " ".join(cfn_lint(broken))
    assert "SOMETIMES" in found and "HASHY" in found, found


@pytest.mark.parametrize("slug", TEMPLATES)
def test_template_passes_cfn_lint(slug, exporter, tmp_path):
    out = export(exporter, slug, tmp_path)
    pytest.importorskip("cfnlint", reason="cfn-lint did not install here")
    template = json.loads((out / "model.cfn.json").read_text())
    for name in ["model.cfn.yaml", "model.cfn.json"]:
        assert [m for m in cfn_lint(out / name) if not search_schema_mismatch(m, template)] == [], f"cfn-lint {name}"
    import yaml  # installed with cfn-lint
    assert yaml.safe_load((out / "model.cfn.yaml").read_text()) == template, "the YAML says what the JSON says"


@pytest.mark.parametrize("slug", TEMPLATES)
def test_template_tables_and_seed_script_fill_a_server(slug, exporter, tmp_path, start_server):
    out = export(exporter, slug, tmp_path)
    template = json.loads((out / "model.cfn.json").read_text())
    server = start_server()
    assert server.endpoint, server.stderr
    model = json.loads((GALLERY / f"{slug}.json").read_text())
    for resource in template["Resources"].values():
        props = resource["Properties"]
        aws(server.endpoint, "create-table", "--cli-input-json", json.dumps(create_input(props)))
        ttl = props.get("TimeToLiveSpecification")
        if ttl:
            aws(server.endpoint, "update-time-to-live", "--table-name", props["TableName"],
                "--time-to-live-specification", json.dumps(ttl))
    # The seed script runs as a user runs it: sh, with the `aws` command.
    env = dict(os.environ, ENDPOINT=server.endpoint, AWS_ACCESS_KEY_ID="dynamodel", AWS_SECRET_ACCESS_KEY="dynamodel",
               AWS_DEFAULT_REGION="us-east-1")
    p = subprocess.run(["sh", str(out / "seed.sh")], capture_output=True, text=True, env=env)
    assert p.returncode == 0, p.stderr
    for table in model["tables"]:
        name = table["definition"]["TableName"]
        scanned = json.loads(aws(server.endpoint, "scan", "--table-name", name).stdout)["Items"]
        key = lambda i: json.dumps(i, sort_keys=True)
        assert sorted(map(key, scanned)) == sorted(map(key, unexpired(table))), name
        if table.get("timeToLive"):
            d = json.loads(aws(server.endpoint, "describe-time-to-live", "--table-name", name).stdout)
            assert d["TimeToLiveDescription"]["AttributeName"] == table["timeToLive"]
    batches = sorted((out / "batches").glob("*.json"))
    assert all(len(next(iter(json.loads(b.read_text()).values()))) <= 25 for b in batches)
