"""The suite's fuzzing: every route of docs/api.md and every HTML form, sent the kinds of input
that found bugs (invalid Unicode, huge and odd numbers, empty and wrong bodies, wrong content
types, odd version numbers and etags, deal numbers past the list). The bar is no 5xx at all.

``values`` holds the hostile values, ``world`` builds what the requests address (matches of
every game, tournaments, a season, an organiser), ``api`` and ``forms`` make the requests, and
``run`` sends them and tallies the answers per surface and route. ``test_fuzz`` sends a fixed
sample of every route on each test run; ``bench/bench_fuzz.py`` (or SCOREKEEPER_FUZZ=all) sends
every case and prints the counts.
"""
