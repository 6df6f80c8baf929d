"""The layers, enforced: domain/ imports no I/O library and no outer layer; only storage/ touches
SQL; channels translate, so they import neither storage/ nor SQL nor the application's insides;
storage/ never imports bot/ or a messenger."""
import ast
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
