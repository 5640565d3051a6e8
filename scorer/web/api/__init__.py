"""The JSON API: the list file over HTTP."""
