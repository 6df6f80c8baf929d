"""`fawn run` in WeCom callback mode as a real process, SIGKILLed in the middle of a callback, as
tests/integration/test_crash_redelivery.py does for Telegram.

The simulated WeCom behaves as WeCom documents its callbacks: it waits about five seconds for an answer
and tries again on a timeout or a failed connection (three times; the generic callback rule of
developer.work.weixin.qq.com, quoted in GentleCP/corpwechatbot#25), never after an answer; a response_url
takes one call (path 101138). Two kills:

- during a slow model turn (the [chat] model hangs): the callback was kept in the inbox and acknowledged;
  the restarted process finishes it and answers through the callback's response_url — once;
- while a write lock keeps the callback from being stored: nothing was acknowledged, WeCom tries again
  after the restart, and the message is answered — once.
"""
from __future__ import annotations

import sqlite3

import httpx
import pytest

from tests.fakes.openai_api import HANG, FakeOpenAI, text
from tests.fakes.wecom_api import AES_KEY, TOKEN, FakeResponseUrls, WeComSide, card_text, text_body
from tests.integration.serving import free_port
from tests.integration.test_crash_redelivery import FawnProcess

pytestmark = pytest.mark.slow           # fawn run as a process, killed and restarted

MOM = "mom.li"
NOT_A_QUESTION = "宝宝今天乖不乖呀"       # no record, no question the rules know: the [chat] model answers
WECOM_PATIENCE = 5.0                    # seconds WeCom waits for a callback's answer


class SimulatedWeCom:
    """Posts signed, encrypted callbacks and tries again the way WeCom does: on a timeout or a failed
    connection only, up to three more times, while `fawn` is brought back up in between."""

    def __init__(self, fawn: FawnProcess, port: int, patience: float = WECOM_PATIENCE) -> None:
        self.fawn, self.side, self.patience = fawn, WeComSide(), patience
        self.client = httpx.AsyncClient(base_url=f"http://127.0.0.1:{port}",
                                        limits=httpx.Limits(max_keepalive_connections=0))

    async def once(self, body: dict) -> httpx.Response:
        query, payload = self.side.callback(body)
        return await self.client.post("/wecom/callback", params=query, json=payload, timeout=self.patience)

    async def deliver(self, body: dict) -> httpx.Response:
        for _ in range(4):
            await self.fawn.ensure_running()
            try:
                return await self.once(body)
            except httpx.TransportError:           # no answer in time, or nobody listening: again
                continue
        raise AssertionError("WeCom gave up on the callback")

    def answer(self, response: httpx.Response) -> dict | None:
        assert response.status_code == 200, response.status_code
        return self.side.read_reply(response.json()) if response.content else None


def write_config(tmp_path, port: int, model_url: str):
    data = tmp_path / "data"
    config = tmp_path / "config.toml"
    config.write_text(
        f'data_dir = "{data}"\nlog_level = "INFO"\n[web]\nport = {port}\n'
        f'[wecom]\nmode = "callback"\nbot_name = "Fawn"\ntoken = "{TOKEN}"\nencoding_aes_key = "{AES_KEY}"\n'
        f'passive_reply_seconds = 2.0\ninbox_lease_seconds = 1.0\n'
        f'[chat]\nmodel = "chat-test"\nprovider = "openai-compatible"\nbase_url = "{model_url}"\napi_key = "k"\n'
        f'timeout_s = 60\n')
    return config, data / "fawn.db"


def counts(database, msgid: str) -> tuple[int, int]:
    with sqlite3.connect(database) as db:
        incoming = db.execute("SELECT count(*) FROM messages WHERE direction = 'in' AND platform_message_id = ?",
                              (msgid,)).fetchone()[0]
        records = db.execute("SELECT count(*) FROM records WHERE deleted_at IS NULL").fetchone()[0]
    return incoming, records


async def test_a_wecom_callback_survives_a_kill_during_a_slow_model_and_during_a_write_lock(tmp_path):
    model, urls = FakeOpenAI(), FakeResponseUrls()
    await model.start()
    await urls.start()
    port = free_port()
    config, database = write_config(tmp_path, port, model.base_url)
    fawn = FawnProcess(config, port, tmp_path / "fawn.log")
    wecom = SimulatedWeCom(fawn, port)
    try:
        assert (await wecom.deliver(text_body("m-start", "/start", userid=MOM))).status_code == 200

        model.answer_with(HANG)                                   # the model is slow …
        slow_url = urls.new_url()
        acknowledged = await wecom.deliver(text_body("m-slow", NOT_A_QUESTION, userid=MOM, response_url=slow_url))
        assert wecom.answer(acknowledged) is None                 # kept, acknowledged, the turn still running
        await model.wait_asked(1)
        await fawn.kill()                                         # … and the process dies during its turn
        model.answer_with(text("宝宝今天很乖，多陪她玩一会儿吧。"))
        await fawn.ensure_running()
        (posted,) = await urls.wait_for(1, timeout=60)            # the restarted process finishes it
        assert posted.code == slow_url.rsplit("=", 1)[1] and "很乖" in str(posted.body)

        locked_url = urls.new_url()
        feed = text_body("m-locked", "刚刚喝了91ml配方奶", userid=MOM, response_url=locked_url)
        with sqlite3.connect(database, isolation_level=None) as other:
            other.execute("BEGIN IMMEDIATE")                      # a backup, an import, another instance
            with pytest.raises(httpx.TimeoutException):
                await wecom.once(feed)                            # held open: nothing was stored
            await fawn.kill()                                     # dies holding the unstored callback
            other.execute("ROLLBACK")
        answered = wecom.answer(await wecom.deliver(feed))        # WeCom tries again; fawn is back
        again = wecom.answer(await wecom.deliver(feed))
        await fawn.stop()                                         # a late answer, if any, has gone by then
    finally:
        await fawn.kill()
        await model.stop()
        await urls.stop()
        await wecom.client.aclose()
    locked_posts = [p for p in urls.posted if p.code == locked_url.rsplit("=", 1)[1]]
    shown = ([card_text(answered)] if answered else []) + [card_text(p.body) for p in locked_posts]
    assert len(shown) == 1 and "91" in shown[0] and again is None          # answered once, passively or late
    assert len(urls.posted) == 1 + len(locked_posts)                        # the slow answer once, nothing else
    assert counts(database, "m-slow") == (1, 1) and counts(database, "m-locked") == (1, 1)
