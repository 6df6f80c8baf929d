"""`fawn eval variations`: base facts a family would send, varied the way families vary them (fillers, emoji,
typos, numerals as words, a grown-up's coffee, another member talking in between …), each variant played
through the real chat service; a variant must give its base's effects or ask — never write something else.
See docs/variations.md."""
