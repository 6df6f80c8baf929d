"""The signed link to the family page that the chat offers (`/page`, 打开记录页)."""
from __future__ import annotations

from dataclasses import dataclass
from datetime import timedelta

from bot.clock import Clock, utc_now
from bot.family.page import FamilyPages
from bot.web.access import sign_link


@dataclass(frozen=True)
class PageLinks:
    pages: FamilyPages
    base_url: str                     # the public address the page is served at, e.g. https://fawn.example.org
    secret: bytes
    valid_for: timedelta = timedelta(hours=24)
    prefix: str = "/family"
    clock: Clock = utc_now

    async def link_for(self, platform: str, family_id: int, platform_user_id: str) -> str | None:
        """A link for this member of the family, valid for `valid_for`; None for someone not in it."""
        viewer = await self.pages.viewer_by_platform(platform, family_id, platform_user_id)
        if viewer is None:
            return None
        return page_link(self.base_url, self.secret, family_id, viewer.member_id,
                         self.clock() + self.valid_for, self.prefix)


def page_link(base_url: str, secret: bytes, family_id: int, member_id: int, expires_at, prefix: str = "/family") -> str:
    token = sign_link(secret, family_id, member_id, expires_at)
    return f"{base_url.rstrip('/')}{prefix}/{family_id}?t={token}"
