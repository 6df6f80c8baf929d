"""A bounded memory of recently seen message ids: a redelivery is noticed before any work."""
from __future__ import annotations

from collections import OrderedDict

DEFAULT_SIZE = 2000


class RecentIds:
    def __init__(self, size: int = DEFAULT_SIZE) -> None:
        self.size = size
        self._ids: OrderedDict[str, None] = OrderedDict()

    def first_time(self, message_id: str) -> bool:
        """True the first time `message_id` is seen (and remembers it); False on a repeat."""
        if not message_id:
            return True
        if message_id in self._ids:
            self._ids.move_to_end(message_id)
            return False
        self._ids[message_id] = None
        if len(self._ids) > self.size:
            self._ids.popitem(last=False)
        return True

    def forget(self, message_id: str) -> None:
        """A message whose turn could not run: its redelivery is welcome."""
        self._ids.pop(message_id, None)

    def __contains__(self, message_id: str) -> bool:
        return message_id in self._ids
