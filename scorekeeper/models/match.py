"""Tables of casual matches: matches, players, deal records as entered, audit trail."""
