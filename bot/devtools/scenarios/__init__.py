"""Scenario files: YAML conversations run through the real `ChatService` (`fawn scenarios run`)."""
