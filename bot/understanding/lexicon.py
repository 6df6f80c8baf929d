"""The words a reading must account for, and the words that carry no fact — as data.

A message is read as spans (spans.py). Record words, numbers and times are the readers'; this file lists
the rest: who a sentence is about (the baby, a grown-up), the cues that say a sentence does not report a
baby fact now (a plan, a question, a habit, a story, a request, a negation…), and the words that carry no
fact at all (particles, fillers, feelings, politeness). A word in none of these lists and used by no reader
is *unexplained*: a reading that leaves one is partial and is never written at once.

Chinese entries are matched anywhere (longest first); English entries are whole words (lower case).
Keep each list to words of its kind: a record word never goes in the no-fact list to make a message pass.
"""
from __future__ import annotations

from enum import StrEnum


class Cue(StrEnum):
    """What in a message says it may not report a baby fact, now (domain: such a reading writes nothing)."""

    PLAN = "plan"                  # 待会 / 准备 / gonna / will / let's: not yet
    HYPOTHETICAL = "hypothetical"  # 如果 / 要是 / if / what if
    QUESTION = "question"          # 吗 / 是不是 / ? / did she …
    HABIT = "habit"                # 一般 / 平时 / usually / every
    NOT_COUNTED = "not_counted"    # 不算 / 别记 / doesn't count / don't log
    STORY = "story"                # 还记得 / 以前 / remember when / used to
    REQUEST = "request"            # 你去… / 你…吧 / can you / please bring
    NEGATION = "negation"          # 没 / 不 / not / didn't (a reader may use it: 没拉 → solid false)
    CORRECTION = "correction"      # 不对 / 说错了 / 其实 / actually / scratch that (a correction reader uses it)
    GROWN_UP = "grown_up"          # a grown-up is who the fact is about (我睡了三小时 / I napped)
    OTHERS = "others"              # 隔壁王姐家闺女 / my sister's bub: someone else's child, never this family's
    STOCK = "stock"                # 奶粉还剩半罐 / we're almost out of diapers: the household's supplies
    PRICE = "price"                # 又涨价了 一罐三百八 / $40 a tub: what things cost, never an amount drunk


# --- words that carry no fact --------------------------------------------------------------------------
# particles, fillers, degree words, feelings, praise, politeness, discourse glue
NO_FACT_ZH = (
    "死了", "量挺多", "量很多", "量不少", "量好多", "片", "涨得厉害", "涨回来了", "涨回来", "涨奶", "涨", "中间", "洗完澡", "洗好澡", "洗了澡", "洗澡", "只有", "有", "对", "就这些", "就这样", "这些", "这样", "嗯对", "对对", "对的", "我说一下", "跟你说一下", "跟你们说一下", "跟你说", "跟你们说", "和你说一下", "告诉你们", "告诉你", "跟大家说一下", "说一下", "汇报一下", "报告一下", "哈哈哈", "哈哈", "嘻嘻", "呵呵", "嘿嘿", "呜呜呜", "呜呜", "嘤嘤", "hhh", "555", "233",
    "困到睁不开眼", "困死了", "困得不行", "眼睛都睁不开了", "睁不开眼", "胳膊都抱麻了", "胳膊都麻了", "手都酸了", "腰都断了",
    "胳膊要断了", "终于能喘口气", "喘口气", "刷会儿手机", "刷手机", "糊得到处都是", "到处都是", "吃得满脸都是", "满脸都是",
    "开始啃手", "啃手", "吃手", "衣服上", "身上", "床上", "裤子上", "地上", "估计是饿了", "饿了", "饿醒", "哭着", "哭醒", "胃口一般", "胃口不好", "胃口很好", "胃口不错", "胃口好", "胃口差", "胃口", "一般般", "真能吃", "就是能吃", "能吃",
    "能喝", "能睡", "贪吃", "贪睡", "终于", "总算", "刚好", "正好", "已经", "然后", "接着", "之后", "还有", "并且", "而且", "同时", "另外", "对了",
    "话说", "那个", "这个", "就是", "反正", "其他", "一共", "总共", "共", "大概", "大约", "差不多", "估计", "应该",
    "可能", "好像", "感觉", "看起来", "貌似", "左右", "上下", "一点点", "一点", "有点儿", "有点", "一些", "一下",
    "一下子", "特别", "非常", "超级", "真的", "真", "挺", "很", "太", "超", "好", "蛮", "比较", "还算", "还行",
    "不错", "顺利", "乖乖", "好乖", "真乖", "乖", "真棒", "好棒", "棒棒", "棒", "厉害", "可爱", "开心", "高兴",
    "满足", "舒服", "香香", "好香", "香", "饱饱", "饱了", "吃饱", "喝饱", "干净", "谢谢", "多谢", "感谢", "辛苦了",
    "辛苦", "麻烦", "请", "帮我", "帮忙", "帮", "记一下", "记下", "记上", "记录一下", "记录", "记着", "记",
    "收到", "好的", "好滴", "嗯嗯", "嗯", "哦哦", "哦", "噢", "喔", "哎呀", "哎", "唉", "诶", "欸", "哇", "呀", "啊",
    "吧", "呢", "啦", "嘛", "咯", "哟", "呗", "么", "了", "的", "地", "得", "着", "过", "就", "都", "也", "还",
    "又", "再", "才", "刚", "可", "把", "给", "被", "让", "从", "在", "于", "到", "和", "跟", "与", "及", "或",
    "这", "那", "这次", "那次", "这回", "一次", "一回", "一顿", "一瓶", "一杯", "这顿", "这瓶", "那瓶",
    "全", "全部", "都是", "一口气", "一直", "马马虎虎", "慢慢", "快快", "很快", "一下就", "没多久",
    "今儿", "刚才那次", "那会儿", "这会儿", "只是", "只", "用", "好多", "很多", "不少", "一堆", "多", "少", "原来", "是", "哈", "忘了记", "忘记记", "忘了说", "忘记说", "忘了发", "forgot to log", "forgot to say", "forgot to mention",
    "forgot to add", "forgot to write", "显示的是", "显示", "还有点", "有点点", "开始", "先", "白天", "不够", "完", "直接", "的时候", "时候", "才发现", "发现", "看到",
    # how a tired grown-up feels and how it went (累死了 眼睛都睁不开 / 哭得稀里哗啦 / 我一个人换两个 手忙脚乱)
    "眼睛都睁不开", "眼睛睁不开", "稀里哗啦", "哭得稀里哗啦", "手忙脚乱", "一个人", "迷迷糊糊", "哼哼唧唧", "一个都没剩", "一滴都没剩", "一口都没剩",
    "一滴不剩", "小祖宗", "累死了", "累死", "心累", "累死我了", "困死我了", "烦死我了", "吓死我了", "急死我了", "气死我了",
    "热死我了", "笑死我了", "一直闹", "闹腾", "闹觉", "哭闹", "闹",
    # where and when the grown-up was (上班间隙吸了60 / pumped before work): the fact's time is still now
    "上班间隙", "上班的时候", "上班时", "上班前", "下班后", "在公司", "在单位", "公司", "单位",
    # where it happened and how it went: no fact of the record (在车上睡着了, 垫子上趴着, 哭了才抱起来)
    "带她去", "带他去", "带宝宝去", "带孩子去", "在家里", "在家", "家里", "去社区", "在社区", "社区", "车上", "车里", "路上", "安全座椅里", "安全座椅", "座椅里", "推车里", "推车", "床上",
    "垫子上", "垫子", "沙发上", "怀里", "外面", "楼下", "公园", "离谱", "早得离谱", "哭了", "哭", "抱起来", "抱着",
    "抱", "玩了", "玩", "练", "能", "起来", "洗好", "洗了", "洗", "屁屁", "衣服", "兜不住", "好重", "重", "乎乎", "黏黏",
    "黏糊糊", "黏", "health visitor", "cat nap", "热了", "热好", "装袋", "装好", "冰箱", "冷冻", "冻上", "冻起来", "存起来", "存好", "存", "加热", "温了", "温好", "光", "那么", "这么", "多么", "嘿", "下", "晚安", "早安", "各位", "大家好", "亲们", "宝们",
)
NO_FACT_EN = frozenset("""
a an the this that these those some any all both each every other another such
it its it's itself is was were are be been being am 's 're 've 'd 'm has had have having did do does done
of in on at to for with from by into onto about around approx approximately roughly like ish until till
and then so but or also plus too as well just only even still already finally again back really very pretty
quite super totally fully mostly almost nearly exactly right over yet
ok okay k kk yay yey phew ugh ugh lol lmao omg haha hahaha hehe hmm hm um umm uh er ah oh ooh wow woo yeah yep
nice good great awesome amazing cute sweet adorable brave champ angel star bless happy relieved proud lovely
well hey hi hello fyi btw update quick quickly note noted log logged logging record recorded please pls plz
thanks thank thx ty cheers love xx xxx x
guys everyone folks team
now today tonight morning afternoon evening night
got get gets getting gave give given took taken first gone went
bath bathed bathtime toast loved love mess messy huge smashed wild ever high new scale breakfast lunch dinner snack mashed pureed seedy sticky car home crib stroller pram couch outside park carrier swing bassinet visitor midwife nurse so down up showed shows reads reading thawed defrosted warmed heated bag bags pouch
time times bit little lot lots whole entire total altogether half
her his their my our
started start starting began begun yes yup after afterwards afterward
same miracle last
hated hate hates enjoyed enjoys liked likes loves screamed cried fussed giggled laughed smiled protested whinged moaned grumbled
hopefully fingers crossed off liquid gold forever ages soaking sopping through chilling chillin relaxing cooing babbling tbh ngl honestly barely imo because cos coz cuz while whilst else smh massive playmat outfit onesie vest clothes sleepsuit babygrow
""".split())

# --- measure words: 1 before one of them is the noun's article, not an amount ----------------------------
# 拉了一大泡, 一坨, 打了一针, 吃了一粒, 一次, one bottle (numerals.normalise has made 一 a 1): the 1 says "a";
# any other number before them is a count, and a count a reading does not use is unexplained (拉了两泡).
MEASURE_ZH = ("泡", "坨", "觉", "次", "回", "段", "粒", "颗", "片", "个", "袋", "包", "盒", "罐", "桶", "针", "剂", "瓶",
              "顿", "餐", "杯", "碗", "勺", "口", "下", "支", "块", "条", "张", "件", "趟", "遍", "阵", "份", "滴")
MEASURE_SIZE_ZH = "大小满整"                     # 一大泡, 一小碗, 一满瓶, 一整瓶
MEASURE_EN = ("bottle", "diaper", "nappy", "nap", "feed", "feeding", "poop", "poo", "pee", "dose", "tablet", "pill",
              "drop", "scoop", "shot", "jab", "spoon", "spoonful", "jar", "pouch", "meal", "snack", "change")
MEASURE_SIZE_EN = ("big", "small", "little", "huge", "tiny", "full", "wet", "dirty", "poopy", "quick", "short",
                   "long", "good", "massive", "giant", "enormous", "monster", "epic", "proper", "soaking")
# for a while, said after a verb (睡了一会儿): how long, not "in a moment" (the plan cue 一会儿)
A_WHILE_ZH = ("了一会儿", "了一会", "了会儿", "了一小会儿", "了一小会", "一小会儿")

# --- who a sentence is about ---------------------------------------------------------------------------
BABY_ZH = ("小宝宝", "宝宝", "宝贝", "小宝贝", "小家伙", "小朋友", "孩子", "娃娃", "小娃", "娃", "闺女", "儿子",
           "女儿", "小宝", "大宝", "二宝", "老大", "老二", "俩宝", "两个宝", "双胞胎", "她俩", "他俩", "她", "他", "它",
           "伢伢", "伢", "宝儿", "崽崽", "崽", "囡囡", "妞妞", "娃儿", "小崽子")
BABY_EN = frozenset("she he her him she's he's shes hes baby bub bubs lo kiddo munchkin twins babies kid kids "
                    "bubba bébé little one".split())
# the baby said without a name: a clause about how it went may hold one (he hated every second)
BABY_PRONOUNS = frozenset(("她", "他", "它", "宝宝", "宝贝", "小家伙", "孩子", "娃", "she", "he", "her", "him", "she's", "he's",
                           "shes", "hes", "baby", "bub", "lo", "kiddo", "little one"))
ADULT_ZH = ("老公", "老婆", "媳妇", "孩他爸", "孩他妈", "孩子他爸", "孩子他妈", "宝妈", "宝爸", "妈妈", "老妈", "妈咪",
            "爸爸", "老爸", "爹", "奶奶", "爷爷", "外婆", "外公", "姥姥", "姥爷", "阿姨", "保姆", "月嫂", "育儿嫂",
            "姐姐", "哥哥", "叔叔", "舅舅", "姑姑", "大姨", "小姨", "医生", "护士", "大夫", "老师", "我们", "咱们",
            "你们", "大家", "他们", "她们", "自己", "我", "你", "咱", "您", "妈", "爸")
ADULT_EN = frozenset("i i'm im i've ive i'd i'll me myself we we're we've us you you're your youre yourself "
                     "mom mum mommy mummy mama momma dad daddy papa grandma granny gran nana nan grandpa grandad "
                     "granddad gramps nanny babysitter sitter hubby husband wife wifey babe honey hon dear "
                     "doctor doc dr gp nurse midwife pediatrician ped paed aunt auntie uncle".split())
# who tells a family how the baby is: what they said of it (医生说没啥事, nurse said totally normal) is their verdict
PROFESSIONALS = frozenset("医生 护士 大夫 doctor doc dr gp nurse midwife pediatrician ped paed".split())
SAYING = frozenset("说 讲 说了 says said say reckons thinks".split())
# what is said of how it went, in several words (like it was nothing, milk drunk, no fuss)
NO_FACT_EN_PHRASES = ("like it was nothing", "like nothing", "like a champ", "like a pro", "like a trooper",
                      "no fuss", "no drama", "no dramas", "in no time", "for once", "thank god", "thank goodness",
                      "touch wood", "knock on wood", "milk drunk", "milk-drunk", "as well", "happy camper",
                      "next to me", "next to her", "next to him", "next to us", "beside me", "on my lap",
                      "that's it", "that's all", "polished it off", "polished off", "finished it all",
                      "drained it", "inhaled it", "pulled a face", "pulled the funniest face", "made a face",
                      "made the funniest face", "funny face", "funniest face", "made a huge mess", "made a mess",
                      "huge mess", "my chunky boy", "my chunky girl", "chunky boy", "chunky girl", "my boy", "my girl",
                      "big boy", "big girl", "good boy", "good girl", "chunky monkey", "took forever", "took ages",
                      "took a while", "warmed it up", "heated it up", "for the first time", "play mat", "play gym",
                      "whole outfit", "lost my mind", "right away", "straight away", "before work", "after work", "at work",
                      "on my break", "on my lunch break", "lunch break", "catching up", "tag team", "at once", "two at once", "not bad", "not too bad",
                      "not so bad", "not bad at all",
                      "both at once")
SECOND_PERSON_ZH = ("你们", "你", "您")
PRONOUNS = frozenset({"我", "你", "您", "我们", "你们", "咱们", "咱", "他们", "她们", "大家", "自己", "i", "i'm", "im", "i've",
                      "ive", "i'd", "i'll", "me", "myself", "we", "we're", "we've", "us", "you", "you're", "youre",
                      "your", "yourself"})
SECOND_PERSON_EN = frozenset("you you're youre your yourself".split())
FIRST_PERSON = frozenset({"i", "i'm", "im", "i'll", "we", "we're", "we'll", "me", "我", "我们", "咱们", "咱"})

# verbs whose subject is the one it happens to: a grown-up as their subject makes the fact the grown-up's
# (我睡了三小时 / I napped / 我喝了咖啡); a grown-up who feeds, changes or puts down the baby is fine
EXPERIENCED_ZH = ("睡", "醒", "喝", "吃", "尿", "拉", "发烧", "烧", "咳", "吐", "歇", "躺", "休息", "打盹", "眯", "打")
DONE_TO_ZH = ("哄", "喂", "换", "给", "冲", "量", "称", "抱", "拍", "帮")       # …the baby: 哄睡, 喂奶, 换尿布
# everyday words a record type also uses: beside another type's fact they are how it was said (he took a nap,
# all up her back, hated every second, right on her line), never a fact of their own
GENERIC_RECORD_WORDS = frozenset("took take takes taken gave give given got get had up down out off every back right "
                                 "over first went".split())
EXPERIENCED_EN = frozenset("slept sleep sleeping napped nap napping dozed dozing drank drink drinking ate eat "
                           "eating had woke wake waking up peed pooped rested rest resting crashed lay lie asleep awake "
                           "tired exhausted eaten eats drinks sleeps naps wakes snack snacking".split())
DONE_TO_EN = frozenset("gave give given giving fed feed feeding changed change changing offered put "
                       "rocked settled".split())     # …to the baby: a grown-up who does it reports the baby's fact

# --- cues: a sentence that may not report a baby fact, now ------------------------------------------------
CUES_ZH: dict[Cue, tuple[str, ...]] = {
    Cue.PLAN: ("我去", "我先去", "试试", "试一下", "要", "待会儿", "待会", "一会儿", "一会", "等会儿", "等会", "等一下", "等下", "回头", "晚点", "准备",
               "打算", "计划", "马上要", "马上", "要去", "去给", "想要", "想", "下次", "下一顿", "下一次", "该"),
    Cue.HYPOTHETICAL: ("如果", "要是", "假如", "假设", "万一", "的话", "要不", "是否"),
    Cue.QUESTION: ("是不是", "有没有", "要不要", "能不能", "可不可以", "会不会", "吗", "么", "为什么", "怎么样",
                   "怎么", "什么", "啥", "几点", "多少", "多久", "哪", "谁", "?", "？"),
    Cue.HABIT: ("一般", "通常", "平时", "平常", "每次", "每天", "总是", "老是", "经常", "习惯", "一向", "向来"),
    Cue.NOT_COUNTED: ("不算", "别记", "不用记", "不要记", "先不记", "不记", "作废", "不作数"),
    Cue.STORY: ("还记得", "记得", "以前", "那时候", "那时", "当时", "小时候", "上个月", "上周", "去年"),
    Cue.REQUEST: ("你去", "你来", "你帮", "你先", "你也", "麻烦你", "帮忙把", "能帮", "帮我倒", "帮我拿", "给我倒", "给我拿",
                  "帮我冲", "帮我热", "帮我买"),
    Cue.NEGATION: ("没怎么", "没有", "没", "不", "别", "未"),
    Cue.STOCK: ("快没了", "快用完", "用完了", "快见底", "见底了", "没货", "囤", "买奶粉", "买尿布", "买纸尿裤", "去买", "下单",
                "罐", "箱", "包尿布", "还剩半"),
    # what grown-ups eat and drink: a clause about it is about a grown-up (刚喝了一大杯美式 / 中午吃的麻辣烫)
    Cue.GROWN_UP: ("咖啡", "美式", "拿铁", "奶茶", "啤酒", "红酒", "喝酒", "麻辣烫", "火锅", "烧烤", "外卖", "泡面", "续命"),
    Cue.OTHERS: ("隔壁", "邻居家", "别人家", "人家孩子", "同事家", "朋友家", "亲戚家", "闺蜜家", "表姐家", "表妹家"),
    Cue.PRICE: ("涨价", "降价", "价格", "价钱", "多少钱", "块钱", "元", "打折", "优惠", "太贵", "好贵", "真贵", "便宜"),
    Cue.CORRECTION: ("不是不是", "不对不对", "不不不", "不对", "说错了", "说错", "记错了", "记错", "写错了", "写错", "发错了", "发错", "打错了",
                     "打错", "看错了", "看错", "搞错了", "搞错", "弄错了", "弄错", "错了", "不好意思", "抱歉",
                     "对不起", "其实", "应该是", "改成", "改为", "还是改成", "换成", "更正", "纠正"),
}
CUES_EN: dict[Cue, tuple[str, ...]] = {
    Cue.PLAN: ("going to", "gonna", "about to", "want to", "wanna", "will", "'ll", "ll", "shall", "should",
               "planning", "plan to", "try", "trying", "later", "soon", "next", "let's", "lets", "need to",
               "needs", "need", "'d like", "might", "tomorrow"),
    Cue.HYPOTHETICAL: ("if", "what if", "whether", "suppose", "in case", "would", "could"),
    Cue.QUESTION: ("?", "how", "what", "when", "where", "why", "who", "which", "whats", "what's", "when's",
                   "whens", "wondering", "wonder", "anyone know", "is it", "did she", "did he", "does she",
                   "does he", "has she", "has he", "is she", "is he", "was she", "was he", "do we", "did we",
                   "did you", "can she", "should i", "should we", "can i", "can we"),
    Cue.HABIT: ("usually", "normally", "typically", "always", "generally", "tends", "every day", "each day",
                "every night", "most days", "most feeds", "used to"),
    Cue.NOT_COUNTED: ("doesn't count", "does not count", "don't count", "dont count", "don't log", "dont log",
                      "don't record", "dont record", "ignore that", "not counting"),
    Cue.STORY: ("remember when", "remember", "back when", "at the hospital", "last week", "last month",
                "when she was", "when he was"),
    Cue.REQUEST: ("can you", "could you", "would you", "will you", "please bring", "bring", "grab", "go to bed",
                  "go sleep", "go nap", "go back to sleep", "go back to bed", "get some sleep", "get some rest",
                  "take her", "take him", "you take", "you do", "your turn"),
    Cue.STOCK: ("almost out", "running low", "running out", "ran out", "out of", "low on", "stock up", "order more",
                "buy more", "pick up more", "grab more", "a can of", "cans", "tub", "a pack of", "packs", "the store"),
    Cue.GROWN_UP: ("coffee", "coffees", "latte", "lattes", "espresso", "cuppa", "cup of tea", "beer", "beers", "wine",
                   "pizza", "takeout", "takeaway", "cocktail", "running on", "surviving on", "functioning on"),
    Cue.OTHERS: ("someone else's", "other people's", "my sister's", "my brother's", "my friend's", "my cousin's",
                 "my neighbour's", "my neighbor's", "our neighbour's", "our neighbor's", "her friend's", "a friend's"),
    Cue.PRICE: ("price", "prices", "cost", "costs", "bucks", "dollars", "quid", "expensive", "pricey", "cheap",
                "on sale", "$", "£", "€", "¥", "￥"),
    Cue.NEGATION: ("not", "no", "n't", "never", "didn't", "didnt", "doesn't", "doesnt", "don't", "dont",
                   "won't", "wont", "wasn't", "wasnt", "isn't", "isnt", "hasn't", "hasnt", "haven't", "havent",
                   "wouldn't", "wouldnt", "none", "nothing", "refused"),
    Cue.CORRECTION: ("should be", "should've been", "should have been", "actually", "no wait", "wait", "sorry", "oops", "scratch that", "make that", "make it",
                     "i meant", "i mean", "typo", "correction", "my bad", "my mistake", "misread", "wrong"),
}
