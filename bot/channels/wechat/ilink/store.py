"""The iLink files under the data folder, each written atomically with mode 0600:

- `<account>.credentials.json`: the bot token, bot id, base URL and the scanning user's id
  (written by `fawn wechat login`);
- `<account>.state.json`: the getupdates cursor (saved only after the turns of an update batch
  are handled) and each conversation's latest context_token with when it came and how many bot
  messages went out with it.
"""
from __future__ import annotations

import json
import os
import tempfile
from dataclasses import asdict, dataclass, field
from datetime import datetime
from pathlib import Path
from typing import Any

FILE_MODE = 0o600


@dataclass(frozen=True)
class Credentials:
    token: str = field(repr=False)
    bot_id: str
    base_url: str
    user_id: str | None = None


@dataclass
class ContextToken:
    """The latest message's context_token of one member, when it came, and how many bot messages went
    out with it since (WeChat takes ten per member message)."""

    token: str = field(repr=False)
    received_at: datetime
    sent: int = 0


@dataclass
class PollState:
    cursor: str = ""
    context_tokens: dict[str, ContextToken] = field(default_factory=dict)


def credentials_path(folder: Path, account: str) -> Path:
    return folder / f"{account}.credentials.json"


def state_path(folder: Path, account: str) -> Path:
    return folder / f"{account}.state.json"


def write_private(path: Path, data: dict[str, Any]) -> None:
    """Write JSON so that no other user can read it, even for a moment; then rename into place."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.")
    try:
        os.fchmod(fd, FILE_MODE)
        with os.fdopen(fd, "w", encoding="utf-8") as out:
            json.dump(data, out, ensure_ascii=False)
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
    os.chmod(path, FILE_MODE)


def save_credentials(path: Path, credentials: Credentials) -> None:
    write_private(path, asdict(credentials))


def load_credentials(path: Path) -> Credentials | None:
    if not path.is_file():
        return None
    data = json.loads(path.read_text(encoding="utf-8"))
    return Credentials(token=data["token"], bot_id=data["bot_id"], base_url=data["base_url"],
                       user_id=data.get("user_id"))


class StateFile:
    """The poll state of one account, read once and saved after each handled batch."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.state = self._load()

    def _load(self) -> PollState:
        if not self.path.is_file():
            return PollState()
        data = json.loads(self.path.read_text(encoding="utf-8"))
        tokens = {user: ContextToken(t["token"], datetime.fromisoformat(t["received_at"]), int(t.get("sent") or 0))
                  for user, t in (data.get("context_tokens") or {}).items()}
        return PollState(cursor=data.get("cursor") or "", context_tokens=tokens)

    def forget(self) -> None:
        """A new bot account: its updates start afresh, and no conversation of the old one carries over."""
        self.state = PollState()
        self.save()

    def save(self) -> None:
        tokens = {user: {"token": t.token, "received_at": t.received_at.isoformat(), "sent": t.sent}
                  for user, t in self.state.context_tokens.items()}
        write_private(self.path, {"cursor": self.state.cursor, "context_tokens": tokens})
