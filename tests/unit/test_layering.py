"""domain/ imports no I/O library and no outer layer; storage/ never imports bot/ or a messenger."""
import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
IO_LIBRARIES = {"sqlmodel", "sqlalchemy", "telegram", "wechatpy", "pydantic_ai", "apscheduler", "httpx",
                "aiohttp", "aiosqlite", "asyncpg", "matplotlib", "starlette", "uvicorn", "requests",
                "storage", "bot", "socket", "sqlite3"}


def imported_roots(folder: str) -> dict[str, set[str]]:
    found: dict[str, set[str]] = {}
    for path in (ROOT / folder).rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text())):
            names = [a.name for a in node.names] if isinstance(node, ast.Import) else \
                [node.module] if isinstance(node, ast.ImportFrom) and node.module and node.level == 0 else []
            for name in names:
                found.setdefault(name.split(".")[0], set()).add(str(path.relative_to(ROOT)))
    return found


def test_domain_imports_no_io_library_or_outer_layer():
    bad = {lib: files for lib, files in imported_roots("domain").items() if lib in IO_LIBRARIES}
    assert bad == {}


def test_storage_never_imports_bot_or_a_messenger():
    bad = {lib: files for lib, files in imported_roots("storage").items()
           if lib in {"bot", "telegram", "wechatpy", "pydantic_ai"}}
    assert bad == {}
