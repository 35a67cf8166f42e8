"""Casual matches: start a match, enter and fix deals, see the scores (HTML)."""

from flask import Blueprint

bp = Blueprint("matches", __name__)
