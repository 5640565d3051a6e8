// Shared helpers for the pages; each page's own behaviour lives beside it.
"use strict";
