"""Tables of tournaments: organisers, players, rounds, tables, confirmations."""
