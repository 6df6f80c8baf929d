"""The Telegram adapter: updates in, replies out, through python-telegram-bot. No business logic."""
