"""Configuration: a TOML file, overridden by FAWN_* environment variables.

`load_config(path)` is called once, by `fawn run`; nothing is read at import time.
Secrets are `SecretStr`: they never appear in a repr or a log line.
Environment names: FAWN_TELEGRAM__TOKEN, FAWN_TELEGRAM__WEBHOOK_SECRET, FAWN_DATABASE__URL, …
"""
from __future__ import annotations

from pathlib import Path
from typing import Literal

from pydantic import BaseModel, SecretStr, model_validator
from pydantic_settings import BaseSettings, PydanticBaseSettingsSource, SettingsConfigDict, TomlConfigSettingsSource

from storage.engine import sqlite_url


class DatabaseConfig(BaseModel):
    url: str | None = None        # default: SQLite file under data_dir


class ListenConfig(BaseModel):
    host: str = "127.0.0.1"
    port: int = 8080


class TelegramConfig(BaseModel):
    token: SecretStr | None = None
    mode: Literal["polling", "webhook"] = "polling"
    webhook_url: str | None = None          # public https URL Telegram posts to
    webhook_secret: SecretStr | None = None
    webhook_path: str = "/telegram/webhook"
    listen: ListenConfig = ListenConfig()
    base_url: str | None = None             # only for a local Bot API server or tests
    base_file_url: str | None = None
    rate_limit_retries: int = 3

    @model_validator(mode="after")
    def webhook_needs_url_and_secret(self) -> TelegramConfig:
        if self.mode == "webhook" and self.token and not (self.webhook_url and self.webhook_secret):
            raise ValueError("telegram.mode = 'webhook' needs webhook_url and webhook_secret")
        return self


class UnderstandingConfig(BaseModel):
    model: str = "rules"                      # "rules" (offline) or an OpenAI-compatible chat model name
    base_url: str | None = None               # e.g. http://127.0.0.1:8000/v1 for a local server
    api_key: SecretStr | None = None          # better: FAWN_UNDERSTANDING__API_KEY


class FawnConfig(BaseSettings):
    model_config = SettingsConfigDict(env_prefix="FAWN_", env_nested_delimiter="__",
                                      extra="ignore")

    data_dir: Path = Path("data")
    log_level: str = "INFO"
    database: DatabaseConfig = DatabaseConfig()
    telegram: TelegramConfig = TelegramConfig()
    understanding: UnderstandingConfig = UnderstandingConfig()

    @classmethod
    def settings_customise_sources(cls, settings_cls: type[BaseSettings],
                                   init_settings: PydanticBaseSettingsSource,
                                   env_settings: PydanticBaseSettingsSource,
                                   dotenv_settings: PydanticBaseSettingsSource,
                                   file_secret_settings: PydanticBaseSettingsSource,
                                   ) -> tuple[PydanticBaseSettingsSource, ...]:
        return (init_settings, env_settings, TomlConfigSettingsSource(settings_cls))

    @property
    def database_url(self) -> str:
        return self.database.url or sqlite_url(self.data_dir / "fawn.db")

    @property
    def photos_dir(self) -> Path:
        return self.data_dir / "photos"


def load_config(path: Path | str | None) -> FawnConfig:
    """The configuration from `path` (may be None: environment only)."""
    if path is not None and not Path(path).is_file():
        raise FileNotFoundError(f"config file not found: {path}")
    toml_file = Path(path) if path is not None else None
    from_file = type("FawnConfigFromFile", (FawnConfig,),
                     {"model_config": {**FawnConfig.model_config, "toml_file": toml_file}})
    return from_file()
