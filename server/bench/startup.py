#!/usr/bin/env python3
"""Start-up time: from exec of dynamodel-server to its first answered request (GET /, the health check).
Repeats a few times and prints each figure and the median. Standard library only. Arguments after `--`
go to the server (e.g. `-- --state big.db` to time opening a state file).
   usage: server/bench/startup.py [BINARY] [RUNS] [-- SERVER_ARGS...]"""

import http.client
import os
import socket
import statistics
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
target = os.environ.get("CARGO_TARGET_DIR", os.path.join(ROOT, "target"))
args, server_args = sys.argv[1:], []
if "--" in args:
    server_args = args[args.index("--") + 1:]
    args = args[:args.index("--")]
binary = args[0] if len(args) > 0 else os.path.join(target, "release", "dynamodel-server")
runs = int(args[1]) if len(args) > 1 else 10
timeout = float(os.environ.get("STARTUP_TIMEOUT", "60"))


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def once():
    port = free_port()
    t0 = time.perf_counter()
    proc = subprocess.Popen([binary, "--port", str(port), *server_args], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        while True:
            try:
                conn = http.client.HTTPConnection("127.0.0.1", port, timeout=1)
                conn.request("GET", "/")
                status = conn.getresponse().status
                conn.close()
                if status == 200:
                    return (time.perf_counter() - t0) * 1000
            except OSError:
                time.sleep(0.0005)
            if time.perf_counter() - t0 > timeout:
                raise SystemExit(f"server did not answer within {timeout:.0f} s")
    finally:
        proc.terminate()
        proc.wait()


figures = [once() for _ in range(runs)]
print("start-up to first answered request (ms):", " ".join(f"{f:.1f}" for f in figures))
print(f"median {statistics.median(figures):.1f} ms, max {max(figures):.1f} ms")
