"""The extractor's cheaper paths (issue 28) read exactly as the plain ones did: the family's names matched
beside the word lists instead of in one pattern with them, the kept span readings and normalised strings,
and a reading's slot values taken from the model's __dict__."""
from datetime import datetime
from zoneinfo import ZoneInfo

from hypothesis import example, given, settings
from hypothesis import strategies as st

from bot.understanding import lexicon as lx
from bot.understanding import spans as sp
from bot.understanding.accounting import _values
from bot.understanding.numerals import normalise
from domain.extraction import Extraction, Fact, Intent, Slots
from domain.vocabulary import RecordType

NOW = datetime(2026, 5, 4, 14, 40, tzinfo=ZoneInfo("Asia/Shanghai"))
NAMES = ("小满", "满满", "Noah", "Jen", "Mom", "Grandma Rose", "奶奶", "妈", "O'Neil", "宝", "小宝贝儿", "Dad Mike")
SAID = ("小满喝了90ml", "奶奶来了", "满满和小满都睡了", "Noah's asleep, Mom is up", "jen fed him 4oz",
        "grandma rose came", "宝宝吃了奶", "她俩都尿了",
        "O'Neil napped", "mom's coffee", "妈妈说小满满满都饿了", "Noahs nap", "二宝 大宝",
        "小宝贝儿睡了", "dad mike's here")
_PIECES = st.one_of(st.sampled_from([*NAMES, *SAID, " ", "，", "'s", "了", "睡", "ed", "-"]),
                    st.sampled_from([*lx.BABY_ZH, *sorted(lx.BABY_EN), *lx.ADULT_ZH, *sorted(lx.ADULT_EN)]))


def _as_one_pattern(text: str, zh: tuple[str, ...], en: frozenset[str], names: tuple[str, ...], kind: str):
    """What `_people_spans` did before issue 28: one pattern of the word lists and the names together."""
    return sp._words(text, (*zh, *names), en, kind)


@settings(max_examples=300, deadline=None)
@example(pieces=["grandma rose came"], names=["Grandma Rose"])      # a name longer than a title at its start
@example(pieces=["小满满满"], names=["满满", "小满"])
@given(pieces=st.lists(_PIECES, max_size=8), names=st.lists(st.sampled_from(NAMES), max_size=4, unique=True))
def test_names_beside_the_word_lists_match_as_one_pattern_of_both(pieces: list[str], names: list[str]):
    text = "".join(pieces)
    for zh, en, kind in ((lx.BABY_ZH, lx.BABY_EN, sp.BABY), (lx.ADULT_ZH, sp._with_possessive(lx.ADULT_EN), sp.ADULT)):
        kept = tuple(names)
        assert sp._words_and_names(text, zh, en, kept, kind) == _as_one_pattern(text, zh, en, kept, kind)


def test_a_kept_span_reading_is_the_reading_and_a_list_of_its_own():
    sp._spans.cache_clear()
    first = sp.read_spans("小满刚喝了90ml", NOW, ("小满/满满",), ("妈妈",))
    first.append(first[0])                     # a caller's list is its own
    again = sp.read_spans("小满刚喝了90ml", NOW, ["小满/满满"], ["妈妈"])      # lists are keyed as tuples
    assert again == sp._read_spans("小满刚喝了90ml", NOW, ("小满/满满",), ("妈妈",), False, ())
    assert sp._spans.cache_info().hits == 1


def test_a_kept_span_reading_is_never_another_zones_or_folds():
    """Two clocks at the same instant compare equal; the zone and the fold are in the key all the same."""
    utc = NOW.astimezone(ZoneInfo("UTC"))
    assert utc == NOW
    sp._spans.cache_clear()
    sp.read_spans("昨晚8点喝了90", NOW)
    sp.read_spans("昨晚8点喝了90", utc)
    sp.read_spans("昨晚8点喝了90", NOW.replace(fold=1))
    assert sp._spans.cache_info().misses == 3


def test_the_caches_are_bounded():
    assert sp._spans.cache_info().maxsize == 128
    assert normalise.cache_info().maxsize == 512
    assert sp._pattern.cache_info().maxsize == 256


def test_normalise_kept_is_normalise():
    for said in ("九十一毫升", "两个半小时", "三斤二两", "一下", "three and a half oz", "８点半"):
        normalise.cache_clear()
        assert normalise(said) == normalise.__wrapped__(said) == normalise(said)


def test_slot_values_are_the_models_own_in_order():
    slots = Slots(amount_ml=90, notes="左边", start=NOW)
    reading = Extraction(intent=Intent.RECORD, record_type=RecordType.FEEDING, slots=slots,
                         also=[Fact(record_type=RecordType.DIAPER)])
    for model in (slots, reading, reading.also[0]):
        assert _values(model) == [v for _, v in model]
