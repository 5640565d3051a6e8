"""Pictures of a list, drawn on the server as SVG: the running totals, the sheep's head, the tally to ten."""
