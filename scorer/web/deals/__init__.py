"""The deal pages: enter, preview, edit, delete and undo a deal."""
