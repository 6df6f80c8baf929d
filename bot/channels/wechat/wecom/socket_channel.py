"""The WeCom AI bot over the long connection: frames → turns → replies, card updates and pushes.

The same messages and events as the callback mode arrive unencrypted. A message is answered with
aibot_respond_msg on the callback's req_id, a click with aibot_respond_update_msg. A reply that
cannot be sent (the connection dropped meanwhile) waits in the outbox, and `WeComPushSender`
(aibot_send_msg, a proactive push to a chat) sends it later — the outbox's `SendFn` for "wecom".
"""
from __future__ import annotations

import asyncio

from bot.channels.wechat.wecom.cards import new_task_id, push_body
from bot.channels.wechat.wecom.media import send_file
from bot.channels.wechat.wecom.socket import RESPOND, RESPOND_UPDATE, SEND, WeComSocket
from bot.channels.wechat.wecom.translate import PLATFORM, read_callback
from bot.channels.wechat.wecom.turns import APOLOGY, Answer, TurnNotRun, WeComTurns, render
from bot.clock import Clock, utc_now
from bot.protocol import OutgoingReply
from domain.vocabulary import ReplyKind


class WeComSocketChannel:
    def __init__(self, turns: WeComTurns, socket: WeComSocket, *,
                 bot_name: str | None = None, clock: Clock = utc_now) -> None:
        self.turns, self.socket = turns, socket
        self.bot_name, self.clock = bot_name, clock
        socket.on_frame = self.on_frame

    async def run(self, stop: asyncio.Event) -> None:
        await self.socket.run(stop)

    async def on_frame(self, frame: dict) -> None:
        callback = read_callback(frame.get("body") or {}, self.clock(), self.bot_name)
        try:
            answer = await self.turns.answer(callback)
        except TurnNotRun:              # no redelivery on this transport: say so now
            answer = render(callback, OutgoingReply(ReplyKind.ERROR, APOLOGY), None)
        if answer is None or callback.incoming is None:
            return
        req_id = str((frame.get("headers") or {}).get("req_id") or "")
        if answer.result is None:       # the turn failed: the apology goes straight back
            await self._replier(answer, req_id)(callback.incoming.chat_id, answer.reply)
            return
        await self.turns.delivery.send_reply(self._replier(answer, req_id), PLATFORM, callback.incoming.chat_id,
                                             answer.result, mark=answer.marks_delivery)

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
