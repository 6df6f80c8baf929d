"""Fawn's outer layer: messenger adapters, understanding, scheduler, config and CLI."""
