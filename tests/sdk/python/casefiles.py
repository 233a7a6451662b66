"""Replays the shared case files (tests/sdk/cases/*.json) with boto3."""

import base64
import datetime
import json
import re

import botocore.exceptions
from botocore import xform_name

PLACEHOLDER = re.compile(r"\$\{([A-Za-z0-9_]+)\}")


def substitute(value, names):
    if isinstance(value, str):
        return PLACEHOLDER.sub(lambda m: names[m.group(1)], value)
    if isinstance(value, list):
        return [substitute(v, names) for v in value]
    if isinstance(value, dict):
        return {substitute(k, names): substitute(v, names) for k, v in value.items()}
    return value


def to_sdk(value):
    """Case JSON -> boto3 input: base64 `B`/`BS` values become bytes."""
    if isinstance(value, dict):
        if len(value) == 1 and isinstance(value.get("B"), str):
            return {"B": base64.b64decode(value["B"])}
        if len(value) == 1 and isinstance(value.get("BS"), list) and all(isinstance(b, str) for b in value["BS"]):
            return {"BS": [base64.b64decode(b) for b in value["BS"]]}
        return {k: to_sdk(v) for k, v in value.items()}
    if isinstance(value, list):
        return [to_sdk(v) for v in value]
    return value


def from_sdk(value):
    """boto3 output -> case JSON: bytes back to base64, datetimes to epoch seconds."""
    if isinstance(value, (bytes, bytearray)):
        return base64.b64encode(value).decode()
    if isinstance(value, datetime.datetime):
        return value.timestamp()
    if isinstance(value, dict):
        return {k: from_sdk(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [from_sdk(v) for v in value]
    return value


def mismatch(expected, actual, path="$"):
    """None when `actual` matches the subset pattern `expected`, else a description."""
    if expected == "$any":
        return None if actual is not None else f"{path}: missing"
    if isinstance(expected, dict) and list(expected) == ["$contains"]:
        if not isinstance(actual, list):
            return f"{path}: expected a list, got {json.dumps(actual)}"
        for e in expected["$contains"]:
            if all(mismatch(e, a) for a in actual):
                return f"{path}: {json.dumps(e)} not in {json.dumps(actual)[:300]}"
        return None
    if isinstance(expected, dict):
        if not isinstance(actual, dict):
            return f"{path}: expected an object, got {json.dumps(actual)}"
        for k, v in expected.items():
            if v == "$absent":
                if k in actual:
                    return f"{path}.{k}: expected absent, got {json.dumps(actual[k])}"
                continue
            if k not in actual:
                return f"{path}.{k}: missing (have {sorted(actual)})"
            m = mismatch(v, actual[k], f"{path}.{k}")
            if m:
                return m
        return None
    if isinstance(expected, list):
        if not isinstance(actual, list) or len(actual) != len(expected):
            return f"{path}: expected {json.dumps(expected)}, got {json.dumps(actual)}"
        for i, (e, a) in enumerate(zip(expected, actual)):
            m = mismatch(e, a, f"{path}[{i}]")
            if m:
                return m
        return None
    return None if expected == actual else f"{path}: expected {json.dumps(expected)}, got {json.dumps(actual)}"


def lookup(value, path):
    """Follow a dotted path (`Streams.0.StreamArn`) through an output."""
    for part in path.split("."):
        value = value[int(part)] if isinstance(value, list) else value[part]
    return value


def run_case(case, names, clients):
    for i, step in enumerate(case["steps"]):
        step = substitute(step, names)
        where = f"step {i} ({step['action']})"
        client = clients[step.get("service", "dynamodb")]
        call = getattr(client, xform_name(step["action"]))
        try:
            out = from_sdk(call(**to_sdk(step.get("input", {}))))
        except botocore.exceptions.ClientError as e:
            err = step.get("error")
            got = e.response.get("Error", {})
            if err is None:
                raise AssertionError(f"{where}: unexpected {got.get('Code')}: {got.get('Message')}") from e
            actual = {"code": got.get("Code")}
            if "message" in err:
                actual["message"] = got.get("Message")
            if "item" in err:
                actual["item"] = from_sdk(e.response.get("Item"))
            if "reasons" in err:
                actual["reasons"] = from_sdk(e.response.get("CancellationReasons"))
            m = mismatch(err, actual)
            assert m is None, f"{where}: {m}"
            continue
        assert "error" not in step, f"{where}: expected {step['error']['code']}, got success {json.dumps(out)[:400]}"
        if "expect" in step:
            m = mismatch(step["expect"], out)
            assert m is None, f"{where}: {m}"
        for name, path in step.get("capture", {}).items():
            try:
                names[name] = str(lookup(out, path))
            except (KeyError, IndexError, ValueError, TypeError):
                raise AssertionError(f"{where}: nothing at {path} to capture in {json.dumps(out)[:400]}")
