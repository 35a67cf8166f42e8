"""JSON API v1 for matches (../shared/API.md)."""

from flask import Blueprint

bp = Blueprint("api", __name__, url_prefix="/api/v1")
