"""What the person who runs Fawn sees: `fawn --version`; one line — not a traceback — for a port in use, a
database or a login server out of reach. (/healthz with polling only: tests/integration/telegram/
test_telegram_fawn_run.py.)"""
from __future__ import annotations

import socket
import subprocess
import sys
from pathlib import Path

from storage.migrate import head_revision
from tests.integration.serving import free_port

ROOT = Path(__file__).resolve().parents[2]


def fawn(*argv: str, env: dict[str, str] | None = None, cwd: Path | None = None) -> subprocess.CompletedProcess:
    """The console script in a process of its own, as an operator runs it."""
    environment = {"PATH": "/usr/bin:/bin", "PYTHONPATH": str(ROOT), "HOME": str(cwd or ROOT), **(env or {})}
    return subprocess.run([sys.executable, "-m", "bot.cli", *argv], capture_output=True, text=True, timeout=60,
                          env=environment, cwd=cwd or ROOT)


def test_fawn_version_names_the_package_and_its_newest_migration() -> None:
    done = fawn("--version")
    assert done.returncode == 0 and done.stdout.startswith("fawn 0.") and f"schema {head_revision()}" in done.stdout


def test_a_port_in_use_is_one_line_and_nothing_starts(tmp_path) -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        port = taken.getsockname()[1]
        config = tmp_path / "config.toml"
        config.write_text(f'data_dir = "{tmp_path / "data"}"\n[web]\nport = {port}\n'
                          f'[telegram]\nbase_url = "http://127.0.0.1:{free_port()}/bot"\n')
        done = fawn("run", "--config", str(config), env={"FAWN_TELEGRAM__TOKEN": "1:x"}, cwd=tmp_path)
    assert done.returncode == 1
    assert done.stderr.splitlines() == [f"fawn run: cannot listen on 127.0.0.1:{port}: the port is in use by another "
                                        "program — stop it, or set [web] port (FAWN_WEB__PORT)"]
    assert not (tmp_path / "data" / "fawn.db").exists()       # nothing started: not even the database


def test_an_unreachable_database_is_one_line(tmp_path) -> None:
    down = free_port()
    config = tmp_path / "config.toml"
    config.write_text(f'data_dir = "{tmp_path / "data"}"\n[web]\nport = {free_port()}\n[database]\n'
                      f'url = "postgresql+asyncpg://fawn:s3cret-pw@127.0.0.1:{down}/fawn"\n')
    done = fawn("run", "--config", str(config), env={"FAWN_TELEGRAM__TOKEN": "1:x"}, cwd=tmp_path)
    assert done.returncode == 1 and len(done.stderr.splitlines()) == 1
    assert done.stderr.startswith(f"fawn run: cannot reach the database at postgresql+asyncpg://fawn:***@127.0.0.1:"
                                  f"{down}/fawn: ") and "s3cret-pw" not in done.stderr
    upgrade = fawn("db", "upgrade", "--url", f"postgresql+asyncpg://fawn@127.0.0.1:{down}/fawn", cwd=tmp_path)
    assert upgrade.returncode == 1 and len(upgrade.stderr.splitlines()) == 1 and "cannot reach" in upgrade.stderr


def test_an_unreachable_login_server_is_one_line(tmp_path) -> None:
    down = free_port()
    done = fawn("wechat", "login", "--base-url", f"http://127.0.0.1:{down}", cwd=tmp_path)
    assert done.returncode == 1 and len(done.stderr.splitlines()) == 1
    assert done.stderr.startswith(f"fawn wechat login: cannot reach the login server at http://127.0.0.1:{down}: ")
