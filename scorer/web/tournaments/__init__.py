"""The tournament's pages: registration and the draw, the paper sheets, the standings and print."""
