"""Logging that holds no family content and no secrets.

- Secrets (the bot token, webhook and WeCom secrets, API keys, the page secret) are replaced by *** in
  every line, at every level, wherever they appear (a Bot API URL holds the token). So are what opens a
  family's door: a family code (and whatever follows 加入 / join) and the signature of a page link —
  python-telegram-bot logs every Bot API call with its text at DEBUG.
- A traceback is shown as where it happened (file, line, function) and the exception's type: an
  exception's message can carry a message's words or a name (a database error quotes its parameters,
  a validation error its input). Only at DEBUG is the message shown, and redacted even then.
- SQL is never logged with its parameters (the engine hides them; its logger is quiet).
- `log_format = "json"`: one JSON object a line (at, level, logger, message, trace_id, exception places),
  the turn's trace id on every line logged while the turn runs (`current_trace`).
- At INFO: one line a chat turn (trace id, channel, kind of reply, milliseconds — no words, no names);
  the scheduler's routine lines only at DEBUG.
"""
from __future__ import annotations

import json
import logging
import re
import traceback
from collections.abc import Iterable
from contextvars import ContextVar
from datetime import UTC, datetime
from pathlib import Path

from bot.understanding.words import JOIN_ARGUMENT
from domain.decide.invites import CODE_ALPHABET, CODE_LENGTH

QUIET_LOGGERS = ("httpx", "httpcore", "sqlalchemy.engine", "sqlalchemy.pool", "aiosqlite", "asyncio",
                 "telegram.ext.Updater", "websockets")
# routine lines, shown only at DEBUG: APScheduler's "Running job …" / "… executed successfully" every 20 s
# (156 of 206 lines in 22 minutes at INFO) and "Added job"; its warnings and errors show at every level
ROUTINE_LOGGERS = ("apscheduler.executors.default", "apscheduler.scheduler")
REDACTED = "***"
# A Telegram bot token wherever it shows (a URL …/bot123456:ABC…/getUpdates), even one we were not told of.
_BOT_TOKEN = re.compile(r"\d{6,12}:[A-Za-z0-9_-]{30,}")
# A family code as handed out (domain/decide/invites.py); what follows a join word, whatever its case, is
# `JOIN_ARGUMENT` (bot/understanding/words.py). Not inside a longer word (a trace id starting with 8 digits).
_FAMILY_CODE = re.compile(rf"(?<![A-Za-z0-9])[{CODE_ALPHABET}]{{{CODE_LENGTH}}}(?![A-Za-z0-9])")
# A page link's signature (bot/web/access.py): <family>.<member>.<expiry>.<43 characters of base64url>
_PAGE_SIGNATURE = re.compile(r"(\d+\.\d+\.\d+\.)[A-Za-z0-9_-]{43}")
FORMAT = "%(asctime)s %(levelname)s %(name)s: %(message)s"
current_trace: ContextVar[str | None] = ContextVar("fawn_trace_id", default=None)   # set while a turn runs


class Redacting(logging.Filter):
    """Replaces the secrets it knows, and anything shaped like a bot token, in the formatted line."""

    def __init__(self, secrets: Iterable[str]) -> None:
        super().__init__()
        self.secrets = sorted({s for s in secrets if s and len(s) >= 6}, key=len, reverse=True)

    def redact(self, line: str) -> str:
        for secret in self.secrets:
            line = line.replace(secret, REDACTED)
        line = JOIN_ARGUMENT.sub(rf"\1{REDACTED}", _PAGE_SIGNATURE.sub(rf"\1{REDACTED}", line))
        return _FAMILY_CODE.sub(REDACTED, _BOT_TOKEN.sub(REDACTED, line))

    def filter(self, record: logging.LogRecord) -> bool:
        record.msg, record.args = self.redact(record.getMessage()), ()
        return True


class ContentFreeFormatter(logging.Formatter):
    """Tracebacks as places and exception types; the exception's own words only at DEBUG."""

    def __init__(self, redacting: Redacting, show_messages: bool) -> None:
        super().__init__(FORMAT)
        self.redacting, self.show_messages = redacting, show_messages

    def formatException(self, ei) -> str:  # noqa: N802 — logging's name
        kind, error, trace = ei
        places = [f'  File "{f.filename}", line {f.lineno}, in {f.name}' for f in traceback.extract_tb(trace)]
        said = f": {self.redacting.redact(str(error))}" if self.show_messages else ""
        return "\n".join(["Traceback (most recent call last):", *places, f"{kind.__name__}{said}"])


class JsonFormatter(ContentFreeFormatter):
    """One JSON object a line, with the trace id of the turn that logged it."""

    def format(self, record: logging.LogRecord) -> str:
        line = {"at": datetime.fromtimestamp(record.created, UTC).isoformat(timespec="milliseconds"),
                "level": record.levelname, "logger": record.name, "message": record.getMessage(),
                "trace_id": getattr(record, "trace_id", None)}
        if record.exc_info:
            line["exception"] = self.formatException(record.exc_info)
        return json.dumps(line, ensure_ascii=False)


class WithTraceId(logging.Filter):
    def filter(self, record: logging.LogRecord) -> bool:
        record.trace_id = current_trace.get()
        return True


def configure_logging(level: str = "INFO", secrets: Iterable[str] = (), log_format: str = "text",
                      to: Path | None = None) -> Redacting:
    """The process's logging: one handler on stderr (or, for the terminal chat, a file `to`), redacted,
    content-free; noisy libraries quiet."""
    redacting = Redacting(secrets)
    handler = logging.FileHandler(to, encoding="utf-8") if to is not None else logging.StreamHandler()
    handler.addFilter(redacting)
    handler.addFilter(WithTraceId())
    shows = level.upper() == "DEBUG"
    handler.setFormatter(JsonFormatter(redacting, shows) if log_format == "json" else
                         ContentFreeFormatter(redacting, show_messages=shows))
    root = logging.getLogger()
    root.handlers[:] = [handler]
    root.setLevel(level.upper())
    for name in QUIET_LOGGERS:
        logging.getLogger(name).setLevel(logging.WARNING)
    for name in ROUTINE_LOGGERS:
        logging.getLogger(name).setLevel(logging.DEBUG if shows else logging.WARNING)
    return redacting
