"""The golden corpus: the command line's output for every list document, kept to compare with."""
