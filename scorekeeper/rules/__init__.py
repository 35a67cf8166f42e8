"""Pure scoring engines, one per game: ``mariasz``, ``mariage`` (both on ``twohand``), the
``marianna`` package and the ``marias`` package; ``registry.get_game`` finds one by name.

Nothing under this package may import Flask, SQLModel, WTForms or WeasyPrint, nor any other part
of the app (the tournament maths lives beside it in ``scorekeeper.tournament``).
"""
