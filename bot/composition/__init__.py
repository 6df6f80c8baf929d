"""The composition root: the only place that builds things — the database, the extractor, the chat
service, the family port, the outbox, the messengers — and wires them together.

    app.py       open_fawn(url) / assemble(database, extractor) → Fawn(database, chat, families, outbox)
    serve.py     `fawn run`: every configured messenger, one web server, the scheduler, the outbox loop
    commands.py  `fawn chat`, `fawn wechat login`
"""
from bot.composition.app import Fawn, assemble, open_fawn
from bot.composition.commands import chat_main, wechat_main
from bot.composition.serve import FamilyPageParts, family_page, main, run

__all__ = ["Fawn", "FamilyPageParts", "assemble", "chat_main", "family_page", "main", "open_fawn", "run", "wechat_main"]
