"""The presets page: a group's saved house rules."""
