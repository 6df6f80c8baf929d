"""`fawn run` with the WeCom AI bot in callback mode and personal WeChat configured: one web server
serves WeCom's callbacks, the iLink poller answers personal WeChat, and someone who asks to join from WeCom
with the family code of a parent who /started in WeChat is let in by her (a numbered choice) and finds the
same family."""
from __future__ import annotations

import asyncio
import re
from datetime import UTC, datetime

import httpx

from bot.channels.wechat.ilink.store import Credentials, credentials_path, save_credentials
from bot.composition import run
from bot.config import load_config
from tests.fakes.ilink_api import BOT_ID, BOT_TOKEN, FakeILinkApi, user_text
from tests.fakes.wecom_api import AES_KEY, TOKEN, WeComSide, text_body
from tests.integration.serving import free_port, wait_until_serving


async def test_fawn_run_serves_wecom_callbacks_and_personal_wechat_in_one_family(tmp_path, monkeypatch):
    ilink = FakeILinkApi()
    await ilink.start()
    port = free_port()
    data = tmp_path / "data"
    save_credentials(credentials_path(data / "wechat", "default"),
                     Credentials(token=BOT_TOKEN, bot_id=BOT_ID, base_url=ilink.base_url))
    (tmp_path / "config.toml").write_text(
        f'data_dir = "{data}"\n[web]\nport = {port}\n[wecom]\nmode = "callback"\nbot_name = "Fawn"\n'
        f'[wechat]\nenabled = true\n')
    monkeypatch.setenv("FAWN_WECOM__TOKEN", TOKEN)
    monkeypatch.setenv("FAWN_WECOM__ENCODING_AES_KEY", AES_KEY)
    stop = asyncio.Event()
    running = asyncio.create_task(run(load_config(tmp_path / "config.toml"), stop))
    wecom = WeComSide()
    try:
        await ilink.queue_batch(user_text("wx-mom", "/start", context_token="ctx-1", at=datetime.now(UTC)))
        await ilink.wait_for("sendmessage", 1, timeout=30)
        await ilink.queue_batch(user_text("wx-mom", "邀请家人", context_token="ctx-2", at=datetime.now(UTC)))
        (_, invite) = await ilink.wait_for("sendmessage", 2, timeout=30)
        code = re.search(r"[A-Z2-9]{8}", text_of(invite)).group(0)
        await wait_until_serving(f"http://127.0.0.1:{port}")
        async with httpx.AsyncClient(base_url=f"http://127.0.0.1:{port}") as client:
            query, payload = wecom.callback(text_body("w-1", f"加入 {code}", userid="dad.li"))
            joined = await client.post("/wecom/callback", params=query, json=payload)
            announced = (await ilink.wait_for("sendmessage", 3, timeout=30))[-1]      # mom is asked
            await ilink.queue_batch(user_text("wx-mom", "1", context_token="ctx-3", at=datetime.now(UTC)))
            answered = (await ilink.wait_for("sendmessage", 4, timeout=30))[-1]       # 1: as a parent
            query, payload = wecom.callback(text_body("w-2", "今天喝了多少奶？", userid="dad.li"))
            asked = await client.post("/wecom/callback", params=query, json=payload)
    finally:
        stop.set()
        await asyncio.wait_for(running, 10)
        await ilink.stop()
    assert joined.status_code == 200 and "家长" in str(wecom.read_reply(joined.json()))
    assert "dad.li" in text_of(announced) and "dad.li" in text_of(answered)
    assert asked.status_code == 200 and "今天" in str(wecom.read_reply(asked.json()))


def text_of(sent) -> str:
    return sent.body["msg"]["item_list"][0]["text_item"]["text"]
