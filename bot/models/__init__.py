"""Language models by configuration: which provider, endpoint and key; what one turn may spend."""
