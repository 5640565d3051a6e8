"""The list pages: home, a new list, the list, settling up; the filters every page uses."""
