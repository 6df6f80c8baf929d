"""Words of questions about records: which topic, which day, which part of the day.

Copied or extended from lexicon.py on purpose: the question rules evolve on their own.
"""
from __future__ import annotations

import re

ASKS = re.compile(r"多少|几次|几片|几个|几回|几趟|多久|多长|几点|什么时候|几个小时|总共|一共|"
                  r"how much|how many|how long|when did|what time|\btotal\b", re.I)
LAST = re.compile(r"上次|上一次|最后一次|最近一次|last time|when did|when was|"
                  r"\blast\b(?! night| week| month| evening| time i said)|\blatest\b|most recent", re.I)
AMOUNT = re.compile(r"\d+(?:\.\d+)?\s*(ml|毫升|cc|oz|g\b|克|kg|斤|cm|分钟|小时|min|h\b|hours?|°|度|℃)", re.I)
TIMELINE = re.compile(r"的记录$|的记录[?？吧呢]|记录了什么|记了什么|记了啥|记录呢|timeline|today's records|"
                      r"records? (for|from) (today|yesterday)|what (did we|was) (record|log)|what's been (recorded|logged)", re.I)

PHOTOS = re.compile(r"(看看|看下|看一下|瞧瞧|给我看|最近的?|今天的?)(宝宝的?)?(照片|相片|图片)|照片呢|(照片|相片)看看|"
                    r"\b(show|see|send)\b.{0,12}\b(photos?|pictures?|pics?)\b|(recent|latest) (photos?|pictures?)", re.I)
NEXT_DOSE = re.compile(r"下次.{0,6}(吃药|喂药|用药|吃|喂)|什么时候(能|可以)?再(吃|喂|用)|"
                       r"(还要|还有|还得)?多久.{0,3}(能|可以)再?(吃|喂|用)|还要多久|"
                       r"\bnext dose\b|when can (she|he|they|we|i)\b.{0,20}\b(again|another|next|more)\b", re.I)
MEDICINES = re.compile(r"美林|泰诺林|布洛芬|对乙酰氨基酚|退烧药|维生素D|维D|伊可新|益生菌|妈咪爱|蒙脱石散|思密达|"
                       r"ibuprofen|motrin|advil|tylenol|paracetamol|acetaminophen|calpol|nurofen|vitamin d", re.I)
TEMPERATURE = re.compile(r"体温|发烧|烧退|几度|temperature|fever|\btemp\b", re.I)
TEMPERATURE_ASK = re.compile(r"最近|上次|最后|多少|几度|怎么样|呢|吗|还烧|latest|last|what|how|\?|？", re.I)
GROWTH = re.compile(r"多重|多沉|几斤|多少斤|多高|长多高|多长了|体重多少|体重是多少|最近.{0,3}体重|现在.{0,3}体重|体重呢|"
                    r"身高多少|身长多少|最近.{0,3}身高|身高呢|头围多少|最近.{0,3}头围|"
                    r"how (heavy|tall|long|big) is|(latest|last|current) (weight|height|length|head)|"
                    r"what does (she|he|the baby) weigh|weigh now|weight\s*[?？]|height\s*[?？]", re.I)
MEASURE_GIVEN = re.compile(r"\d+(?:\.\d+)?\s*(kg|公斤|千克|斤|克|g\b|lb|cm|厘米|公分|°|度|℃|c\b|f\b)", re.I)

DIAPER = re.compile(r"尿布|换尿|纸尿裤|尿不湿|diaper|nappy|nappies", re.I)
SOLID = re.compile(r"拉了|拉屎|拉粑粑|拉臭臭|便便|大便|粑粑|臭臭|拉几次|\bpoo|\bdirty\b|bowel", re.I)
WET = re.compile(r"尿了|尿湿|小便|尿几次|\bpee|\bwet\b", re.I)
PUMPING = re.compile(r"吸奶|吸了多少|吸出|挤奶|挤了|泵|pump", re.I)
TUMMY = re.compile(r"趴|tummy", re.I)
SLEEP = re.compile(r"睡|醒|午觉|小觉|sleep|slept|nap|asleep|woke|awake", re.I)
MEDICATION = re.compile(r"吃药|喂药|用药|药|medicine|medication|\bmeds?\b|\bdose\b", re.I)
FEEDING = re.compile(r"奶|喂|喝|吃|瓶|辅食|feed|fed\b|bottle|nurs|drink|drank|ate\b|eat", re.I)
VACCINE = re.compile(r"疫苗|打针|vaccin|shot", re.I)
DOCTOR = re.compile(r"看医生|看病|医院|doctor", re.I)
NOTE = re.compile(r"备注|笔记|\bnote", re.I)

YESTERDAY = re.compile(r"昨天|昨日|昨晚|昨夜|yesterday|last night", re.I)
DAY_BEFORE = re.compile(r"前天|day before yesterday", re.I)
WEEK = re.compile(r"这周|本周|这个星期|这星期|这礼拜|这个礼拜|this week", re.I)
DAYTIME = re.compile(r"白天|白日|daytime|during the day|in the day", re.I)
NIGHT = re.compile(r"晚上|夜里|夜间|昨晚|今晚|昨夜|夜晚|半夜|overnight|at night|last night|tonight|night", re.I)
CN_DATE = re.compile(r"(?:(\d{1,2})\s*月\s*)?(?<![\d.])(\d{1,2})\s*(?:日|号)(?![\d])")
MONTHS = ("jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec")
EN_DATE = re.compile(r"\b(jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.?\s+(\d{1,2})(?:st|nd|rd|th)?\b|"
                     r"\b(\d{1,2})(?:st|nd|rd|th)?\s+(?:of\s+)?(jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\b",
                     re.I)
