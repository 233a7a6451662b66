"""Every shared case file, replayed with boto3."""

import json
import re
import uuid

import pytest

from casefiles import run_case
from conftest import CASES

CASE_FILES = sorted(CASES.glob("*.json"))


@pytest.mark.parametrize("path", CASE_FILES, ids=[p.stem for p in CASE_FILES])
def test_case(path, ddb, streams):
    case = json.loads(path.read_text())
    nonce = uuid.uuid4().hex[:8]
    text = path.read_text()
    names = {n: f"{path.stem}_py_{n}_{nonce}" for n in set(re.findall(r"\$\{([A-Za-z0-9_]+)\}", text))}
    run_case(case, names, {"dynamodb": ddb, "streams": streams})


def test_there_are_cases():
    assert len(CASE_FILES) > 0
