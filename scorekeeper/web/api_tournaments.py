"""JSON API v1 for tournaments (../shared/API.md)."""

from flask import Blueprint

bp = Blueprint("api_tournaments", __name__, url_prefix="/api/v1/tournaments")
