#!/usr/bin/env python3
"""Start-up time: from exec of dynamodel-server to its first answered request (GET /, the health check).
Repeats a few times and prints each figure and the median. Standard library only.
   usage: server/bench/startup.py [BINARY] [RUNS]"""

import http.client
import os
import socket
import statistics
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
target = os.environ.get("CARGO_TARGET_DIR", os.path.join(ROOT, "target"))
binary = sys.argv[1] if len(sys.argv) > 1 else os.path.join(target, "release", "dynamodel-server")
runs = int(sys.argv[2]) if len(sys.argv) > 2 else 10


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def once():
    port = free_port()
    t0 = time.perf_counter()
    proc = subprocess.Popen([binary, "--port", str(port)], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
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
            if time.perf_counter() - t0 > 5:
                raise SystemExit("server did not answer within 5 s")
    finally:
        proc.terminate()
        proc.wait()


figures = [once() for _ in range(runs)]
print("start-up to first answered request (ms):", " ".join(f"{f:.1f}" for f in figures))
print(f"median {statistics.median(figures):.1f} ms, max {max(figures):.1f} ms")
