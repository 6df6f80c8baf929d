"""The family's page on the web: a read-only page served beside the messenger webhooks."""
