"""Pure scoring engines: one module per game, plus the tournament maths (draw, standings).

Nothing under this package may import Flask, SQLModel, WTForms or WeasyPrint.
"""
