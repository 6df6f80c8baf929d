"""English numbers as speakers say them, written apart from the code under test (bot/understanding/number_words.py)."""
from __future__ import annotations

ONES = ["zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven", "twelve",
        "thirteen", "fourteen", "fifteen", "sixteen", "seventeen", "eighteen", "nineteen"]
TENS = ["", "", "twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety"]


def spoken(n: int, hundred_join: str = " and ", tens_join: str = "-", article: str = "one") -> str:
    """n (1..9999) as an English speaker says it — written apart from the code under test."""
    parts: list[str] = []
    if n >= 1000:
        parts.append(f"{article if n // 1000 == 1 else spoken(n // 1000)} thousand")
        article = "one"                        # "a" only opens a number: two thousand one hundred
        n %= 1000
        if n and n < 100:
            parts.append("and")
    if n >= 100:
        parts.append(f"{article if n // 100 == 1 else ONES[n // 100]} hundred")
        n %= 100
        if n:
            parts.append(hundred_join.strip())
    if n >= 20:
        parts.append(TENS[n // 10] + (tens_join + ONES[n % 10] if n % 10 else ""))
    elif n or not parts:
        parts.append(ONES[n])
    return " ".join(p for p in parts if p)
