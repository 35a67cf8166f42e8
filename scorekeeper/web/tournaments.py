"""Tournaments: organiser pages, draws, table result entry, live standings (HTML)."""

from flask import Blueprint

bp = Blueprint("tournaments", __name__, url_prefix="/tournaments")
