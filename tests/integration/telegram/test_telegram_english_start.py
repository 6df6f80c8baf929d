"""/start from a Telegram user whose app is in English sets up an English family — not Chinese in Shanghai —
and its first replies ask the time zone and the units; the answers set them, and from then on times read on
the family's clock and amounts in its units. A user whose language Telegram does not say is asked it too."""
from __future__ import annotations

from bot.channels.telegram import texts
from tests.integration.telegram.updates import GROUP, MOM

MOM_IN_ENGLISH = {**MOM, "first_name": "Kate", "language_code": "en"}


async def _family(real_service, chat_id: int):
    family_id = await real_service.families.family_id("telegram", str(chat_id))
    return family_id, await real_service.families.settings(family_id)


async def test_an_english_start_makes_an_english_family_and_asks_zone_and_units(harness_factory, real_service):
    async with harness_factory(real_service) as bot:
        await bot.start_family(founder=MOM_IN_ENGLISH)
        welcome = bot.fake.calls_of("sendMessage")[0].params["text"]
        family_id, settings = await _family(real_service, GROUP["id"])
        assert (settings["language"], settings["timezone"]) == ("en", "UTC")       # not Asia/Shanghai, not zh
        assert welcome.startswith("Hi, I'm Fawn.") and "你好" not in welcome
        assert "Which time zone are you in?" in welcome and "“US units”" in welcome

        _, zone = await bot.say("time zone New York", sender=MOM_IN_ENGLISH)
        assert zone.reply.text.startswith("Updated: timezone America/New_York")
        assert "Ounces or millilitres?" in zone.reply.text                          # still to answer
        _, units = await bot.say("US units", sender=MOM_IN_ENGLISH)
        assert "milk in ounces (oz)" in units.reply.text and "Ounces or millilitres?" not in units.reply.text

        _, fed = await bot.say("she just had 4 oz of formula", sender=MOM_IN_ENGLISH)
    assert fed.reply.text == "Recorded: formula 4 oz @ 8:15 AM"             # New York's morning, a 12-hour clock
    _, settings = await _family(real_service, GROUP["id"])
    assert (settings["timezone"], settings["volume_unit"], settings["clock"]) == ("America/New_York", "oz", "12h")


async def test_a_chinese_start_stays_chinese_and_an_untold_one_asks_in_both_languages(harness_factory,
                                                                                       real_service):
    other = {"id": -4002, "type": "group", "title": "two"}
    async with harness_factory(real_service) as bot:
        await bot.start_family(founder={**MOM, "language_code": "zh-hans"})
        await bot.start_family(chat=other)                                # Telegram said no language
        chinese, untold = (c.params["text"] for c in bot.fake.calls_of("sendMessage")[:2])
    _, settings = await _family(real_service, GROUP["id"])
    assert (settings["language"], settings["timezone"]) == ("zh", "Asia/Shanghai")
    assert chinese.startswith("你好，我是 Fawn") and "Hi, I'm Fawn" not in chinese and "时区" not in chinese
    assert untold == texts.WELCOME_NEW and "用中文还是英文" in untold and "Which time zone" in untold
