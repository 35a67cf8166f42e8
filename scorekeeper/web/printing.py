"""Printable pages: the same data as HTML with print CSS and as PDF through scorekeeper.pdf."""

from flask import Blueprint

bp = Blueprint("printing", __name__)
