"""What every repository shares: its session, and flushing with conflicts translated."""
from __future__ import annotations

from sqlalchemy.exc import IntegrityError
from sqlmodel.ext.asyncio.session import AsyncSession

from storage.errors import Conflict


class Repository:
    def __init__(self, session: AsyncSession) -> None:
        self.session = session

    async def flush(self) -> None:
        """Send pending writes now (to learn new ids); a unique-key loss becomes `Conflict`."""
        try:
            await self.session.flush()
        except IntegrityError as lost:
            raise Conflict(str(lost.orig)[:200]) from lost
