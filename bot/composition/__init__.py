"""The composition root: the only place that builds things — the database, the extractor, the chat
service, the family port, the outbox, the messengers — and wires them together.

    app.py       open_fawn(url) / assemble(database, extractor) → Fawn(database, chat, families, outbox)
    serve.py     `fawn run`: every configured messenger, one web server, the scheduler, the outbox loop
    commands.py  `fawn chat`, `fawn wechat login`
"""
from bot.composition.app import Fawn, assemble, open_fawn
from bot.composition.commands import chat_main, wechat_main
from bot.composition.serve import main, run

__all__ = ["Fawn", "assemble", "chat_main", "main", "open_fawn", "run", "wechat_main"]
