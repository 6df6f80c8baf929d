"""At DEBUG, python-telegram-bot logs every Bot API call it makes with its parameters and its answer: a text
(an edited card, a photo's caption, an apology) goes into the log whole; a reply's own sendMessage is posted by
`call_api`, which logs the call without its text. A signed page link (it opens the family's records) and a
family code (it lets a chat ask to join) must not: the process's log filter (bot/logs.py) cuts both out,
whichever logger wrote them, in text and in JSON lines."""
from __future__ import annotations

import io
import logging
from datetime import datetime

import httpx
import pytest

from bot.channels.telegram.webhook import SECRET_HEADER, build_webhook_app
from bot.logs import configure_logging
from bot.web.access import sign_link
from domain.vocabulary import ReplyKind
from tests.integration.telegram.services import ScriptedService, scripted_reply
from tests.integration.telegram.updates import text_message

SECRET = "s3cret-for-debug-logs"
PATH = "/telegram/webhook"
CODE = "K7Q2MXPA"
TOKEN = sign_link(b"k" * 32, 12, 34, datetime(2026, 12, 6))
LINK = f"https://fawn.test/family/12?t={TOKEN}"


@pytest.fixture(params=["text", "json"])
def debug_logs(request):
    stream = io.StringIO()
    configure_logging("DEBUG", [SECRET], request.param)
    logging.getLogger().handlers[0].stream = stream
    yield stream
    logging.getLogger().handlers.clear()
    logging.getLogger().setLevel(logging.WARNING)


async def test_at_debug_a_page_link_and_a_family_code_are_never_logged_in_full(harness_factory, clock,
                                                                              debug_logs) -> None:
    service = ScriptedService(by_text={
        "邀请家人": scripted_reply(f"家庭邀请码：{CODE}\n请家人发送“加入 {CODE}”", kind=ReplyKind.ANSWER),
        "打开记录页": scripted_reply(f"这是家庭记录页：\n{LINK}", kind=ReplyKind.ANSWER),
        f"加入 {CODE.lower()}": scripted_reply("已经请家长确认。", kind=ReplyKind.ANSWER)})
    async with harness_factory(service, webhook=True) as bot, httpx.AsyncClient(
            transport=httpx.ASGITransport(app=build_webhook_app(bot.application, secret=SECRET, path=PATH)),
            base_url="http://fawn.test") as client:
        for n, words in enumerate(("邀请家人", "打开记录页", f"加入 {CODE.lower()}"), 1):
            answer = await client.post(PATH, json={"update_id": n, **text_message(words, at=clock())},
                                       headers={SECRET_HEADER: SECRET})
            assert answer.status_code == 200
        await bot.fake.wait_for_call("sendMessage", 3)
        await bot.application.bot.send_message(chat_id=-4001, text=f"邀请码 {CODE}，记录页 {LINK}")   # PTB's own
    logged = debug_logs.getvalue()
    assert "sendMessage" in logged and "Calling Bot API endpoint" in logged   # both ways logged the calls
    assert CODE not in logged and CODE.lower() not in logged
    assert TOKEN.rpartition(".")[2] not in logged                      # the signature: the link opens nothing
