"""Sharing a list: links and QR codes, a new edit key, export and import."""
