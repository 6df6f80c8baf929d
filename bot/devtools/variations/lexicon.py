"""The words the transformations add or swap, per language: what families put around a fact that carries no
fact of the baby's — and the spellings of the same unit. Data only; written from how people type, not from
what the bot reads."""
from __future__ import annotations

FILLERS_FRONT = {
    "zh": ("嗯", "那个", "嗯嗯", "哈哈", "对了", "就是", "哦", "诶", "emmm"),
    "en": ("um", "uh", "ok so", "so", "lol", "hey", "well", "haha", "oh"),
}
FILLERS_END = {
    "zh": ("呀", "哈哈", "啦", "哦", "哈", "~", "嘿嘿", "哈哈哈"),
    "en": ("lol", "haha", "ok", "btw", "fyi", "lol ok", "hehe"),
}
FILLERS_MIDDLE = {"zh": ("嗯", "那个", "就是", "呃"), "en": ("um", "uh", "like", "so")}

# In front of a new fact or a question: an apology that corrects nothing.
APOLOGIES = {
    "zh": ("不好意思，", "抱歉，刚才忘了记，", "sorry 忘了说，", "差点忘了，", "刚才忘记发了，", "不好意思打扰一下，"),
    "en": ("sorry, ", "sorry forgot to log this earlier, ", "oops forgot to say, ", "my bad, late update: ",
           "sorry for the late update, "),
}
QUESTION_APOLOGIES = {
    "zh": ("不好意思，问一下，", "打扰一下，", "抱歉问下，"),
    "en": ("sorry, quick question: ", "sorry to bother, ", "sorry, "),
}
# A correction of what was just said: {q} is the quantity said again, {text} the whole fact said again.
CORRECTIONS_SHORT = {
    "zh": ("说错了，是{q}", "不好意思，记错了，应该是{q}", "不对，是{q}", "发错了，应该是{q}"),
    "en": ("sorry, I meant {q}", "actually it was {q}", "no wait, {q}", "sorry, typo, {q}"),
}
CORRECTIONS_FULL = {
    "zh": ("写错了，{text}", "不好意思说错了，{text}"),
    "en": ("scratch that, {text}", "sorry, wrong number: {text}"),
}

EMOJI = {
    "zh": ("😊", "👍", "[捂脸]", "[呲牙]", "🙏", "😂", "[爱心]", "🥰", "[偷笑]"),
    "en": ("🙂", "👍", "😂", "🙌", "❤️", "😅", "✨", "🥰", "🤞"),
}

# A grown-up's own drink, nap, meal or night in the same message (the subject is plainly not the baby).
GROWN_UPS_FRONT = {
    "zh": ("我刚喝了杯咖啡", "爸爸在沙发上睡着了", "我昨晚没睡好", "奶奶去睡午觉了", "我饿死了，刚吃完饭",
           "老公刚喝了罐啤酒"),
    "en": ("I just had my coffee", "Dad's asleep on the couch", "I barely slept last night", "Grandma is napping",
           "finally ate lunch myself", "I'm on my third coffee"),
}
GROWN_UPS_END = {
    "zh": ("我也去眯一会儿", "我去喝杯咖啡", "我也要睡了", "爸爸还没醒呢", "我先吃口饭", "我自己还没吃饭"),
    "en": ("I'm going to nap too", "now I need a coffee", "Dad's still sleeping", "I'm grabbing a snack",
           "I haven't eaten yet myself"),
}
# Words that name the baby, so a grown-up's fact can come first without making the subject unclear.
NAMES_THE_BABY = {"zh": r"宝宝|小米|她|他|孩子", "en": r"\b(?:she|her|he|him|Mia|baby)\b|\bshe's\b"}

# Another member's message, about something else; the second kind names a time or a number.
OTHERS_PLAIN = {
    "zh": ("晚上吃什么？", "快递到了，我下去拿一下", "我在超市，还要买什么吗", "车停好了", "今天好热啊",
           "妈你先去休息吧", "尿不湿快用完了，我下班买"),
    "en": ("what's for dinner?", "the package came", "I'll pick up groceries", "traffic is terrible", "mom says hi",
           "we're almost out of diapers, I'll grab some", "can you call the pediatrician's office tomorrow?"),
}
OTHERS_TIMED = {
    "zh": ("我7点到家", "明天几点出门？", "我下午3点要开个会", "还有20分钟到", "奶粉还剩半罐", "我6点半下班"),
    "en": ("I'm home at 7", "running 10 min late", "meeting until 4", "be there in 20", "there's half a can of "
           "formula left", "leaving work at 5:30"),
}

# Voice typing: how a dictated message opens and ends, and the units a dictation engine spells out.
VOICE_OPENERS = {"zh": ("嗯那个", "就是", "跟你说一下", "我说一下哈"),
                 "en": ("ok so", "um so", "hey so", "so uh", "yeah so")}
VOICE_CLOSERS = {"zh": ("就这样", "嗯对", "就这些", "嗯"),
                 "en": ("and yeah", "so yeah that's it", "and um that's all", "okay")}
VOICE_UNITS = {
    "zh": {"ml": "毫升", "ML": "毫升", "cc": "毫升", "kg": "公斤", "cm": "厘米", "g": "克", "℃": "度"},
    "en": {"oz": "ounces", "ml": "milliliters", "lb": "pounds", "in": "inches", "min": "minutes", "F": "degrees",
           "g": "grams", "kg": "kilograms", "cm": "centimeters"},
}

# Pinyin-input slips: the same sound, another character; the meaning stays plain to a reader.
ZH_HOMOPHONES = (("喝", "和"), ("喂", "为"), ("吃", "迟"), ("左边", "做边"),
                 ("右边", "又边"), ("尿布", "尿不"), ("已经", "以经"), ("一下", "一夏"), ("体温", "体问"),
                 ("睡着", "睡找"), ("奶粉", "奶分"), ("配方", "配放"), ("母乳", "母入"), ("吸奶", "希奶"),
                 ("多少", "多收"), ("几次", "几此"), ("时候", "时后"), ("宝宝", "宝包"), ("换了", "换啦"),
                 ("趴了", "趴啦"), ("拉了", "啦了"), ("记一下", "记一夏"), ("现在", "现再"))
QWERTY_NEIGHBOURS = {
    "a": "sq", "b": "vn", "c": "xv", "d": "sf", "e": "wr", "f": "dg", "g": "fh", "h": "gj", "i": "uo", "j": "hk",
    "k": "jl", "l": "k", "m": "n", "n": "bm", "o": "ip", "p": "o", "r": "et", "s": "ad", "t": "ry", "u": "yi",
    "v": "cb", "w": "qe", "y": "tu",
}
