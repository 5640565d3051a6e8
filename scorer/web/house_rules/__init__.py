"""The saved house rules page: the house rules this phone saved (a group's are on the group's page)."""
