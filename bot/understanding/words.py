"""Every word the rules listen for, once: Chinese and English baby-care chat as patterns.

Grouped by what they name (answers to the bot, record types and their values, questions). A
reader's grammar (a pattern with numbers and captures around these words) stays in its reader;
the words themselves live only here. Time words (今天, 昨晚, 凌晨, tonight, …) live with the time
reader in bot/understanding/time/words.py; questions build on them.
"""
from __future__ import annotations

import re

from bot.understanding.lexicon import MEASURE_EN, MEASURE_SIZE_ZH, MEASURE_ZH
from bot.understanding.time.words import NIGHT_WORDS, day_words_for
from domain.vocabulary import FeedingKind, FeedingMethod


def _words(pattern: str) -> re.Pattern[str]:
    return re.compile(pattern, re.I)

_P = r"[\s,，。.!！~～…]*"
_YES = (r"确认|确定|对的?|是的|是|好的?|好滴|没错|没问题|嗯+|可以|行|记吧|记上|就这样|就现在|对对|ok|okay|yes|yep|yeah|"
        r"confirm|correct|sure|right|y|that's right|thats right|correct")
CONFIRM = re.compile(rf"^{_P}(?:(?:{_YES}){_P}){{1,3}}$", re.I)        # 对 没错 / yes correct / 确认
_NO = (r"算了|取消|不用了?|不要了?|不记了|别记了|先不记|不用记了?|不要记了?|不改了|不用改了?|别改了|先不改了?|"
       r"cancel(?: (?:it|that))?|never ?mind|nvm|forget it|leave it|don'?t change it|keep it|don'?t log it|no|nope|stop")
CANCEL = re.compile(rf"^{_P}(?:(?:{_NO}){_P}){{1,3}}(?:吧|了)?{_P}$", re.I)
# a strong cancel word first, then why (never mind, mom already logged it / 取消 他打错了 / 算了 不记了 忘了多少):
# a cancel only while something waits, and only when the rest says no number (scratch that, 5 not 4 is a correction)
CANCEL_WITH_REASON = re.compile(r"^[\s,，。.!！~～…]*(?:(?:actually|oh|ok|okay|oops|sorry|哦|噢|啊|额)[\s,，。.!！]*)?(?:算了|取消|不用记了?|别记了|不记了|不要记了?|先不记了?|"
                                r"cancel(?: (?:it|that))?|never ?mind|nvm|forget it)(?:[\s,，。.!！]+|(?=不|别))"
                                r"(?P<reason>[^\d]*)$", re.I)
# yes confirm, sorry got distracted / 对的 不好意思刚看到: a yes, and why it came late
CONFIRM_WITH_REASON = re.compile(rf"^{_P}(?:(?:{_YES}){_P}){{1,3}}[\s,，。.!！]+(?:sorry|my bad|oops|不好意思|抱歉|刚看到|刚才在忙)"
                                 r"[^\d]*$", re.I)
UNDO = re.compile(r"^\s*(撤销|撤回|undo)\b|^\s*(撤销|撤回)", re.I)
CORRECTION = re.compile(r"^\s*(?:(?:哦|噢|喔|呃|额|诶|哎|唉|oh|ah|hmm|um|erm?)[,，\s]*)?((?:不是|不对)(?:[,，\s]*(?:不是|不对))*|不(?:[,，\s]*不)+(?=[,，\s]|是|\d)|错了|搞错了|记错了|(?:还是)?改成|改为|(?:还是)?换成|应该是|其实是|no[,，]|no wait|wait[,，]? no|not |actually|"
                        r"wrong|oops|i mean|sorry(?:[,，]|\s+(?=\d))|make that|make it|scratch that|correction[:：,，]?|"
                        r"(?:switch|change) (?:it|that) to)", re.I)

FEEDING_WORDS = re.compile(r"奶|瓶|哺乳|亲喂|辅食|米粉|feed|fed\b|bottle|nursed|nursing|breastfe|formula", re.I)
EATING_VERBS = re.compile(r"喝|(?<![多少些点买带])吃(?!的(?:[了呢啊呀吧\s，,。!！]|$))|(?<!好多)吃(?=的[\u4e00-\u9fff])|喂|瓶喂|\bdrank\b|\bdrink|\bfed\b|\bfeed|\bate\b|\beat(?:s|ing|en)?\b|bottle of", re.I)
# grown-ups' meals: 周末去吃烤鸭吧 is chatter, not a feed (unless a baby food or an amount is said)
ADULT_MEAL = re.compile(r"去吃|出去吃|吃饭|吃个饭|下馆子|饭店|餐厅|外卖|火锅|烤鸭|烧烤|聚餐|咱们吃|我们吃|我吃|你吃|"
                        r"吃什么好|let'?s (?:go )?(?:eat|get)|go out (?:to|for)|restaurant|takeout|take-out|dinner out", re.I)
CHAT_QUESTION = re.compile(r"什么|吗[?？]?$|呢[?？]?$|what|\?$|？$", re.I)

BIRTH_DATE = re.compile(r"(?:生日|出生日期|出生|birthday|birth ?date|born)\D{0,8}?(\d{4})\s*[年/.-]\s*(\d{1,2})\s*[月/.-]\s*(\d{1,2})", re.I)
SEX_CHANGE = re.compile(r"性别\D{0,6}?(男|女)|(?:是|改成)(男孩|女孩|男宝|女宝)|(?:是个|是一个|生了个)(小子|儿子|闺女|女儿|小公主)|"
                        r"\b(?:is|(?:she|he)(?:'s|’s)) an? (boy|girl)\b|\bsex\b\D{0,8}(male|female)", re.I)
BIRTH_WEIGHT = re.compile(r"出生体重\D{0,6}?(\d+(?:\.\d+)?)\s*(kg|公斤|千克|斤|g|克)?|birth weight\D{0,6}?(\d+(?:\.\d+)?)\s*(kg|g|lb)?", re.I)
SEX_WORD = re.compile(r"(男孩|女孩|男宝|女宝|\bboy\b|\bgirl\b)", re.I)   # beside a birth date: the sex too
# a name as said after 叫 / 是: never a question word (名字叫什么好), ending at a particle or a pause
_A_NAME = r"\s*(?!什么|啥|哪|吗|谁)([\w\u4e00-\u9fff]{1,10}?)(?=[啦了吧呀哈啊呢，,。!！\s]|$)"
NICKNAME = re.compile(rf"(?:小名(?:就|也|都)?(?:叫|是|改成)|(?:我们|家里|平时|平常)[^，,。\d]{{0,4}}叫(?:她|他)){_A_NAME}|"
                      r"nickname (?:is|to) (\w{1,20})", re.I)
# 大名定了，叫陈一诺 / 大名终于定下来了 叫林知夏: what it was decided to be
NAME_CHANGE = re.compile(rf"(?:名字|大名)(?:(?:终于|已经)?定(?:下来)?了[，,!！\s]*)?(?:就)?(?:叫|是|改成|改为){_A_NAME}|"
                         r"name (?:is|to) (\w{1,20})", re.I)
_DOWN_OR_UP = r"\b(?:she|he|baby|the baby|they)(?:'s|’s| is| was| went)\s+(?:down|up)\b(?!\s+(?:to|by \d+ ?(?:ml|oz)))"
SLEEP_WORDS = re.compile(rf"睡|醒|午觉|小觉|夜觉|sleep|slept|nap(?!p(?:y|ies))|asleep|woke|awake|bed|\bkip\b|{_DOWN_OR_UP}|"
                         r"\bdown for the night\b", re.I)
ASLEEP_WORDS = _words(r"睡|sleep|asleep|nap")          # asleep, as opposed to awake (趴着睡着了 is sleep)

# milk expressed before and given now (EBM, 冻奶, thawed milk): a breast-milk bottle feed, not a pumping session
STORED_MILK_PATTERN = (r"[挤吸]出来的(?:母乳|母奶|奶)|吸好的(?:母乳|母奶|奶)|(?:冷)?冻(?:的)?(?:母乳|母奶|奶)|"
                       r"存(?:的|好的)?(?:母乳|母奶|奶)|(?:母乳|储奶)袋|解冻(?:的|了)?(?:母乳|母奶|奶)|\bEBM\b|\bexpressed (?:breast ?)?milk\b|"
                       r"(?<=ml|oz)\s+(?:of\s+)?expressed\b|(?<=mls)\s+(?:of\s+)?expressed\b|"
                       r"\b(?:pumped|frozen|thawed|defrosted|stored|freezer) (?:breast ?)?milk\b|"
                       r"\bbreast ?milk (?:i|we) (?:pumped|expressed)\b|\bmilk (?:i|we) (?:pumped|expressed)\b")
STORED_MILK = re.compile(STORED_MILK_PATTERN, re.I)
KIND_WORDS: list[tuple[re.Pattern[str], FeedingKind]] = [
    (re.compile(r"(?:加了?)?(?:母乳)?强化剂|强化|fortified|fortifier", re.I), FeedingKind.FORTIFIED_BREAST_MILK),
    (re.compile(r"配方奶|奶粉|配方|formula", re.I), FeedingKind.FORMULA),
    (re.compile(STORED_MILK_PATTERN + r"|母乳|人奶|亲喂|吃奶(?!粉)|哺乳|breast ?milk|breastmilk|nursed|nursing|breastfe", re.I), FeedingKind.BREAST_MILK),
    (re.compile(r"辅食|米粉|米糊|[果菜肉薯瓜]泥|\w泥|蛋黄|粥|面条|solids?\b|puree|cereal|oatmeal|banana|avocado", re.I), FeedingKind.SOLID_FOOD),
    (re.compile(r"喝水|[喝喂]了?(?:点|些|一点|一些|\d*\s*(?:ml|毫升)?的?)(?:温开?|白开|凉白开)?水(?![果样])|喂水|温开?水(?![澡果])|白开水|"
                r"凉白开|(?:cooled\s+)?boiled\s+water|\bwater\b", re.I), FeedingKind.WATER),
]
DIRECT_BREAST = re.compile(r"亲喂|直喂|吃母乳|喂母乳|吸了?[左右两]|[左右两]边|左侧|右侧|双侧|nursed|nursing|breastfed|breastfeeding|on the (left|right)|(?:left|right) side|both sides|"
                           r"\d+\s*(?:min|mins|minutes)\s+(?:on the\s+)?(?:left|right)\b|\b(?:left|right)\s+(?:for\s+)?\d+\s*(?:min|mins|minutes)\b", re.I)
_ABOUT = r"[\d点分钟时度克斤两lz]"          # what 左右 follows when it means "about"
SIDE_WORDS: list[tuple[re.Pattern[str], FeedingMethod]] = [
    # 左右 after an amount or a time is "about" (15分钟左右, 10点左右), not both sides
    (re.compile(rf"两边|双侧|(?<!{_ABOUT})左右|左(?!右)[^左右]*右|右(?!左)[^左右]*左|both", re.I), FeedingMethod.BOTH_BREASTS),
    (re.compile(rf"左(?!右)|(?<!{_ABOUT})左(?=右)|left", re.I), FeedingMethod.LEFT_BREAST),
    (re.compile(rf"(?<!左)右|(?<!{_ABOUT}左)右|right", re.I), FeedingMethod.RIGHT_BREAST),
]
FOOD = re.compile(r"(米粉|米糊|果泥|菜泥|蛋黄|肉泥|粥|面条|南瓜泥|苹果泥|香蕉|胡萝卜泥|土豆泥|蔬菜泥|rice cereal|oatmeal|puree|banana|avocado)", re.I)

AMOUNT_ML = re.compile(r"([-−]?\d+(?:\.\d+)?)\s*(ml|毫升|cc|mls|毫)(?![a-z])", re.I)
AMOUNT_OZ = re.compile(r"([-−]?\d+(?:\.\d+)?)\s*(oz|ounces?|盎司)", re.I)
AMOUNT_G = re.compile(r"([-−]?\d+(?:\.\d+)?)\s*(g|克|grams?)(?![a-z])", re.I)
# a number before a measure word is a count (两袋, 2 bottles: lexicon.MEASURE_*), never an amount in ml
BARE_NUMBER = re.compile(r"(?<![\d.:老])(\d{1,4}(?:\.\d+)?)(?![\d.:]|\s*(点|:|分钟|分|个|小时|次|h|min|天|岁|号|月|周|am|pm|ml|毫升|oz|g|克|宝|"
                         rf"[{MEASURE_SIZE_ZH}]?(?:{'|'.join(MEASURE_ZH)})|(?:{'|'.join(MEASURE_EN)})s?\b))", re.I)

FELL_ASLEEP = re.compile(r"睡着了|睡着的|(?<!没)睡着(?=$|[\s,，。.!！~～])|入睡的|睡了(?=$|[\s,，。.!！~～]|[啦哦呢吧呀])|睡午觉了|在睡午觉|\b(?:she|he|baby|they)(?:'s|’s| is| went)\s+down\b(?!\s+to)|睡下了|哄睡了|入睡了|刚睡|去睡了|"
                         r"又睡了|又睡着|睡回笼觉|回笼觉|就睡了|也睡了|哄睡$|"
                         r"fell asleep|is asleep|(?:'s|’s) asleep|went down|gone to sleep|down for (a|her|his|the) nap|down for the night|went to sleep|gone down|"
                         r"back asleep|asleep again|back to sleep|went back down|been asleep|asleep since|"
                         r"\b(?:she|he|baby|they)(?:'s|’s| is)\s+(?:out|napping|sleeping)\b|out like a light|conked out|zonked out|"
                         r"\bnight night\b|napping now|sleeping now|(?:'s|’s|\bis)\s+(?:finally|now|fast|sound|totally)\s+asleep|"
                         r"\bfinally (?:asleep|down|out)\b|\bput (?:her|him|them|the baby|baby)\s+(?:down|to bed)\b", re.I)
WOKE_UP = re.compile(r"(?<!没)醒了|睡醒|刚醒|醒来|醒啦|起床了|就醒了|醒的$|醒的[,，\s]|woke up|is awake|just woke|awake now|"
                     r"\b(?:was|is|'s|’s) up (?:at|since|around|about)\b|\bup at \d|\bawake (?:at|since)\b|\bwoke at\b|\bwoke\b|"
                     r"\b(?:she|he|baby|they)(?:'s|’s| is)\s+(?:up|awake)\b|\bup from (?:her|his|the|a|their) nap", re.I)
# both boys asleep / the twins are asleep: asleep now, said of them (kept out of FELL_ASLEEP, whose words are the
# record vocabulary spans.py checks typos against: boys / girls are no record words)
ASLEEP_NOW = re.compile(r"\b(?:both|boys|girls|babies|kids|twins|are|now)\s+(?:now\s+)?asleep\b", re.I)
STILL_ASLEEP = re.compile(r"还没醒|还在睡|还睡着|没醒呢|仍在睡|没睡醒|still (?:asleep|sleeping|napping|down|out)|not (?:awake|up) yet|"
                          r"(?:has|have)n'?t (?:woken|woke|gotten up)|not woken", re.I)
NIGHT_WAKINGS = re.compile(r"(?:夜醒|醒了?|起夜|woke(?: up)?|(?<![a-z])up|waking up)\s*"
                           r"(?:(?P<n>\d+)\s*(?:次|回|times?)|(?P<word>once|twice)\b)", re.I)
WAKING_WORDS = {"once": 1, "twice": 2}
NO_WAKINGS = re.compile(r"(?<!还)没醒(?!呢)|一觉到天亮|睡整觉|整觉|没有醒|slept through", re.I)
NAP = re.compile(r"午睡|小睡|午觉|小觉|\bnap\b|\bcat ?nap\b|\bkip\b|\bsnooze\b", re.I)

# pictures asked for in chat (readers/questions.py): 这周睡眠图 / 作息图 / 喂奶趋势 / sleep chart / rhythm chart
PICTURE_WORDS = _words(r"图表|[^照]图$|[^照]图[吗呢?？!！。,，\s]|^图|趋势|走势|\bcharts?\b|\bgraphs?\b|\btrends?\b|\bplot\b")
RHYTHM_WORDS = _words(r"作息|规律图|\brhythm\b|\broutine chart\b|\bdaily pattern\b|\bschedule chart\b")
GROWTH_CHART_WORDS = _words(r"生长|成长|体重|身高|身长|头围|growth|weight|height|length|head")
MILK_WORDS = _words(r"奶量|喂奶|吃奶|喝奶|\bmilk\b|\bfeeds?\b|\bfeeding\b|\bbottles?\b")
WEEK_CHART_WORDS = _words(r"这周|本周|一周|7天|七天|每日|每天|\bweek(ly)?\b|\bdaily\b|\bsummary\b")
SUMMARY = re.compile(r"^\s*summary\s*$|总结|汇总|小结|怎么样[?？]?$|how was (today|the day|this week)|daily report", re.I)

# --- diapers ------------------------------------------------------------------------------
DIAPER_WORDS = _words(r"尿布|尿步|换尿|尿不湿|尿片|纸尿裤|拉拉裤|diapers?|nappy|nappies|"
                      r"\bchanged (?:her|him|the baby|bub|them)\b(?! (?:clothes|outfit|onesie|top|shirt|into))")
WET_WORDS = _words(r"尿|小便|嘘嘘|湿|\bwet\b|\bpee(?:d|s)?\b|\bwee(?:d)?\b|\burinated\b")
SOLID_WORDS = _words(r"拉了|拉过|拉屎|拉粑粑|拉粑|拉便|便便|臭臭|大便|粑粑|屎|排便|胎便|拉了?一?泡|噗噗|\bblowout\b|"
                     r"(?<=[也又还都])啦了|"        # 尿了也啦了: the homophone typed for 拉
                     r"\bpoo(?:p|ped|py|s)?\b|\bdirty\b|\bsoiled\b|\bbm\b|\bstool\b|\bsolid\b|\b(?:passed|had|did)\s+(?:a\s+|loose\s+|hard\s+)?motions?\b")
WET_AND_SOLID = _words(r"都有|又尿又拉|又拉又尿|尿了也拉了|拉了也尿了|"      # both: a mixed one, not both babies (both pooped)
                       r"\bboth\b(?!\s+(?:of\b|babies|kids|twins|boys|girls|(?:just\s+|also\s+)?(?:pooped|pooed|peed|"
                       r"wee'?d|had|did|were|are|have|went|got|needed|filled|soaked|blew)\b))")
NOT_WET = _words(r"没(?:有)?(?:尿|小便)|\bno pee\b|\bnot wet\b")
NOT_SOLID = _words(r"没(?:有)?(?:拉|便便|大便|臭臭)|\bno poop\b|\bnot dirty\b|(?<=wet)[^.!?]{0,30}\bnothing else\b|\bjust wet\b|\bonly wet\b")
NOT_A_DIAPER = _words(r"拉肚子|拉链|拉着|拉住")
STOOL_COLORS: list[tuple[re.Pattern[str], str]] = [
    (_words(r"墨绿|绿|green(?:ish)?"), "green"),
    (_words(r"黑|胎便|black|tarry"), "black"),
    (_words(r"棕|褐|咖啡|brown"), "brown"),
    (_words(r"黄|yellow(?:ish)?|mustard"), "yellow"),
]
STOOL_CONSISTENCIES: list[tuple[re.Pattern[str], str]] = [
    (_words(r"水样|水便|蛋花|像水|\bwatery\b"), "watery"),
    (_words(r"稀|\bloose\b|\brunny\b"), "loose"),
    (_words(r"糊状|偏软|软|\bsoft\b|\bmushy\b|\bpasty\b"), "soft"),
    (_words(r"成形|成型|条状|\bformed\b|\bwell[- ]formed\b"), "formed"),
    (_words(r"干硬|很硬|硬|羊屎|颗粒状|\bhard\b|\bpellets?\b"), "hard"),
]

# --- growth -------------------------------------------------------------------------------
WEIGHT_WORDS = _words(r"体重|称了|称重|重量|\bweigh(?:s|ed|t|ing)?\b")
HEIGHT_WORDS = _words(r"身高|身长|长度|个子|\bheight\b|\blength\b|\blong\b|\btall\b")
HEAD_WORDS = _words(r"头围|\bhead\b")
GAINED = _words(r"长了|重了|涨了|增加了|胖了|瘦了|轻了|少了|gained|lost")

# --- pumping and tummy time ----------------------------------------------------------------
PUMPING_WORDS = _words(r"吸奶器(?:吸的|吸出来的|吸了)?|[吸挤泵]完?了?(?:[1一]?[次回下]|会儿)?奶|[吸挤]了?(?:左|右)边|(?:左|右)边[吸挤]|[吸挤](?:完|好)了?(?![口下])|[吸挤]了(?=\s*$)|[吸挤]了?[两双]边|[两双]边[吸挤]|背奶|吸出来|挤出来|吸出|挤出|[吸挤]了\s*\d+(?:\s*(?:ml|毫升|cc|多))?(?![\d口下次])|\bpump(?:ed|ing|s)?\b|"
                       r"\bexpress(?:ed|ing)\b")
PUMP_SIDES: list[tuple[re.Pattern[str], str]] = [
    (_words(r"两边|两侧|双侧|双边|左右|左.*右|右.*左|\bboth\b|\beach side|left.*right|right.*left"), "both"),
    (_words(r"左|\bleft\b"), "left"),
    (_words(r"右|\bright\b"), "right"),
]
EACH = _words(r"各|each")
TUMMY_WORDS = _words(r"趴|俯卧|tummy")
MILESTONES: list[tuple[re.Pattern[str], str]] = [
    (_words(r"(?:会)?抬头|头(?:能|会|都能)?抬(?:起来|得起来)?了?|lift(?:s|ed)? (?:her|his|the) head|hold(?:s)? (?:her|his) head up|"
            r"head up"),
     "抬头 / head up"),
    (_words(r"(?:会)?翻身|roll(?:ed|s)? over"), "翻身 / rolled over"),
    (_words(r"(?:会)?撑起|push(?:ed|es)? up"), "撑起 / pushed up"),
    (_words(r"(?:会)?(?<!趴)爬|crawl\w*"), "爬 / crawled"),
]

# --- health -------------------------------------------------------------------------------
# where a temperature was taken (a number said with one is a temperature: 100.4 rectal, 腋下36.8)
TEMP_SITES = (r"腋下|腋温|耳温枪|耳温|额温枪|额温|肛温|口温|体温计|温度计|华氏|摄氏|\brectal(?:ly)?\b|\borally\b|"
              r"\boral\b|\bunder (?:the|her|his) arm\b|\bunderarm\b|\barmpit\b|\baxillary\b|\bforehead\b|"
              r"\bin (?:the|her|his) ear\b|\bear (?:temp|thermometer)\b|\bthermometer\b|\bfahrenheit\b|\bcelsius\b")
TEMPERATURE_WORDS = _words(r"体温|发烧|发热|烧到|低烧|高烧|量了?体温|\btemps?\b|\btemperatures?\b|\bfever\b|"
                           + TEMP_SITES)
FEELS_WARM = _words(r"摸着|摸起来|摸了?摸|烫|\bfelt (?:warm|hot)\b|\bfeels? (?:warm|hot)\b|\bwarm to the touch\b|"
                    r"(?<![a-z])burning up\b|\b(?:she|he)(?:'s|’s| is) (?:\w+ )?(?:hot|warm)\b")
NOT_THE_BABYS_TEMPERATURE = _words(r"奶温|水温|室温|房间|屋里|空调|洗澡水|room|water|bath")
MEDICINE_NAMES = (r"美林|泰诺林|泰诺|布洛芬|对乙酰氨基酚|扑热息痛|维生素\s*D3?|维生素\s*AD|维D|VD|AD滴剂|伊可新|星鲨|"
                  r"益生菌|妈咪爱|蒙脱石散|思密达|小儿\w{1,4}颗粒|头孢\w{0,4}|阿莫西林|开塞露|西甲硅油|"
                  r"tylenol|motrin|advil|calpol|ibuprofen|acetaminophen|paracetamol|vitamin\s*d|probiotics?|"
                  r"gripe water|simethicone|amoxicillin|antibiotics?|nurofen|panadol|children's panadol|infant panadol")
MEDICINES = _words(MEDICINE_NAMES)
MEDICATION = _words(r"吃药|喂药|用药|药|medicine|medication|\bmeds?\b|\bdose\b")
SYMPTOMS: list[tuple[str, str]] = [
    (r"吐奶", "吐奶"), (r"呕吐|吐了", "呕吐"), (r"拉肚子|腹泻", "腹泻"), (r"便秘", "便秘"),
    (r"咳嗽|咳了", "咳嗽"), (r"流鼻涕|鼻涕", "流鼻涕"), (r"鼻塞", "鼻塞"), (r"打喷嚏", "打喷嚏"),
    (r"尿布疹|红屁股|(?:屁屁|屁股|小屁股|pp)(?:有点|有些|有一点|很|好|都|还)?(?:发)?红", "红屁股"),
    (r"起疹子|出疹子|疹子|湿疹|红疹|皮疹", "起疹子"), (r"(?:抓|揪|拽|挠|扯|拉)(?:自己的?)?耳朵", "抓耳朵"), (r"发烧|发热|低烧|高烧", "发烧"),
    (r"肠绞痛|胀气", "胀气"), (r"哭闹不止", "哭闹不止"),
    (r"spit(?:ting)? up|spat up", "spit up"), (r"vomit\w*|threw up|throwing up", "vomiting"),
    (r"diarrh?o?ea|diarrhea", "diarrhea"), (r"constipat\w*", "constipation"),
    (r"(?<![a-z])cough\w*", "cough"), (r"runny nose|snott\w*", "runny nose"), (r"stuffy nose|congest\w*", "congestion"),
    (r"sneez\w*", "sneezing"), (r"diaper rash|nappy rash", "diaper rash"), (r"(?<![a-z])rash\w*|eczema", "rash"),
    # pulling at her ear (spelled pul+ / tug+ so that pull, full … do not join the typo vocabulary of spans.py)
    (r"\b(?:pul+|tug+|rub+)(?:ing|ed|s)?\s+(?:at\s+|on\s+)?(?:her|his|the)\s+(?:left\s+|right\s+)?ear(?:s)?\b|"
     r"\bear[- ]?(?:pul+|tug+)ing\b", "ear pulling"), (r"\bfever\b", "fever"), (r"colic\w*", "colic"),
]
# a vaccine by its name alone (打了百白破 / got his MMR): only names no illness shares (水痘, 手足口, 轮状 and
# rotavirus name the illness too; with 疫苗 / vaccine they are caught by the vaccine words)
VACCINE_NAMES = _words(r"乙肝|卡介苗|百白破|白百破|脊灰|麻腮风|麻风腮|乙脑|流脑|五联|六联|四联|13价|十三价|"
                       r"\bMMRV?\b|\bDTaP\b|\bTdap\b|\bDTP\b|\bhep(?:atitis)?\s?[AB]\b|\bHibs?\b|\bPCV(?:1[35]|20)?\b|"
                       r"\bIPV\b|\bBCG\b|\bMen(?:B|ACWY|C)\b|\b[456]-in-1\b|\bpolio\b")
VACCINE_WORDS = _words(r"(?:打|接种|种)[了完过]?\s*(?:" + VACCINE_NAMES.pattern + r")|疫苗|接种|打针|打了\s*1\s*针|预防针|vaccin\w*|"
                       r"immuni[sz]\w*|\bshots?\b|\bjabs?\b|" + VACCINE_NAMES.pattern)
DOCTOR_WORDS = _words(r"看医生|看病|去医院|医院|体检|儿保|复查|门诊|急诊|诊所|doctor|\bdoc\b|\bgp\b|\bdr\.?(?=\s+[a-z])|pediatrician|paediatrician|"
                      r"check-?up|hospital|clinic|\bER\b|well[- ]baby")
# weighed at the clinic / 社区医院称的: the place a measurement was taken, not a visit — unless one is told
MEASURED_THERE = re.compile(r"称|量|weigh|measured|\d\s*(?:kg|公斤|斤|lbs?|cm|厘米|公分|in(?:ch(?:es)?)?)\b", re.I)
VISIT = re.compile(r"看医生|看病|看了|去了?[^，,。\s]{0,6}(?:医院|诊所|门诊|急诊)|带[^，,。\s]{0,6}去|就诊|复查|体检|儿保|"
                   r"\b(?:took|take|taking|went|go|going|saw|see|seen|visit(?:ed)?|appointment|appt|check-?up)\b", re.I)

# --- how people name a record they point at (刚才那次喂奶, the 6am feed) -------------------------
RECORD_NAMES: list[tuple[str, str]] = [
    (r"吸奶|挤奶|pump", "pumping"),
    (r"喂奶|喝奶|奶|喂|那顿|那瓶|feed|feeding|bottle", "feeding"),
    (r"尿布|纸尿裤|尿不湿|diaper|napp(?:y|ies)|\bpoo(?:p|py)?\b", "diaper"),    # (before sleep: a nappy is no nap)
    (r"睡眠|睡|sleep|nap", "sleep"),
    (r"体重|身高|身长|头围|growth|weight|height", "growth"),
    (r"体温|吃药|用药|疫苗|症状|temperature|medication|medicine|vaccine", "health"),
    (r"趴|tummy", "tummy_time"),
    (r"备注|笔记|note", "note"),
    (r"照片|photo", "photo"),
]

# --- family codes: one family, several chats --------------------------------------------------
INVITE = _words(r"^\s*/?invite\b|邀请家人|邀请码|家庭码|家庭邀请|invite (?:family|someone|a family member|my)")
START_FAMILY = _words(r"^\s*/?start\s*$|^\s*(?:开始|建立家庭|创建家庭|新建家庭|建家庭)\s*$|^\s*(?:set ?up|start) (?:a |the |our )?family\s*$")
EXPORT = _words(r"^\s*/?export(?:\s+(?:json|csv))?\s*$|导出数据|导出记录|导出全部|数据导出|"
                r"\bexport (?:my |our |the |all )?(?:data|records)\b")
FAMILY_PAGE = _words(r"^\s*/?page\s*$|打开记录页|记录页|家庭页面|看网页|family page|open the page|web page")
INVITE_NOUN = _words(r"邀请|invite")
REVOKE_INVITES = _words(r"取消邀请|作废邀请|邀请码作废|停用邀请|revoke|cancel (?:the |my )?invites?|invite revoke")
JOIN = _words(r"^\s*/?join\s+(?P<code>[A-Za-z0-9-]{4,16})\s*$|^\s*加入(?:家庭)?\s*[:：]?\s*(?P<code2>[A-Za-z0-9-]{4,16})\s*$")
# A join word and the code after it anywhere in a line (the logs cut the code out: bot/logs.py)
JOIN_ARGUMENT = _words(r"((?:加入(?:家庭)?|(?<![A-Za-z])/?join)\s*[:：]?\s*)[A-Za-z0-9-]{4,16}(?![A-Za-z0-9_-])")

# --- settings ---------------------------------------------------------------------------------
REMIND = _words(r"提醒|remind")
TURN_OFF = _words(r"关闭|关掉|取消|不用|不要|别|停止|\boff\b|\bstop\b|don'?t|disable")
NO_FEEDING = _words(r"喂奶|吃奶|喝奶|没喂|没吃|feed|feeding")    # the no-feed reminder's words
SUMMARY_NOUN = _words(r"总结|汇总|小结|summary|report")
SEND_AT = _words(r"每天|改到|改成|设[为成]?|发|send|at\b|every")
PUSH_TO = _words(r"(?:总结|提醒|推送)(?:和提醒|和总结)?(?:都)?(?:发到|发给|发在|发)(?:(?P<private>私聊|每个人|各自)|群里?)|"
                 r"send (?:the )?(?:summary|summaries|reminders?) (?:to (?:the )?)?(?:(?P<private2>private(?:ly)?|each of us)|(?:the )?group)")
IN_ENGLISH = _words(r"(用|说|改成|切换到?)英文|英文回复|reply in english|english please|speak english")
IN_CHINESE = _words(r"(用|说|改成|切换到?)中文|中文回复|reply in chinese|speak chinese|用汉语")

# --- questions --------------------------------------------------------------------------------
ASKS = re.compile(r"多少|几次|几片|几个|几回|几趟|多久|多长|几点|什么时候|几个小时|"
                  r"how much|how many|how long|when did|what time|what'?s the total|"
                  r"\b(?:did|has|have) (?:she|he|the baby|baby|they) (?:nap|napped|sleep|slept|poop|pooped|pee|peed|eat|"
                  r"eaten|drink|drunk|feed|fed)\b", re.I)
LAST = re.compile(r"上次|上一次|最后一次|最近一次|last time|when did|when was|多久没|多长时间没|多久了没|"
                  r"几点(?:喝|吃|喂|换|拉|尿)的|什么时候(?:喝|吃|喂|换|拉|尿)的|how long since|since (?:the |her |his )?last|"
                  r"\blast\b(?! night| week| month| evening| time i said)|\blatest\b|most recent", re.I)
AMOUNT = re.compile(r"\d+(?:\.\d+)?\s*(ml|毫升|cc|oz|g\b|克|kg|斤|cm|分钟|小时|min|h\b|hours?|°|度|℃)", re.I)
TIMELINE = re.compile(r"的记录$|的记录[?？吧呢]|记录了什么|记了什么|记了啥|记录呢|timeline|today's records|"
                      r"records? (for|from) (today|yesterday)|what (did we|was) (record|log)|what's been (recorded|logged)", re.I)

PHOTOS = re.compile(r"(看看|看下|看一下|瞧瞧|给我看|最近的?|今天的?)(宝宝的?)?(照片|相片|图片)|照片呢|(照片|相片)看看|"
                    r"\b(show|see|send)\b.{0,12}\b(photos?|pictures?|pics?)\b|(recent|latest) (photos?|pictures?)", re.I)
NEXT_DOSE = re.compile(r"下次.{0,6}(吃药|喂药|用药|吃|喂)|什么时候(能|可以)?再(吃|喂|用)|\bwhen'?s the next\b|"
                       r"\bwhen is the next\b|\bnext (?:dose|one) of\b|"
                       r"(还要|还有|还得)?多久.{0,3}(能|可以)再?(吃|喂|用)|还要多久|"
                       r"\bnext dose\b|when can (she|he|they|we|i)\b.{0,20}\b(again|another|next|more)\b", re.I)
ASKED_MEDICINES = _words(MEDICINE_NAMES + r"|退烧药")
ASKED_TEMPERATURE = _words(TEMPERATURE_WORDS.pattern + r"|烧退|几度")
ASKED_HIGHEST = re.compile(r"最高|最烧|烧到最|峰值|\b(?:highest|max(?:imum)?|peak(?:ed)?|hottest|top)\b", re.I)
TEMPERATURE_ASK = re.compile(r"最近|上次|最后|多少|几度|怎么样|呢|吗|还烧|latest|last|what|how|\?|？", re.I)
GROWTH = re.compile(r"多重|多沉|几斤|多少斤|多高|长多高|多长了|体重多少|体重是多少|最近.{0,3}体重|现在.{0,3}体重|体重呢|"
                    r"what did (?:she|he|the baby) weigh|how much (?:does|did) (?:she|he|the baby) weigh|"
                    r"身高多少|身长多少|最近.{0,3}身高|身高呢|头围多少|最近.{0,3}头围|"
                    r"how (heavy|tall|long|big) is|(latest|last|current) (weight|height|length|head)|"
                    r"what does (she|he|the baby) weigh|how much (does|did) (she|he|the baby) weigh|weigh now|weight\s*[?？]|height\s*[?？]", re.I)
MEASURE_GIVEN = re.compile(r"\d+(?:\.\d+)?\s*(kg|公斤|千克|斤|克|g\b|lb|cm|厘米|公分|°|度|℃|c\b|f\b)", re.I)

# a question about diapers narrows to wet or dirty only by these (尿布 alone asks about all diapers)
ASKED_SOLID = _words(r"拉了|次拉|拉是|拉的|大号|拉屎|拉粑粑|拉臭臭|便便|大便|粑粑|臭臭|拉几次|\bpoo|\bdirty\b|bowel")
ASKED_WET = _words(r"尿了|尿尿|撒尿|尿是|尿的|小号|尿湿|小便|尿几次|\bpee|\bwet\b")
ASKED_PUMPING = _words(PUMPING_WORDS.pattern + r"|吸奶|吸了多少|挤奶|挤了|泵")
ASKED_FEEDING = _words(FEEDING_WORDS.pattern + "|" + EATING_VERBS.pattern + r"|nurs")

YESTERDAY = day_words_for(-1)
DAY_BEFORE = day_words_for(-2)
THREE_DAYS_BACK = day_words_for(-3)     # 大前天
WEEK = re.compile(r"这周|本周|这个星期|这星期|这礼拜|这个礼拜|this week", re.I)
DAYTIME = re.compile(r"白天|白日|daytime|during the day|in the day", re.I)
NIGHT = _words(NIGHT_WORDS.pattern + r"|今晚|夜晚|tonight")     # a question about the night (晚上睡了多久)
CN_DATE = re.compile(r"(?:(\d{1,2})\s*月\s*)?(?<![\d.])(\d{1,2})\s*(?:日|号)(?![\d])")
MONTHS = ("jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec")
EN_DATE = re.compile(r"\b(jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.?\s+(\d{1,2})(?:st|nd|rd|th)?\b|"
                     r"\b(\d{1,2})(?:st|nd|rd|th)?\s+(?:of\s+)?(jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\b",
                     re.I)

# what shape of answer a question wants (domain/extraction.py QueryShape), and the day's story
ASKED_AVERAGE = re.compile(r"平均|日均|on average|\baverage\b|a day\b|per day", re.I)
ASKED_NAPS = re.compile(r"小睡|午睡|午觉|\bnaps?\b|\bnapped\b|\bnapping\b", re.I)
ASKED_COUNT = re.compile(r"几次|几回|多少次|how many (times|doses)|how often", re.I)
ASKED_SINCE = re.compile(r"多久没|多长时间没|多久了?没有?|how long since|how long has it been since|"
                         r"how long ago (was|did)|time since", re.I)
ASKED_CURRENT_SLEEP = re.compile(r"^\s*(宝宝|她|他)?(已经)?睡(了)?(多久|多长时间|多少时间|几个小时)了\s*[?？吗呢]*\s*$|"
                                 r"how long has (she|he|the baby|baby) been (asleep|sleeping)|"
                                 r"how long (is|has) (she|he|the baby) (been )?(asleep|sleeping)", re.I)
ASKED_DAY_STORY = re.compile(r"what did (she|he|the baby|baby|we) do|what has (she|he|the baby) done|"
                             r"what happened (today|yesterday)|今天(都)?(干|做)了(什么|啥|些什么)|"
                             r"今天(都)?(干|做)(什么|啥)了|今天都有(什么|啥)|昨天(都)?(干|做)了(什么|啥)", re.I)
