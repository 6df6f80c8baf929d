"""The layers, enforced: domain/ imports no I/O library and no outer layer; only storage/ touches
SQL; channels translate, so they import neither storage/ nor SQL nor the application's insides;
storage/ never imports bot/ or a messenger."""
import ast
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
IO_LIBRARIES = {"sqlmodel", "sqlalchemy", "telegram", "wechatpy", "pydantic_ai", "apscheduler", "httpx",
                "aiohttp", "aiosqlite", "asyncpg", "matplotlib", "starlette", "uvicorn", "requests",
                "storage", "bot", "socket", "sqlite3", "websockets", "alembic", "psycopg"}
SQL = {"sqlalchemy", "sqlmodel", "aiosqlite", "asyncpg", "sqlite3", "psycopg", "alembic"}
# What a channel may import of ours: the protocol, the clock, and the pure domain's words.
CHANNEL_MAY_USE = ("bot.protocol", "bot.clock", "bot.channels", "domain")


def imports(folder: str) -> dict[str, set[str]]:
    """Every absolute module a folder imports → the files importing it."""
    found: dict[str, set[str]] = {}
    for path in (ROOT / folder).rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text())):
            names = [a.name for a in node.names] if isinstance(node, ast.Import) else \
                [node.module] if isinstance(node, ast.ImportFrom) and node.module and node.level == 0 else []
            for name in names:
                found.setdefault(name, set()).add(str(path.relative_to(ROOT)))
    return found


def roots(folder: str) -> dict[str, set[str]]:
    found: dict[str, set[str]] = {}
    for module, files in imports(folder).items():
        found.setdefault(module.split(".")[0], set()).update(files)
    return found


def test_domain_imports_no_io_library_or_outer_layer():
    bad = {lib: files for lib, files in roots("domain").items() if lib in IO_LIBRARIES}
    assert bad == {}


def test_only_storage_touches_sql():
    bad = {lib: files for lib, files in roots("bot").items() if lib in SQL}
    assert bad == {}


def test_storage_never_imports_bot_or_a_messenger():
    bad = {lib: files for lib, files in roots("storage").items()
           if lib in {"bot", "telegram", "wechatpy", "pydantic_ai", "httpx", "starlette"}}
    assert bad == {}


def test_channels_import_only_the_protocol_and_the_domains_words():
    ours = {m: files for m, files in imports("bot/channels").items() if m.split(".")[0] in {"bot", "domain", "storage"}}
    bad = {m: files for m, files in ours.items() if not m.startswith(CHANNEL_MAY_USE)}
    assert bad == {}


def test_channels_import_no_sql_library():
    bad = {lib: files for lib, files in roots("bot/channels").items() if lib in SQL}
    assert bad == {}


# Texts a family sees live in the catalogues. Chinese may appear elsewhere only as patterns the bot
# reads (not says), or as sample inputs; docstrings and comments are documentation and are not scanned.
CHINESE_MAY_APPEAR_IN = {
    "domain/replies/catalog": "the catalogues: every text the family sees",
    "bot/understanding": "the rule parser's word lists are Chinese patterns",
    "bot/channels/console_setup.py": "the terminal set-up's answers it reads (女孩, 3月1日, 斤): a parser's word list",
    "domain/summary/time.py": "reads the summary time from Chinese words (a parser's word list)",
    "domain/babies.py": "the birth-order names (大宝, 二宝) a message may use for a baby",
    "domain/extraction.py": "field descriptions that tell the model what Chinese phrases mean",
    "bot/devtools/bench": "sample family messages and records that the benchmarks replay",
    "bot/devtools/variations": "what families say and put around a fact, that the variation suite sends",
}
CJK = re.compile("[\u2e80-\u9fff\uf900-\ufaff\ufe30-\ufe4f\uff00-\uffef\u3000-\u303f]")


def _docstrings(tree: ast.AST) -> set[int]:
    owners = (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)
    return {id(node.body[0].value) for node in ast.walk(tree) if isinstance(node, owners) and node.body
            and isinstance(node.body[0], ast.Expr) and isinstance(node.body[0].value, ast.Constant)}


def chinese_string_literals(folder: str) -> dict[str, list[str]]:
    found: dict[str, list[str]] = {}
    for path in sorted((ROOT / folder).rglob("*.py")):
        name = str(path.relative_to(ROOT))
        if any(name == allowed or name.startswith(allowed + "/") for allowed in CHINESE_MAY_APPEAR_IN):
            continue
        tree = ast.parse(path.read_text())
        docs = _docstrings(tree)
        texts = [node.value for node in ast.walk(tree) if isinstance(node, ast.Constant)
                 and isinstance(node.value, str) and id(node) not in docs and CJK.search(node.value)]
        if texts:
            found[name] = texts
    return found


def test_no_chinese_text_outside_the_catalogues_and_the_parser():
    assert chinese_string_literals("domain") == {} and chinese_string_literals("bot") == {}


def test_no_code_asks_which_language_it_writes():
    """No `lang is Language.ZH` / `language == "en"`: texts are looked up in the family's catalogue."""
    asked = {}
    for path in [*(ROOT / "domain").rglob("*.py"), *(ROOT / "bot").rglob("*.py")]:
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.Compare) and any(_names_a_language(n) for n in (node.left, *node.comparators)):
                asked.setdefault(str(path.relative_to(ROOT)), []).append(node.lineno)
    assert asked == {}


def _names_a_language(node: ast.expr) -> bool:
    if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and node.value.id in ("Language", "L"):
        return True
    return isinstance(node, ast.Constant) and node.value in ("zh", "en")
