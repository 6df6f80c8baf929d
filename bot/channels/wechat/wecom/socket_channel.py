"""The WeCom AI bot over the long connection: frames → turns → replies, card updates and pushes.

The same messages and events as the callback mode arrive unencrypted. A message is answered with
aibot_respond_msg on the callback's req_id, a click with aibot_respond_update_msg — within WeCom's five
seconds: a click whose turn is slower gets its card updated to "处理中…" first and its outcome as a new
message (aibot_send_msg). A reply that
cannot be sent (the connection dropped meanwhile) waits in the outbox, and `WeComPushSender`
(aibot_send_msg, a proactive push to a chat) sends it later — the outbox's `SendFn` for "wecom".
"""
from __future__ import annotations

import asyncio
import logging

from bot.channels.status import ChannelStatus
from bot.channels.wechat.wecom.cards import new_task_id, push_body, working_card
from bot.channels.wechat.wecom.media import send_file
from bot.channels.wechat.wecom.socket import RESPOND, RESPOND_UPDATE, SEND, SocketError, WeComSocket
from bot.channels.wechat.wecom.translate import PLATFORM, WeComCallback, read_callback
from bot.channels.wechat.wecom.turns import APOLOGY, Answer, TurnNotRun, WeComTurns, render
from bot.clock import Clock, utc_now
from bot.protocol import OutgoingReply
from domain.vocabulary import ReplyKind

# How long a click's turn may take before its card is updated to say it is being worked on: WeCom takes
# the update only within 5 s of the click (aibot-node-sdk README, updateTemplateCard).
CLICK_SECONDS = 3.0

log = logging.getLogger("fawn.wecom")


class WeComSocketChannel:
    def __init__(self, turns: WeComTurns, socket: WeComSocket, *, bot_name: str | None = None,
                 clock: Clock = utc_now, click_seconds: float = CLICK_SECONDS,
                 status: ChannelStatus | None = None) -> None:
        self.turns, self.socket = turns, socket
        self.bot_name, self.clock, self.click_seconds = bot_name, clock, click_seconds
        self.status = status or ChannelStatus()
        socket.on_frame = self.on_frame

    async def run(self, stop: asyncio.Event) -> None:
        await self.socket.run(stop)
        if self.socket.stopped_because is not None:         # loudly: the log, and /healthz
            self.status.stopped(PLATFORM, self.socket.stopped_because)

    async def on_frame(self, frame: dict) -> None:
        callback = read_callback(frame.get("body") or {}, self.clock(), self.bot_name)
        req_id = str((frame.get("headers") or {}).get("req_id") or "")
        turn = asyncio.create_task(self._answer(callback))
        if callback.kind == "click" and callback.task_id:
            done, _ = await asyncio.wait({turn}, timeout=self.click_seconds)
            if not done:                # the card must change within WeCom's window: "处理中…" now
                await self._working(callback.task_id, req_id)
                await self._outcome_as_message(callback, await turn)
                return
        answer = await turn
        if answer is None or callback.incoming is None:
            return
        if answer.result is None:       # the turn failed: the apology goes straight back
            await self._replier(answer, req_id)(callback.incoming.chat_id, answer.reply)
            return
        await self.turns.delivery.send_reply(self._replier(answer, req_id), PLATFORM, callback.incoming.chat_id,
                                             answer.result, mark=answer.marks_delivery)

    async def _answer(self, callback: WeComCallback) -> Answer | None:
        try:
            return await self.turns.answer(callback)
        except TurnNotRun:              # no redelivery on this transport: say so now
            return render(callback, OutgoingReply(ReplyKind.ERROR, APOLOGY), None)

    async def _working(self, task_id: str, req_id: str) -> None:
        try:
            await self.socket.request(RESPOND_UPDATE, working_card(task_id), req_id=req_id)
        except (SocketError, TimeoutError) as failed:          # the outcome still follows as a message
            log.warning("a slow click's card could not be updated: %s", type(failed).__name__)

    async def _outcome_as_message(self, callback: WeComCallback, answer: Answer | None) -> None:
        """A slow click's outcome, after its card said "处理中…": a new message to the chat (a push)."""
        if answer is None or callback.incoming is None:
            return
        chat_id, push = callback.incoming.chat_id, self.push_sender()
        if answer.result is None:
            await push(chat_id, answer.reply)
            return
        await self.turns.delivery.send_reply(push, PLATFORM, chat_id, answer.result)

    def _replier(self, answer: Answer, req_id: str):
        cmd = RESPOND_UPDATE if answer.kind == "update" else RESPOND

        async def reply(chat_id: str, reply: OutgoingReply) -> str:
            await self.socket.request(cmd, answer.body, req_id=req_id)
            if reply.document is not None:          # 导出数据: the file follows the text
                await send_file(self.socket, chat_id, reply.document)
            return answer.platform_id

        return reply

    def push_sender(self) -> WeComPushSender:
        return WeComPushSender(self.socket)


class WeComPushSender:
    """`await sender(chat_id, reply)`: a proactive push (a group's chatid, or a member's userid)."""

    def __init__(self, socket: WeComSocket) -> None:
        self.socket = socket

    async def __call__(self, chat_id: str, reply: OutgoingReply) -> str:
        task_id = new_task_id()
        await self.socket.request(SEND, {"chatid": chat_id, **push_body(reply, task_id=task_id)})
        if reply.document is not None:
            await send_file(self.socket, chat_id, reply.document)
        return task_id
