"""The list settings page: rename a player, change the seating, the players or the rules."""
