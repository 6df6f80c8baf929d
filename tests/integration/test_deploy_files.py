"""The files that run Fawn elsewhere, checked as far as this machine can (no container engine runs here):
the image installs what CI installs and its settings are ones Fawn reads; the compose file parses and
holds what it must; systemd's own `systemd-analyze verify` accepts the unit; Caddy's own `caddy validate`
accepts the Caddyfile (when a caddy binary is on PATH) and it forwards Fawn's paths; and a `fawn run`
started with the image's environment answers the image's health check."""
from __future__ import annotations

import os
import re
import shutil
import signal
import subprocess
import sys
from pathlib import Path

import pytest
import yaml

from bot.config import PageConfig, TelegramConfig, WebConfig, WeComConfig, load_config
from tests.integration.serving import free_port, wait_until_serving

ROOT = Path(__file__).resolve().parents[2]
DOCKERFILE = (ROOT / "Dockerfile").read_text()
AES_KEY = "abcdefghijklmnopqrstuvwxyz0123456789ABCDEFG"


def _instructions(name: str) -> list[str]:
    """The Dockerfile's instructions of one kind, continuation lines joined."""
    joined = re.sub(r"\\\n\s*", " ", DOCKERFILE)
    return [line.split(None, 1)[1] for line in joined.splitlines() if line.startswith(name + " ")]


def _image_environment() -> dict[str, str]:
    found: dict[str, str] = {}
    for line in _instructions("ENV"):
        found.update(dict(re.findall(r"(\w+)=(\S+)", line)))
    return found


def test_the_image_installs_what_ci_installs() -> None:
    makefile = (ROOT / "Makefile").read_text()
    recipe = makefile.split("$(STAMP):", 1)[1].split("\n\n", 1)[0]
    assert "pip install -q -r requirements.lock" in recipe and "pip install -q --no-deps -e ." in recipe
    runs = " ".join(_instructions("RUN"))
    assert "pip install -r requirements.lock" in runs and "pip install --no-deps ." in runs
    assert _instructions("FROM") == ["python:3.11-slim-bookworm"]             # CI's Python (pyproject: >=3.11)
    for copied in _instructions("COPY"):
        for source in copied.split()[:-1]:
            assert (ROOT / source).exists(), source


def test_the_image_runs_as_its_own_user_with_data_in_a_volume_and_a_health_check() -> None:
    assert _instructions("USER") == ["fawn"]
    assert _instructions("VOLUME") == ['["/data"]'] and _image_environment()["FAWN_DATA_DIR"] == "/data"
    assert _instructions("EXPOSE") == [_image_environment()["FAWN_WEB__PORT"]]
    assert _instructions("HEALTHCHECK")[0].endswith('CMD ["fawn", "health"]')
    assert _instructions("ENTRYPOINT") == ['["fawn"]'] and _instructions("CMD") == ['["run"]']


def test_the_images_settings_are_ones_fawn_reads(monkeypatch) -> None:
    for name, value in _image_environment().items():
        monkeypatch.setenv(name, value)
    config = load_config(None)
    assert config.data_dir == Path("/data") and config.photos_dir == Path("/data/photos")
    assert (config.web.host, config.web.port) == ("0.0.0.0", 8080)


def test_the_compose_file_runs_fawn_on_postgresql_with_its_data_in_a_volume() -> None:
    compose = yaml.safe_load((ROOT / "compose.yaml").read_text())
    fawn, postgres = compose["services"]["fawn"], compose["services"]["postgres"]
    assert fawn["build"] == "." and fawn["depends_on"]["postgres"]["condition"] == "service_healthy"
    url = fawn["environment"]["FAWN_DATABASE__URL"]
    assert url.startswith("postgresql+asyncpg://fawn:") and url.endswith("@postgres:5432/fawn")
    assert postgres["environment"]["POSTGRES_DB"] == "fawn" and postgres["environment"]["POSTGRES_USER"] == "fawn"
    assert "pg_isready" in " ".join(postgres["healthcheck"]["test"])
    assert "fawn-data:/data" in fawn["volumes"] and set(compose["volumes"]) == {"fawn-data", "postgres-data"}
    assert fawn["ports"] == ["127.0.0.1:8080:8080"] and fawn["restart"] == postgres["restart"] == "unless-stopped"
    assert fawn["env_file"] == ".env" and (ROOT / "deploy" / "fawn.env.example").exists()


def test_systemd_accepts_the_unit(tmp_path) -> None:
    if shutil.which("systemd-analyze") is None:
        pytest.skip("systemd-analyze is not installed here")
    unit = (ROOT / "deploy" / "fawn.service").read_text()
    assert "ExecStart=/opt/fawn/bin/fawn run --config /etc/fawn/config.toml" in unit
    assert "StateDirectory=fawn" in unit and "Environment=FAWN_DATA_DIR=/var/lib/fawn" in unit
    here = tmp_path / "fawn.service"                # the same unit, with this machine's fawn as its program
    here.write_text(unit.replace("/opt/fawn/bin/fawn", str(Path(sys.executable).with_name("fawn"))))
    done = subprocess.run(["systemd-analyze", "verify", str(here)], capture_output=True, text=True, timeout=60)
    assert done.returncode == 0 and not done.stderr.strip(), done.stderr


def test_the_caddyfile_forwards_fawns_paths_to_its_web_server() -> None:
    caddyfile = (ROOT / "deploy" / "Caddyfile").read_text()
    paths = re.search(r"@fawn path (.+)", caddyfile).group(1).split()
    page = PageConfig().path
    assert set(paths) == {TelegramConfig().webhook_path, WeComConfig().callback_path, page, f"{page}/*"}
    assert f"reverse_proxy 127.0.0.1:{WebConfig().port}" in caddyfile
    caddy = shutil.which("caddy")
    if caddy is not None:                           # Caddy's own check, where Caddy is installed
        done = subprocess.run([caddy, "validate", "--adapter", "caddyfile", "--config", str(ROOT / "deploy" /
                                                                                           "Caddyfile")],
                              capture_output=True, text=True, timeout=60)
        assert done.returncode == 0, done.stderr


@pytest.mark.slow
async def test_fawn_run_with_the_images_environment_answers_the_images_health_check(tmp_path) -> None:
    port = free_port()
    environment = {**os.environ, **_image_environment(), "FAWN_DATA_DIR": str(tmp_path / "data"),
                   "FAWN_WEB__PORT": str(port), "FAWN_WECOM__TOKEN": "token", "FAWN_WECOM__ENCODING_AES_KEY": AES_KEY,
                   "PATH": f"{Path(sys.executable).parent}:{os.environ.get('PATH', '')}"}
    process = subprocess.Popen(["fawn", "run"], env=environment, cwd=tmp_path, stdout=subprocess.DEVNULL,
                               stderr=subprocess.PIPE, text=True)
    try:
        await wait_until_serving(f"http://127.0.0.1:{port}", attempts=600)
        health = subprocess.run(["fawn", "health"], env=environment, capture_output=True, text=True, timeout=30)
        assert health.returncode == 0 and health.stdout.strip() == f"http://127.0.0.1:{port}/healthz: ok"
    finally:
        process.send_signal(signal.SIGTERM)
        stderr = process.communicate(timeout=30)[1]
    assert process.returncode == 0, stderr
    assert (tmp_path / "data" / "fawn.db").exists()
    assert subprocess.run(["fawn", "health"], env=environment, capture_output=True, timeout=30).returncode == 1
