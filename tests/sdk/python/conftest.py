"""Fixtures shared by the SDK suites: the endpoint started by run.sh, clients, and a way to start extra
servers (persistence tests need their own process)."""

import os
import pathlib
import subprocess
import time
import uuid

import boto3
import botocore.config
import pytest

HERE = pathlib.Path(__file__).resolve().parent
CASES = HERE.parent / "cases"


def _endpoint():
    url = os.environ.get("DYNAMODEL_ENDPOINT")
    if not url:
        pytest.exit("DYNAMODEL_ENDPOINT is not set: run tests/sdk/run.sh", returncode=2)
    return url


def make_client(endpoint, service="dynamodb", **config):
    """A client of the server under test; `config` overrides botocore settings (retries, validation)."""
    settings = {"retries": {"max_attempts": 1}, "max_pool_connections": 64, **config}
    return boto3.client(
        service,
        endpoint_url=endpoint,
        region_name="us-east-1",
        aws_access_key_id="dynamodel",
        aws_secret_access_key="dynamodel",
        config=botocore.config.Config(**settings),
    )


@pytest.fixture(scope="session")
def endpoint():
    return _endpoint()


@pytest.fixture(scope="session")
def ddb(endpoint):
    return make_client(endpoint)


@pytest.fixture(scope="session")
def streams(endpoint):
    return make_client(endpoint, "dynamodbstreams")


@pytest.fixture()
def table_name():
    return "py_" + uuid.uuid4().hex[:12]


class ServerProcess:
    """An extra server on a free port (for state-file and model tests)."""

    def __init__(self, *args):
        binary = os.environ.get("DYNAMODEL_SERVER_BIN")
        if not binary:
            pytest.exit("DYNAMODEL_SERVER_BIN is not set: run tests/sdk/run.sh", returncode=2)
        self.proc = subprocess.Popen(
            [binary, "--port", "0", *args], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True
        )
        line = self.proc.stdout.readline().strip()
        if not line.startswith("listening on "):
            err = self.proc.stderr.read()
            self.proc.wait()
            self.returncode = self.proc.returncode
            self.stderr = err
            self.endpoint = None
            return
        self.endpoint = line[len("listening on "):]
        self.returncode = None
        self.stderr = ""

    def client(self):
        return make_client(self.endpoint)

    def stop(self):
        """SIGTERM: a graceful stop."""
        self.proc.terminate()
        self.proc.wait(timeout=10)

    def crash(self):
        """SIGKILL: no chance to flush anything."""
        self.proc.kill()
        self.proc.wait(timeout=10)


@pytest.fixture()
def start_server():
    started = []

    def start(*args):
        s = ServerProcess(*args)
        started.append(s)
        return s

    yield start
    for s in started:
        if s.proc.poll() is None:
            s.proc.kill()
            s.proc.wait()


def wait_until(predicate, timeout=5.0):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if predicate():
            return True
        time.sleep(0.02)
    return False
