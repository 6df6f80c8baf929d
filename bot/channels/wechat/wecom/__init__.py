"""The WeCom (企业微信) AI bot in API mode: one channel, two transports (callback, long connection)."""
