"""A baby's age in the words parents use: birth, 5 days, 13 weeks, 3 months, 1 year 2 months — never "day 92"."""
from __future__ import annotations

from domain.replies.catalog import text
from domain.vocabulary import Language

DAYS_PER_MONTH = 30.4375
WEEKS_UNTIL_DAY = 98          # weeks up to 13 weeks (a paediatrician's "13 weeks"), then months


def age_text(days: int, lang: Language) -> str:
    """Birth, days in the first two weeks, weeks up to 13 weeks, months up to two years, then years and months."""
    if days <= 0:
        return text(lang, "age.birth")
    if days < 14:
        return text(lang, "age.days", n=max(0, days))
    if days < WEEKS_UNTIL_DAY:
        return text(lang, "age.weeks", n=days // 7)
    months = int(days / DAYS_PER_MONTH)
    if months < 24:
        return text(lang, "age.months", n=months)
    years, rest = divmod(months, 12)
    return text(lang, "age.years_months" if rest else "age.years", years=years, months=rest)
