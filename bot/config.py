"""Configuration: a TOML file, overridden by FAWN_* environment variables.

`load_config(path)` is called once, by `fawn run`; nothing is read at import time.
Secrets are `SecretStr`: they never appear in a repr or a log line.
Environment names: FAWN_TELEGRAM__TOKEN, FAWN_TELEGRAM__WEBHOOK_SECRET, FAWN_DATABASE__URL,
FAWN_WECOM__TOKEN, FAWN_WECOM__ENCODING_AES_KEY, FAWN_WECOM__SECRET, FAWN_WECHAT__BASE_URL,
FAWN_PAGE__SECRET, FAWN_UNDERSTANDING__API_KEY, FAWN_CHAT__API_KEY, …
"""
from __future__ import annotations

import re
from pathlib import Path
from typing import Literal

from pydantic import BaseModel, Field, SecretStr, model_validator
from pydantic_settings import BaseSettings, PydanticBaseSettingsSource, SettingsConfigDict, TomlConfigSettingsSource

from storage.engine import sqlite_url


class DatabaseConfig(BaseModel):
    url: str | None = None        # default: SQLite file under data_dir


class WebConfig(BaseModel):
    """The one web server `fawn run` starts when a messenger needs it (the Telegram webhook, WeCom's
    callbacks, the family page): where it listens, behind your HTTPS reverse proxy."""

    host: str = "127.0.0.1"
    port: int = 8080


class TelegramConfig(BaseModel):
    token: SecretStr | None = None
    mode: Literal["polling", "webhook"] = "polling"
    webhook_url: str | None = None          # public https URL Telegram posts to
    webhook_secret: SecretStr | None = None
    webhook_path: str = "/telegram/webhook"     # served by the one web server ([web])
    base_url: str | None = None             # only for a local Bot API server or tests
    base_file_url: str | None = None
    rate_limit_retries: int = 3

    @model_validator(mode="after")
    def webhook_needs_url_and_secret(self) -> TelegramConfig:
        if self.mode == "webhook" and self.token and not (self.webhook_url and self.webhook_secret):
            raise ValueError("telegram.mode = 'webhook' needs webhook_url and webhook_secret")
        return self


WECOM_AES_KEY_LENGTH = 43


class WeComConfig(BaseModel):
    """The WeCom (企业微信) AI bot in API mode: encrypted HTTP callbacks, or the long connection."""

    mode: Literal["callback", "websocket"] = "callback"
    token: SecretStr | None = None                 # callback mode: the Token of the bot's API settings
    encoding_aes_key: SecretStr | None = None      # callback mode: the 43-character EncodingAESKey
    callback_path: str = "/wecom/callback"         # mounted in the same web app as the Telegram webhook
    bot_id: str | None = None                      # websocket mode: the bot's BotID
    secret: SecretStr | None = None                # websocket mode: the bot's Secret
    websocket_url: str = "wss://openws.work.weixin.qq.com"
    bot_name: str | None = None                    # the bot's display name, to strip "@name" from group messages
    passive_reply_seconds: float = 3.0             # a slower turn is answered through response_url
    inbox_lease_seconds: float = 60.0              # a callback an instance is answering: others keep off it so long
    heartbeat_seconds: float = 30.0

    @property
    def long_connection(self) -> bool:
        """The long connection, when chosen — or when its BotID and Secret are set and `mode` was not: it is
        the only way WeCom lets Fawn push (callback mode answers only what members send)."""
        if "mode" in self.model_fields_set:
            return self.mode == "websocket"
        return bool(self.bot_id and self.secret)

    @property
    def configured(self) -> bool:
        if self.long_connection:
            return bool(self.bot_id and self.secret)
        return self.token is not None and self.encoding_aes_key is not None

    @model_validator(mode="after")
    def aes_key_is_43_characters(self) -> WeComConfig:
        key = self.encoding_aes_key
        if key is not None and len(key.get_secret_value()) != WECOM_AES_KEY_LENGTH:
            raise ValueError("wecom.encoding_aes_key must be the 43-character EncodingAESKey")
        return self


class WeChatConfig(BaseModel):
    """Personal WeChat one-to-one chats through the iLink bot API (log in with `fawn wechat login`)."""

    enabled: bool = False
    account: str = "default"                        # names the credentials and state files
    base_url: str = "https://ilinkai.weixin.qq.com"
    data_dir: Path | None = None                    # default: <data_dir>/wechat
    push_window_hours: float = Field(default=15.0, gt=0, le=24)   # pushes after this wait for the member to write


class PageConfig(BaseModel):
    """The family page (bot/web): read-only, served beside the webhooks; opened as a Telegram Mini App
    or through a signed link that expires (docs/around-the-chat.md)."""

    base_url: str | None = None              # the public https address it is served at, e.g. https://fawn.example.org
    secret: SecretStr | None = None          # signs the page links: FAWN_PAGE__SECRET (32+ random bytes)
    path: str = "/family"
    link_hours: float = 24.0                 # a link from /page works this long
    init_data_max_age_s: int = 3600          # a Mini App's initData older than this is refused

    @property
    def configured(self) -> bool:
        return bool(self.base_url and self.secret and self.secret.get_secret_value())


Provider = Literal["openai", "deepseek", "qwen", "ollama", "openai-compatible"]
OutputMode = Literal["tool", "native", "prompted", "auto"]   # auto: probe the server once, tool calls if it takes them


class ModelConfig(BaseModel):
    """One language model: who serves it, where, with which key, and what one turn may spend.

    `model = "rules"` (or "none") means no model. The key is better in the environment:
    FAWN_UNDERSTANDING__API_KEY / FAWN_CHAT__API_KEY, or the provider's own variable
    (OPENAI_API_KEY, DEEPSEEK_API_KEY, DASHSCOPE_API_KEY, OLLAMA_API_KEY), read by its client."""

    model: str = "rules"
    provider: Provider = "openai"
    base_url: str | None = None               # openai-compatible (and ollama): the endpoint, e.g. http://127.0.0.1:8000/v1
    api_key: SecretStr | None = None
    region: Literal["mainland", "intl"] = "mainland"    # qwen: DashScope Beijing or Singapore
    fallback: list[str] = []                  # more models tried in turn on API errors: "deepseek:deepseek-chat"
    output_mode: OutputMode = "tool"          # tool calls (every provider); native JSON schema only where supported
    timeout_s: float = 20.0                   # one request (hosted; a local CPU model needs minutes: docs/models.md)
    max_requests: int = 4                     # requests one turn may make (retries and tool calls included)
    max_tokens: int = 10000                   # input + output tokens one turn may spend (a retry included)
    max_output_tokens: int = 512              # what one answer may generate: a model that rambles is cut off
    context_tokens: int = 1200                # the recent context it is shown (newest first, older lines dropped)

    @property
    def configured(self) -> bool:
        return self.model not in ("rules", "none", "")

    @model_validator(mode="after")
    def compatible_needs_base_url(self) -> ModelConfig:
        if self.configured and self.provider == "openai-compatible" and not self.base_url:
            raise ValueError("provider = 'openai-compatible' needs base_url")
        if min(self.max_requests, self.max_tokens, self.max_output_tokens, self.timeout_s) <= 0 or \
                self.context_tokens < 0:
            raise ValueError("max_requests, max_tokens, max_output_tokens and timeout_s must be positive")
        return self


class UnderstandingConfig(ModelConfig):
    """[understanding]: the model the rules hand over to when they are not sure (a cheap one will do)."""


class ChatConfig(ModelConfig):
    """[chat]: the family's chat companion for what is not a record, question or command."""

    model: str = "none"
    max_requests: int = 6                     # an answer with a few tool calls is several requests
    max_tokens: int = 12000
    max_output_tokens: int = 400              # one answer: at most three sentences, or a tool call
    max_tool_calls: int = 4                   # tool calls one answer may make
    context_tokens: int = 1500                # the recent context it is shown (newest first, older lines dropped)


class TelemetryConfig(BaseModel):
    """OpenTelemetry traces of every model request (the `otel` extra), off unless an endpoint is set."""

    otlp_endpoint: str | None = None          # e.g. http://127.0.0.1:4318 (OTLP over HTTP)
    service_name: str = "fawn"
    include_content: bool = False             # prompts and answers hold family messages: off by default


class FawnConfig(BaseSettings):
    model_config = SettingsConfigDict(env_prefix="FAWN_", env_nested_delimiter="__",
                                      extra="ignore")

    data_dir: Path = Path("data")
    log_level: str = "INFO"
    log_format: Literal["text", "json"] = "text"     # json: one object a line, with the turn's trace id
    database: DatabaseConfig = DatabaseConfig()
    web: WebConfig = WebConfig()
    telegram: TelegramConfig = TelegramConfig()
    understanding: UnderstandingConfig = UnderstandingConfig()
    chat: ChatConfig = ChatConfig()
    telemetry: TelemetryConfig = TelemetryConfig()
    wecom: WeComConfig = WeComConfig()
    wechat: WeChatConfig = WeChatConfig()
    page: PageConfig = PageConfig()

    @classmethod
    def settings_customise_sources(cls, settings_cls: type[BaseSettings],
                                   init_settings: PydanticBaseSettingsSource,
                                   env_settings: PydanticBaseSettingsSource,
                                   dotenv_settings: PydanticBaseSettingsSource,
                                   file_secret_settings: PydanticBaseSettingsSource,
                                   ) -> tuple[PydanticBaseSettingsSource, ...]:
        return (init_settings, env_settings, TomlConfigSettingsSource(settings_cls))

    def secrets(self) -> list[str]:
        """Every secret this configuration holds, for the logs to redact."""
        found = [self.telegram.token, self.telegram.webhook_secret, self.understanding.api_key, self.chat.api_key,
                 self.wecom.token, self.wecom.encoding_aes_key, self.wecom.secret, self.page.secret]
        url = self.database.url or ""
        password = re.search(r"://[^:/@]+:([^@]+)@", url)
        return [s.get_secret_value() for s in found if s is not None] + ([password.group(1)] if password else [])

    @property
    def database_url(self) -> str:
        return self.database.url or sqlite_url(self.data_dir / "fawn.db")

    @property
    def photos_dir(self) -> Path:
        return self.data_dir / "photos"

    @property
    def wechat_dir(self) -> Path:
        """Where `fawn wechat login` keeps the iLink credentials and the poller its cursor (mode 0600)."""
        return self.wechat.data_dir or self.data_dir / "wechat"


def load_config(path: Path | str | None) -> FawnConfig:
    """The configuration from `path` (may be None: environment only)."""
    if path is not None and not Path(path).is_file():
        raise FileNotFoundError(f"config file not found: {path}")
    toml_file = Path(path) if path is not None else None
    from_file = type("FawnConfigFromFile", (FawnConfig,),
                     {"model_config": {**FawnConfig.model_config, "toml_file": toml_file}})
    return from_file()
