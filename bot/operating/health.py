"""`fawn health [--config FILE] [--port N]`: ask a running `fawn run` for /healthz — the container's health
check, and a quick look for anyone. Exit 0 when it answers "ok", 1 otherwise (one line saying why)."""
from __future__ import annotations

import argparse
import sys
import urllib.error
import urllib.request

from bot.config import load_config

TIMEOUT_S = 4.0


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="fawn health", description="ask a running fawn run for /healthz")
    parser.add_argument("--config", help="config.toml of that fawn run (its [web] port; FAWN_* overrides)")
    parser.add_argument("--port", type=int, help="its port (default: the config's [web] port, 8080)")
    args = parser.parse_args(argv)
    try:
        web = load_config(args.config).web
    except (FileNotFoundError, ValueError) as problem:
        print(f"fawn health: {problem}", file=sys.stderr)
        return 1
    host = "127.0.0.1" if web.host in ("0.0.0.0", "", "::") else web.host
    url = f"http://{host if ':' not in host else f'[{host}]'}:{args.port or web.port}/healthz"
    try:
        with urllib.request.urlopen(url, timeout=TIMEOUT_S) as answer:
            said = answer.read(64).decode("ascii", "replace").strip()
    except (urllib.error.URLError, OSError) as problem:
        print(f"fawn health: {url}: {getattr(problem, 'reason', problem)}", file=sys.stderr)
        return 1
    print(f"{url}: {said}")
    return 0 if said == "ok" else 1
