"""Words of Chinese and English baby-care chat, as patterns the rules look for."""
from __future__ import annotations

import re

from domain.vocabulary import FeedingKind, FeedingMethod

_P = r"[\s,，。.!！~～…]*"
CONFIRM = re.compile(rf"^{_P}(确认|确定|对的?|是的|是|好的?|好滴|没错|嗯+|可以|行|记吧|记上|ok|okay|yes|yep|yeah|confirm|correct|sure|right|y){_P}(就现在|就这样|没问题|记吧|对)?{_P}$", re.I)
CANCEL = re.compile(rf"^{_P}(算了|取消|不用了?|不要了?|不记了|别记了|先不记|cancel|never ?mind|forget it|no|nope|stop){_P}(吧|了)?{_P}$", re.I)
UNDO = re.compile(r"^\s*(撤销|撤回|undo)\b|^\s*(撤销|撤回)", re.I)
CORRECTION = re.compile(r"^\s*(不是|不对|错了|搞错了|记错了|改成|改为|应该是|其实是|no[,，]|not |actually|wrong|oops|i mean)", re.I)

FEEDING_WORDS = re.compile(r"奶|瓶|哺乳|亲喂|辅食|米粉|feed|fed\b|bottle|nursed|nursing|breastfe|formula", re.I)
EATING_VERBS = re.compile(r"喝|吃|喂|drank|drink|ate\b|eat", re.I)
CHAT_QUESTION = re.compile(r"什么|吗[?？]?$|呢[?？]?$|what|\?$|？$", re.I)

BIRTH_DATE = re.compile(r"(?:生日|出生日期|出生|birthday|birth ?date|born)\D{0,8}?(\d{4})\s*[年/.-]\s*(\d{1,2})\s*[月/.-]\s*(\d{1,2})", re.I)
SEX_CHANGE = re.compile(r"性别\D{0,6}?(男|女)|(?:是|改成)(男孩|女孩|男宝|女宝)|\bis an? (boy|girl)\b|\bsex\b\D{0,8}(male|female)", re.I)
BIRTH_WEIGHT = re.compile(r"出生体重\D{0,6}?(\d+(?:\.\d+)?)\s*(kg|公斤|千克|斤|g|克)?|birth weight\D{0,6}?(\d+(?:\.\d+)?)\s*(kg|g|lb)?", re.I)
NICKNAME = re.compile(r"小名(?:叫|是|改成)\s*([\w\u4e00-\u9fff]{1,10})|nickname (?:is|to) (\w{1,20})", re.I)
NAME_CHANGE = re.compile(r"(?:名字|大名)(?:叫|是|改成|改为)\s*([\w\u4e00-\u9fff]{1,10})|name (?:is|to) (\w{1,20})", re.I)
SLEEP_WORDS = re.compile(r"睡|醒|午觉|小觉|sleep|slept|nap|asleep|woke|awake|bed", re.I)

KIND_WORDS: list[tuple[re.Pattern[str], FeedingKind]] = [
    (re.compile(r"强化|fortified", re.I), FeedingKind.FORTIFIED_BREAST_MILK),
    (re.compile(r"配方奶|奶粉|配方|formula", re.I), FeedingKind.FORMULA),
    (re.compile(r"[挤吸]出来的奶|expressed milk|pumped milk|母乳|人奶|亲喂|吃奶(?!粉)|哺乳|breast ?milk|breastmilk|nursed|nursing|breastfe", re.I), FeedingKind.BREAST_MILK),
    (re.compile(r"辅食|米粉|米糊|[果菜肉薯瓜]泥|\w泥|蛋黄|粥|面条|solids?\b|puree|cereal|oatmeal|banana|avocado", re.I), FeedingKind.SOLID_FOOD),
    (re.compile(r"喝水|喝了?\d*\s*(ml|毫升)?的?水|\bwater\b", re.I), FeedingKind.WATER),
]
DIRECT_BREAST = re.compile(r"亲喂|直喂|吃母乳|喂母乳|吸了?[左右两]|[左右两]边|左侧|右侧|双侧|nursed|nursing|breastfed|breastfeeding|on the (left|right)|both sides", re.I)
SIDE_WORDS: list[tuple[re.Pattern[str], FeedingMethod]] = [
    (re.compile(r"两边|双侧|左右|左.*右|右.*左|both", re.I), FeedingMethod.BOTH_BREASTS),
    (re.compile(r"左|left", re.I), FeedingMethod.LEFT_BREAST),
    (re.compile(r"右|right", re.I), FeedingMethod.RIGHT_BREAST),
]
FOOD = re.compile(r"(米粉|米糊|果泥|菜泥|蛋黄|肉泥|粥|面条|南瓜泥|苹果泥|香蕉|胡萝卜泥|土豆泥|蔬菜泥|rice cereal|oatmeal|puree|banana|avocado)", re.I)

AMOUNT_ML = re.compile(r"([-−]?\d+(?:\.\d+)?)\s*(ml|毫升|cc|mls|毫)(?![a-z])", re.I)
AMOUNT_OZ = re.compile(r"([-−]?\d+(?:\.\d+)?)\s*(oz|ounces?|盎司)", re.I)
AMOUNT_G = re.compile(r"([-−]?\d+(?:\.\d+)?)\s*(g|克|grams?)(?![a-z])", re.I)
BARE_NUMBER = re.compile(r"(?<![\d.:])(\d{1,4}(?:\.\d+)?)(?![\d.:]|\s*(点|:|分钟|分|个|小时|次|h|min|天|岁|号|月|周|am|pm|ml|毫升|oz|g|克))", re.I)

FELL_ASLEEP = re.compile(r"睡着了|睡了$|睡下了|哄睡了|入睡了|刚睡|去睡了|fell asleep|is asleep|went down|gone to sleep|down for (a|her|his) nap|went to sleep", re.I)
WOKE_UP = re.compile(r"醒了|睡醒|刚醒|醒来|醒啦|起床了|woke up|is awake|just woke|awake now", re.I)
NIGHT_WAKINGS = re.compile(r"(?:夜醒|醒了?|起夜|woke(?: up)?)\s*(\d+)\s*(?:次|回|times?)", re.I)
NO_WAKINGS = re.compile(r"没醒|一觉到天亮|睡整觉|整觉|没有醒|slept through", re.I)
NAP = re.compile(r"午睡|小睡|午觉|小觉|\bnap\b", re.I)

SUMMARY = re.compile(r"^\s*summary\s*$|总结|汇总|小结|怎么样[?？]?$|how was (today|the day|this week)|daily report", re.I)
QUERY = re.compile(r"多少|几次|多久|多长|几点|什么时候|几个小时|总共|一共|how much|how many|how long|when did|what time|total", re.I)
QUERY_LAST = re.compile(r"上次|上一次|最后一次|last time|when did", re.I)
TIMELINE = re.compile(r"今天的记录|记录了什么|都记了什么|timeline|today's records", re.I)
YESTERDAY = re.compile(r"昨天|yesterday", re.I)
WEEK = re.compile(r"这周|本周|这个星期|this week", re.I)
