"""`fawn wechat login`: connect personal WeChat (iLink) by scanning a QR code.

The credentials go to `<[wechat] data_dir>/<account>.credentials.json` (mode 0600).
"""
from __future__ import annotations

import argparse
import asyncio
import sys

from bot.channels.wechat.ilink.api import ILinkApi
from bot.channels.wechat.ilink.login import LoginFailed, login
from bot.channels.wechat.ilink.store import credentials_path
from bot.config import load_config


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="fawn wechat", description="personal WeChat (iLink)")
    commands = parser.add_subparsers(dest="command", required=True)
    log_in = commands.add_parser("login", help="scan a QR code with WeChat; stores the credentials")
    log_in.add_argument("--config", default=None, help="path to config.toml (env FAWN_* overrides)")
    log_in.add_argument("--account", default=None, help="account name (default: [wechat] account)")
    log_in.add_argument("--base-url", default=None, help="iLink API base URL (default: [wechat] base_url)")
    args = parser.parse_args(argv)
    try:
        config = load_config(args.config)
    except (FileNotFoundError, ValueError) as problem:
        print(f"fawn wechat: {problem}", file=sys.stderr)
        return 2
    target = credentials_path(config.wechat_dir, args.account or config.wechat.account)
    return asyncio.run(_login(args.base_url or config.wechat.base_url, target))


async def _login(base_url: str, target) -> int:
    api = ILinkApi(base_url)
    try:
        await login(api, target)
    except LoginFailed as failed:
        print(f"fawn wechat login: {failed}", file=sys.stderr)
        return 1
    finally:
        await api.aclose()
    return 0
