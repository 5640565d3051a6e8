"""The help pages: the families' games and house rules, a glossary, the complete reference."""
