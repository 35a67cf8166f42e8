"""Pure tournament maths: the seating draw (``draw``), standings and tie-breaks (``standings``),
the season's league table (``season``) and ratings (``ratings``).

Like ``scorekeeper.rules``, nothing here imports Flask, SQLModel, WTForms, WeasyPrint or any other
part of the app.
"""
