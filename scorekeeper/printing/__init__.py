"""Printing: everything that makes a printable, apart from its routes (``web/printing``).

``contexts`` turns service data into what a ``templates/print/…`` template shows; ``chart`` draws
the running-score SVG; ``pdf`` is the only WeasyPrint importer (a bounded, cached renderer);
``response`` answers a printable as HTML or as PDF.
"""
