"""Services: load rows, call the pure rules, store. Keyword-only functions that own the commit."""
