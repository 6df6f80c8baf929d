"""The family's chat companion (step 8 of a turn): a pydantic-ai agent with read-only tools for what is
not a record, a question or a command. It never writes; what sounds like a record is handed back to the
domain as a proposal the family confirms."""
