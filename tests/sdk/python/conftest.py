"""Fixtures shared by the SDK suites: the server under test, clients, and a way to start extra servers.

Every test that talks to a server runs twice, once per server mode: `memory` (no flags) and `state`
(`--state` on a fresh file). `DYNAMODEL_SDK_MODES=memory` (or `state`) runs one mode only. Each pytest
process (each pytest-xdist worker) starts servers of its own, so workers share nothing."""

import os
import pathlib
import subprocess
import time
import uuid

import boto3
import botocore.config
import pytest

HERE = pathlib.Path(__file__).resolve().parent
# The AWS CLI (run in this process by test_cli.aws, and as a command by the seed scripts and the generated
# commands) reads its credentials and region from the environment; tests/sdk/run.sh sets them too.
for _name, _value in {"AWS_ACCESS_KEY_ID": "dynamodel", "AWS_SECRET_ACCESS_KEY": "dynamodel",
                      "AWS_DEFAULT_REGION": "us-east-1", "AWS_EC2_METADATA_DISABLED": "true"}.items():
    os.environ.setdefault(_name, _value)
CASES = HERE.parent / "cases"
MODES = ("memory", "state")


def _modes():
    wanted = [m.strip() for m in os.environ.get("DYNAMODEL_SDK_MODES", ",".join(MODES)).split(",") if m.strip()]
    unknown = sorted(set(wanted) - set(MODES))
    if unknown or not wanted:
        raise pytest.UsageError(f"DYNAMODEL_SDK_MODES: expected a comma-separated subset of {MODES}, got {wanted}")
    return wanted


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


class ServerProcess:
    """A dynamodel-server on a free port."""

    def __init__(self, *args):
        binary = os.environ.get("DYNAMODEL_SERVER_BIN")
        if not binary:
            pytest.exit("DYNAMODEL_SERVER_BIN is not set: run tests/sdk/run.sh", returncode=2)
        self.args = args
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


@pytest.fixture(scope="session", params=_modes())
def server_mode(request):
    """`memory` or `state`: every fixture below that starts a server depends on it."""
    return request.param


def mode_args(mode, args, tmp_path_factory):
    """The flags a server gets in `mode`: in `state` mode a fresh state file (a path in a new directory,
    where no file exists yet), unless the test names one."""
    if mode == "state" and "--state" not in args:
        return ("--state", str(tmp_path_factory.mktemp("state") / "dynamodel.state"), *args)
    return args


@pytest.fixture(scope="session")
def server(server_mode, tmp_path_factory):
    """The server most tests share (one per mode and per pytest process); tables get unique names."""
    s = ServerProcess(*mode_args(server_mode, (), tmp_path_factory))
    if not s.endpoint:
        pytest.exit(f"dynamodel-server ({server_mode}) did not start: {s.stderr}", returncode=3)
    yield s
    if s.proc.poll() is None:
        s.stop()


@pytest.fixture(scope="session")
def endpoint(server):
    return server.endpoint


@pytest.fixture(scope="session")
def ddb(endpoint):
    return make_client(endpoint)


@pytest.fixture(scope="session")
def streams(endpoint):
    return make_client(endpoint, "dynamodbstreams")


@pytest.fixture()
def table_name():
    return "py_" + uuid.uuid4().hex[:12]


@pytest.fixture()
def start_server(server_mode, tmp_path_factory):
    """Start extra servers for one test (flags of their own, restarts, crashes), in the test's mode."""
    started = []

    def start(*args):
        s = ServerProcess(*mode_args(server_mode, args, tmp_path_factory))
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
