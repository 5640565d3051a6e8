"""Tournaments: a Preisschafkopf or a Sheepshead tournament, from the seat draw to the prize list.

Pure Python like the engine, and beside it: each table of each round is a
list the engine scores; this package draws the seats and ranks the
participants from the lists' totals.
"""
