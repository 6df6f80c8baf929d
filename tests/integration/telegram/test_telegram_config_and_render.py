"""Configuration sources and keyboard rendering limits."""
from __future__ import annotations

import logging

import pytest

from bot.channels.telegram.render import CallbackDataTooLong, keyboard
from bot.config import load_config
from bot.protocol import OutgoingButton


def test_the_environment_overrides_the_file_and_secrets_stay_hidden(tmp_path, monkeypatch, caplog):
    path = tmp_path / "config.toml"
    path.write_text('[telegram]\ntoken = "file-token"\nmode = "webhook"\n'
                    'webhook_url = "https://x.test/hook"\nwebhook_secret = "file-secret"\n'
                    '[web]\nport = 9000\n')
    monkeypatch.setenv("FAWN_TELEGRAM__TOKEN", "env-token")
    monkeypatch.setenv("FAWN_WEB__HOST", "0.0.0.0")
    config = load_config(path)
    logging.getLogger("t").warning("config %s", config)
    assert config.telegram.token.get_secret_value() == "env-token"
    assert (config.web.host, config.web.port) == ("0.0.0.0", 9000)
    assert "env-token" not in caplog.text and "file-secret" not in caplog.text
    assert config.database_url.endswith("data/fawn.db")


def test_a_webhook_without_a_secret_is_refused(tmp_path):
    path = tmp_path / "config.toml"
    path.write_text('[telegram]\ntoken = "t"\nmode = "webhook"\nwebhook_url = "https://x.test/hook"\n')
    with pytest.raises(ValueError, match="webhook_secret"):
        load_config(path)


def test_callback_data_over_64_bytes_is_never_sent():
    with pytest.raises(CallbackDataTooLong):
        keyboard((OutgoingButton(action="confirm", label="确认", token="确" * 22),))
    markup = keyboard((OutgoingButton("confirm", "确认", "t1.1.confirm"),
                       OutgoingButton("cancel", "取消", "t1.1.cancel")))
    assert [[b.callback_data for b in row] for row in markup.inline_keyboard] == [["t1.1.confirm", "t1.1.cancel"]]
