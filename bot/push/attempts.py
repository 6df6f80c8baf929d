"""A push's send attempt, recorded before the platform is called (summaries and reminders)."""
from __future__ import annotations

import logging
from datetime import date, datetime

from storage.engine import Database
from storage.repositories.families import FamilyInfo

log = logging.getLogger(__name__)


async def record_attempt(database: Database, family: FamilyInfo, local_date: date, kind: str,
                         now: datetime) -> None:
    async with database.unit_of_work() as uow:
        earlier = await uow.pushes.attempting(family.id, local_date, kind, now)
        await uow.commit()
    if earlier:
        log.warning("push %s %s for family %s sent again: an earlier attempt's outcome is unknown "
                    "(it may arrive twice)", kind, local_date, family.id)
