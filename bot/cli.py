"""`fawn`: one console script; each subcommand lives in the module that owns it."""
from __future__ import annotations

import importlib
import sys

COMMANDS: dict[str, tuple[str, str]] = {
    "chat": ("bot.channels.console", "terminal family chat on the embedded default"),
    "scenarios": ("bot.devtools.scenarios.command", "run scenario files: fawn scenarios run PATH..."),
    "db": ("bot.devtools.db_command", "database: fawn db upgrade"),
    "run": ("bot.composition", "run the messenger bots: fawn run --config config.toml"),
    "trace": ("bot.turn.trace", "show one turn's trace: fawn trace MESSAGE_ID"),
    "bench": ("bot.devtools.bench.command", "benchmarks: fawn bench [turns|summaries]"),
    "eval": ("bot.devtools.eval_time", "time reader accuracy: fawn eval time [--json] [--cases PATH] [--verbose]"),
}


def main(argv: list[str] | None = None) -> int:
    args = list(sys.argv[1:] if argv is None else argv)
    if not args or args[0] in ("-h", "--help", "help"):
        print(usage())
        return 0
    name, rest = args[0], args[1:]
    if name not in COMMANDS:
        print(f"fawn: unknown command {name!r}\n\n{usage()}", file=sys.stderr)
        return 2
    module = importlib.import_module(COMMANDS[name][0])
    return int(module.main(rest) or 0)


def usage() -> str:
    lines = ["usage: fawn COMMAND [ARGS]", "", "commands:"]
    lines += [f"  {name:<10} {help_}" for name, (_, help_) in COMMANDS.items()]
    return "\n".join(lines)


if __name__ == "__main__":
    raise SystemExit(main())
