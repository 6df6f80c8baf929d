"""`fawn run` as a newcomer starts it: config file + token from the environment, long polling — and
/healthz answering, though no route needs a web server."""
from __future__ import annotations

import asyncio

import httpx

from bot.composition import run
from bot.config import load_config
from tests.integration.serving import free_port, wait_until_serving
from tests.integration.telegram.updates import text_message


async def test_fawn_run_polls_and_answers_with_only_a_token(fake_api, tmp_path, monkeypatch, clock):
    config_file, port = tmp_path / "config.toml", free_port()
    config_file.write_text(f'data_dir = "{tmp_path / "data"}"\n[web]\nport = {port}\n[telegram]\nmode = "polling"\n'
                           f'base_url = "{fake_api.base_url}"\nbase_file_url = "{fake_api.base_file_url}"\n')
    monkeypatch.setenv("FAWN_TELEGRAM__TOKEN", fake_api.token)
    config = load_config(config_file)
    stop = asyncio.Event()
    running = asyncio.create_task(run(config, stop))
    await fake_api.push_update(text_message("/start", at=clock()))
    await fake_api.push_update(text_message("刚刚喝了91ml配方奶", at=clock()))
    calls = await fake_api.wait_for_call("sendMessage", count=2, timeout=15)
    await wait_until_serving(f"http://127.0.0.1:{port}")
    async with httpx.AsyncClient(base_url=f"http://127.0.0.1:{port}") as client:
        health = await client.get("/healthz")
    assert health.status_code == 200 and health.text == "ok"
    await fake_api.release_long_polls()
    stop.set()
    await asyncio.wait_for(running, 10)
    assert "91" in calls[1].params["text"] and calls[1].params.get("reply_markup")
    assert (tmp_path / "data" / "fawn.db").exists()
    assert fake_api.token not in repr(config)   # secrets never show in a repr or a log line
