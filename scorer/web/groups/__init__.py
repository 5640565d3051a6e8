"""A group's pages: making it, its season, its lists, its archive."""
